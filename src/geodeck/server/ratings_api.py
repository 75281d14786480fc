"""The ratings at a server (docs/ratings.md, docs/protocol.md): who a player key is, the
best players of a family, the cards' difficulty, and the one update after a table's end.

``Rater`` runs the update when a table's last action is stored, and again (it does
nothing then) when a finished table is restored, so that a process that stopped between
the two still rates it: ``geodeck_rated`` lets only one process write a table's update.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Mapping
from typing import TYPE_CHECKING

from fastapi import FastAPI, Request

from geodeck.core.family import places_cards
from geodeck.ratings import bot_ratings, rating_families
from geodeck.server import cards, players
from geodeck.server.bodies import refusals
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import MissLimiter, guarded
from geodeck.server.protocol import FINISHED, RatingChange, Refusal, TableInfo
from geodeck.server.standing import Rule

if TYPE_CHECKING:
    from geodeck.server.lobby import Lobby

log = logging.getLogger("geodeck.server")

CARD_BATCH_EVERY = 1.0
"""Seconds from the start of one batch of cards' ratings to the start of the next at the
soonest (``Rater._card_batches``): a table rated a while after the last batch is taken at
once, one rated sooner waits with the others rated meanwhile."""


class Rater:
    """Rates each finished table once, off the event loop."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.rule = Rule.of(lobby.settings)
        """When a player is established (docs/ratings.md, Standing)."""
        self.tasks: set[asyncio.Task[None]] = set()
        self.difficulties: dict[str, dict[str, float]] = {}
        """Per game, the cards' rated difficulty as the server's novice and casual bots
        know them (``make_bot(difficulty=...)``), read from storage when a table of the
        game is made and after each of its tables is rated."""
        self._cards: list[tuple[str, cards.Played | None]] = []
        """Rated tables whose placements the cards' ratings still await."""
        self._carding = False
        """Whether ``_card_batches`` is under way."""
        self._next_batch = 0.0
        """The event loop's time before which no batch starts (``CARD_BATCH_EVERY``)."""

    def difficulty(self, game: str) -> dict[str, float] | None:
        return self.difficulties.get(game)

    async def know(self, game: str) -> None:
        """Read ``game``'s card difficulties from storage, once (a cross-family game)."""
        if game in self.difficulties or not places_cards(game):
            return
        try:
            self.difficulties[game] = await self.lobby.run(
                cards.difficulties_of, self.lobby.storage, game
            )
        except Exception:
            log.exception("the card ratings of %s could not be read", game)

    def finished(self, code: str, played: cards.Played | None = None) -> None:
        """Rate table ``code``, whose last action is stored; ``played``: its placements as
        its room judged them (else they come from its stored record)."""
        self._track(self._rate(code, played))

    def _track(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _rate(self, code: str, played: cards.Played | None) -> None:
        try:
            changes = await self.lobby.run(players.rate_table, self.lobby.storage, code, self.rule)
        except Exception:
            log.exception("table %s: its ratings could not be updated", code)
            return
        if changes is not None:
            self._cards.append((code, played))
            if not self._carding:
                self._carding = True
                self._track(self._card_batches())

    async def _card_batches(self) -> None:
        """The cards' ratings of the tables rated meanwhile, one batch after another: one
        worker at a time reads, updates and writes a game's card ratings for every table
        of the batch, so that tables ending together neither read and write the ratings
        once each nor, writing at once, send each other round again (``cards.refresh``).
        A batch starts ``CARD_BATCH_EVERY`` after the last one began at the soonest, so
        that a busy server pays a batch's own cost (reading, parsing and writing the
        ratings) once a second, not once for every few tables."""
        storage = self.lobby.storage
        loop = asyncio.get_running_loop()
        try:
            while self._cards:
                wait = self._next_batch - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                self._next_batch = loop.time() + CARD_BATCH_EVERY
                batch, self._cards = self._cards, []
                judged = [played for _, played in batch if played is not None]
                try:
                    if judged:
                        found = await self.lobby.run(cards.ingest_played, storage, judged)
                        self.difficulties.update(found)
                    for code, played in batch:
                        if played is None:
                            done = await self.lobby.run(cards.ingest_table, storage, code)
                            if done is not None:
                                self.difficulties[done[0]] = done[1]
                except Exception:
                    codes = ", ".join(code for code, _ in batch)
                    log.exception("tables %s: their cards' ratings could not be updated", codes)
        finally:
            self._carding = False

    async def settle(self) -> None:
        """Wait for the updates under way (a test, the server's close)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def close(self) -> None:
        await self.settle()


def bot_levels() -> dict[str, dict[str, int]]:
    """Per family, each calibrated bot level's displayed rating."""
    games = rating_families()
    return {
        fam: {level: r.shown() for level, r in bot_ratings(game).items()}
        for fam, game in sorted(games.items())
    }


async def rated(lobby: Lobby, info: TableInfo) -> TableInfo:
    """A finished table's info with each seat's rating change, once it is rated."""
    if info.status != FINISHED:
        return info
    changes = await lobby.run(players.changes_of, lobby.storage, info.code)
    if changes is None:
        return info
    seats = [None if c is None else RatingChange(**c) for c in changes]
    return info.model_copy(update={"ratings": seats})


def register(app: FastAPI, lobby: Lobby, limiter: MissLimiter) -> None:
    """Add the endpoints to ``app``."""
    storage = lobby.storage
    rule = lobby.rater.rule
    missing = refusals(400, 404)

    @app.get("/api/players/me", responses=missing, dependencies=[guarded(limiter)])
    async def player_me(request: Request) -> Mapping[str, object]:
        digest = players.key_hash(request.headers.get(players.HEADER))
        found = await lobby.run(players.me, storage, digest, rule)
        return found or {"nickname": None, "board_nickname": None, "ratings": {}}

    @app.get("/api/ratings/{fam}", responses=missing)
    async def top_players(fam: str) -> dict[str, object]:
        if fam not in rating_families():
            known = " and ".join(rating_families())
            raise Refusal(ErrorCode.RATINGS_UNKNOWN, f"the rating families are {known}")
        best = await lobby.run(players.top, storage, fam, rule)
        return {"family": fam, "established": rule.to_json(), "players": best}

    @app.get("/api/cards/{game}/ratings", responses=missing)
    async def card_ratings(game: str) -> dict[str, object]:
        if not places_cards(game):
            raise Refusal(ErrorCode.RATINGS_UNKNOWN, f"no card ratings for {game[:32]!r}")
        await lobby.run(cards.refresh, storage, game)  # the practice answers since the last
        return await lobby.run(cards.state_of, storage, game)
