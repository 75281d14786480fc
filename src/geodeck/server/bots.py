"""Server-side computer players: bot seats, stand-ins and the clock's default move.

A bot is given its seat's view and legal actions, never the game itself. Its choice is
returned as an action and goes through the same path as a client's (``Room.submit``).
``RoomBots`` plays a table's bot seats and stand-ins, one move at a time, after a delay.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from geodeck.bots import LEVELS, Bot, make_bot
from geodeck.bots.base import own_secret
from geodeck.core.errors import GeodeckError
from geodeck.core.family import families
from geodeck.core.wire import WireAction
from geodeck.server.dealing import bot_rng_seed, salt_rng
from geodeck.server.part import RoomPart
from geodeck.server.protocol import PLAYING, Refusal

if TYPE_CHECKING:
    from geodeck.server.room import Room

log = logging.getLogger("geodeck.server")

Action = TypeVar("Action", bound=WireAction)

PREFERRED_DEFAULTS = ("accept", "pass")
"""Acts a timed-out seat plays when one is legal, in this order (docs/protocol.md)."""


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise GeodeckError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    return level


def atlas_of(head: Mapping[str, object]) -> dict[str, Mapping[str, object]] | None:
    """The reference data a bot knows the table's deck from, taken from the record's head:
    the card data in the cross family, the countries and questions in Undercover."""
    cards = head.get("cards")
    if isinstance(cards, Mapping):
        return dict(cards)
    countries, questions = head.get("countries"), head.get("questions")
    if isinstance(countries, Mapping) and isinstance(questions, Mapping):
        return {"countries": countries, "questions": questions}
    return None


def build_bot(
    level: str,
    secret: bytes,
    seat: int,
    game: str,
    purpose: str = "seat",
    *,
    atlas: Mapping[str, Mapping[str, object]] | None = None,
    difficulty: Mapping[str, float] | None = None,
) -> Bot:
    """A bot of ``level`` for one seat of a table, knowing the table's deck from ``atlas``;
    a random bot if there is no such bot for this game. Its random numbers come from the
    table's ``secret`` (``dealing.py``), so nothing public predicts its choices."""
    seed = bot_rng_seed(secret, seat, purpose)
    try:
        return make_bot(level, seed, game=game, atlas=atlas, difficulty=difficulty)
    except GeodeckError as err:
        log.warning("no %s bot for %s (%s); a random bot plays seat %d", level, game, err, seat)
        return make_bot("random", seed, game=game)


def quick(bot: Bot) -> bool:
    """Whether the bot chooses so fast that it need not leave the event loop."""
    return bot.level == "random"


def choose(
    bot: Bot, view: Mapping[str, object], legal: Sequence[object], rng: random.Random
) -> Any:
    """The bot's choice among ``legal``; the first legal action if the bot fails. A hide
    the bot left unsalted gets its salt from ``rng``, the server's secret numbers."""
    try:
        choice = bot.choose(view, legal)
    except Exception:
        log.exception("a %s bot failed to choose; playing the first legal action", bot.level)
        choice = legal[0]
    if listed(choice) not in legal:
        log.warning("a %s bot chose %r, which is not legal", bot.level, choice)
        choice = legal[0]
    return own_secret(choice, rng)


def listed(action: object) -> Any:
    """``action`` as ``legal_actions`` lists it: a hide without its salt."""
    for family in families():
        action = family.listed(action)
    return action


def preferred_default(legal: Sequence[Action]) -> Action | None:
    """The legal ``accept`` (else ``pass``) action, if there is one."""
    by_act: dict[str, Action] = {}
    for action in legal:
        act = action.to_wire().get("act")
        if isinstance(act, str):
            by_act.setdefault(act, action)
    for act in PREFERRED_DEFAULTS:
        if act in by_act:
            return by_act[act]
    return None


class RoomBots(RoomPart):
    """The bots of one table: one per seat and purpose (a bot seat, a stand-in for an
    absent player, the clock's move for a seat out of time), made when first needed."""

    def __init__(self, room: Room) -> None:
        super().__init__(room)
        self._bots: dict[tuple[int, str], Bot] = {}
        self._task: asyncio.Task[None] | None = None

    def controlled(self, seat: int) -> bool:
        """Whether a bot plays the seat: a bot seat, or a stand-in for its player."""
        state = self.room.seats[seat]
        return state.bot is not None or state.standin

    def bot_for(self, seat: int, level: str, purpose: str) -> Bot:
        key = (seat, purpose)
        bot = self._bots.get(key)
        room = self.room
        if bot is None or bot.level != level:
            rater = getattr(room.lobby, "rater", None)
            bot = build_bot(
                level,
                room.secret,
                seat,
                room.game.game,
                purpose,
                atlas=atlas_of(room.head),
                difficulty=None if rater is None else rater.difficulty(room.game.game),
            )
            self._bots[key] = bot
        return bot

    def seat_bot(self, seat: int) -> Bot:
        state = self.room.seats[seat]
        if state.bot is not None:
            return self.bot_for(seat, state.bot, "seat")
        return self.bot_for(seat, self.room.lobby.settings.standin_level, "standin")

    def schedule(self) -> None:
        """Play the awaited seat's move after the bot delay, if a bot plays it (and the
        move scheduled before, if any, is no longer wanted)."""
        room = self.room
        current = asyncio.current_task()
        if self._task is not None and self._task is not current:
            self._task.cancel()
        self._task = None
        if room.closed or room.status != PLAYING or room.paused:
            return
        if any(self.controlled(s) for s in room.game.expects().seats):
            self._task = room.spawn(self._move(room.game.version))

    async def _move(self, version: int) -> None:
        room = self.room
        await asyncio.sleep(room.lobby.settings.bot_delay)
        async with room.lock:
            game = room.game
            if version != game.version or room.status != PLAYING or room.paused:
                return
            seats = [s for s in game.expects().seats if self.controlled(s)]
            if not seats:
                return
            seat = seats[0]
            view = game.view(seat)
            legal = game.legal_actions(seat)
            bot = self.seat_bot(seat)
        if not legal:
            return
        salts = salt_rng(room.secret, version)
        if quick(bot):
            action = choose(bot, view, legal, salts)
        else:
            action = await asyncio.to_thread(choose, bot, view, legal, salts)
        async with room.lock:
            if not self.controlled(seat):
                return
            try:
                await room.submit(seat, version, action.to_wire())
            except Refusal as refusal:
                log.debug("table %s: bot move refused: %s", room.code, refusal.code)
                if self._task is asyncio.current_task():
                    self.schedule()
