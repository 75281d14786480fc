"""Play one bot game and describe what happened in it.

A game's seeds come from the run's seed and the game's index alone, and seats rotate with
the index (game i seats bot ``(i + s) mod n`` at seat s), so a run gives the same results
whichever way its games are split over processes.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import geodeck
from geodeck.bots import make_bot
from geodeck.cross.actions import Place
from geodeck.cross.events import Challenged, Checked, Judged, Paid, Placed, Scoring
from geodeck.undercover.events import RoundEnded


@dataclass(frozen=True, slots=True)
class Spec:
    """What to simulate: one game kind, the bots (one per seat), a base seed."""

    game: str
    variant: str | None
    bots: tuple[str, ...]
    seed: int
    deck: Mapping[str, Any] | None = None
    options: Mapping[str, Any] | None = None


@dataclass(slots=True)
class Result:
    """One finished game, seen from the bots (``bot`` indexes ``Spec.bots``)."""

    index: int
    seat_bot: list[int]
    scores: list[int]
    winners: list[int]
    actions: int
    # per interim scoring: (wrong cards, chips each seat won by guessing)
    scorings: list[tuple[int, list[int]]] = field(default_factory=list)
    # per challenge: (challenger's bot, succeeded)
    challenges: list[tuple[int, bool]] = field(default_factory=list)
    # per placed card: (card name, placing bot, wrong: out of order against a neighbour
    # when it was placed, which is what a challenge against that neighbour would show)
    placements: list[tuple[str, int, bool]] = field(default_factory=list)
    # Undercover, per round: (discovered, questions asked when the round ended)
    rounds: list[tuple[bool, int]] = field(default_factory=list)


def derive(seed: int, *parts: object) -> int:
    return zlib.crc32(":".join(str(p) for p in (seed, *parts)).encode())


def play(spec: Spec, index: int) -> Result:
    """Play game ``index`` of a run to the end."""
    n = len(spec.bots)
    seat_bot = [(index + s) % n for s in range(n)]
    names = [f"{spec.bots[b]}#{b + 1}" for b in seat_bot]
    options = dict(spec.options or {})
    if spec.game == "undercover":
        options["computers"] = list(range(n))  # every seat is a bot (docs/rules.md)
    game = geodeck.new_game(
        spec.game,
        names,
        variant=spec.variant,
        seed=derive(spec.seed, "game", index),
        options=options,
        deck=spec.deck,
    )
    atlas = _atlas(spec, game)
    bots = [
        make_bot(spec.bots[b], derive(spec.seed, "bot", index, s), game=spec.game, atlas=atlas)
        for s, b in enumerate(seat_bot)
    ]
    actions = 0
    placements: list[tuple[str, int, bool]] = []
    while True:
        seats, _ = game.expects()
        if not seats:
            break
        seat = seats[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        game.apply(action)
        actions += 1
        if isinstance(action, Place):
            placements.append(_placement(game, action, seat_bot[seat]))
    outcome = game.outcome()
    assert outcome is not None
    result = Result(index, seat_bot, list(outcome.scores), list(outcome.winners), actions)
    if spec.game == "undercover":
        result.rounds = [(e.discovered, e.asked) for e in game.history if isinstance(e, RoundEnded)]
    else:
        result.placements = placements
        _describe_cross(game, result)
    return result


def _atlas(spec: Spec, game: Any) -> Mapping[str, Any] | None:
    """What the bots know the world from: the deck the game was dealt from."""
    if spec.deck is not None:
        return spec.deck
    record = game.to_record()
    if spec.game == "undercover":
        return {"countries": record["countries"], "questions": record["questions"]}
    cards: Mapping[str, Any] = record["cards"]
    return cards


def _placement(game: Any, action: Place, bot: int) -> tuple[str, int, bool]:
    """The card just placed, who placed it, and whether it is out of order against either
    neighbour, read off the engine's table right after the move (for the analysis only;
    the bots never see it)."""
    table = game.table
    ids = table.lines[action.line]
    at = action.at
    right = all(
        table.right_order(action.line, at, other)
        for other in (at - 1, at + 1)
        if 0 <= other < len(ids)
    )
    return (game.cards[ids[at]].name, bot, not right)


def _describe_cross(game: Any, result: Result) -> None:
    seat_bot = result.seat_bot
    challenger = -1
    guess_chips: list[int] | None = None
    wrong = 0
    for event in game.history:
        if isinstance(event, Placed):
            guess_chips = None
        elif isinstance(event, Challenged):
            challenger = event.seat
        elif isinstance(event, Judged):
            result.challenges.append((seat_bot[challenger], not event.right))
        elif isinstance(event, Scoring):
            guess_chips = None
        elif isinstance(event, Checked):
            wrong = event.wrong
            guess_chips = [0] * len(seat_bot)
            result.scorings.append((wrong, guess_chips))
        elif (
            isinstance(event, Paid)
            and guess_chips is not None
            and event.payer is None
            and event.receiver is not None
        ):
            guess_chips[event.receiver] += event.amount


def play_many(spec: Spec, indexes: Sequence[int]) -> list[Result]:
    return [play(spec, i) for i in indexes]
