"""Play one bot game and describe what happened in it.

A game's seeds come from the run's seed and the game's index alone, and seats rotate with
the index (game i seats bot ``(i + s) mod n`` at seat s), so a run gives the same results
whichever way its games are split over processes.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast

import geodeck
from geodeck.bots import make_bot
from geodeck.core.family import Family, family_of
from geodeck.core.wire import WireAction


@dataclass(frozen=True, slots=True)
class Spec:
    """What to simulate: one game kind, the bots (one per seat), a base seed."""

    game: str
    variant: str | None
    bots: tuple[str, ...]
    seed: int
    deck: Mapping[str, Mapping[str, object]] | None = None
    options: Mapping[str, object] | None = None


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
    # when it was placed, which is what a challenge against that neighbour would show);
    # the card's id until the family's ``describe`` names it
    placements: list[tuple[str, int, bool]] = field(default_factory=list)
    # Undercover, per round: (discovered, questions asked when the round ended)
    rounds: list[tuple[bool, int]] = field(default_factory=list)


class SimulateFront(Protocol):
    """What a family's simulate module (its ``simulate`` front) gives."""

    def describe(self, game: object, result: Result) -> None:
        """Add what the family counts of a finished ``game`` to its ``result``."""

    def summarise(self, spec: Spec, results: Sequence[Result]) -> Mapping[str, object]:
        """The family's own keys of a run's summary (``geodeck.simulate.stats``)."""

    def plot(self, axes: object, summary: Mapping[str, object], bars: object) -> None:
        """Draw the family's two lower panels of the run's picture on ``axes``."""


def front(game: str) -> SimulateFront:
    return cast(SimulateFront, family_of(game).front("simulate"))


def derive(seed: int, *parts: object) -> int:
    return zlib.crc32(":".join(str(p) for p in (seed, *parts)).encode())


def play(spec: Spec, index: int) -> Result:
    """Play game ``index`` of a run to the end."""
    n = len(spec.bots)
    seat_bot = [(index + s) % n for s in range(n)]
    names = [f"{spec.bots[b]}#{b + 1}" for b in seat_bot]
    options = dict(spec.options or {})
    family = family_of(spec.game)
    if family.computers is not None:
        options[family.computers] = list(range(n))  # every seat is a bot (docs/rules.md)
    game = geodeck.new_game(
        spec.game,
        names,
        variant=spec.variant,
        seed=derive(spec.seed, "game", index),
        options=options,
        deck=spec.deck,
    )
    atlas = spec.deck if spec.deck is not None else family.atlas(game.to_record())
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
        _judge(family, game, action, seat, seat_bot, placements)
    outcome = game.outcome()
    assert outcome is not None
    result = Result(index, seat_bot, list(outcome.scores), list(outcome.winners), actions)
    result.placements = placements
    front(spec.game).describe(game, result)
    return result


def _judge(
    family: Family,
    game: geodeck.Game,
    action: WireAction,
    seat: int,
    seat_bot: list[int],
    placements: list[tuple[str, int, bool]],
) -> None:
    """A placement just made, judged (``Family.judge``), added to ``placements``: for the
    analysis only; the bots never see it."""
    if family.judge is not None:
        judged = family.judge(game, action, seat)
        if judged is not None:
            placements.append((judged[1], seat_bot[seat], not judged[2]))


def play_many(spec: Spec, indexes: Sequence[int]) -> list[Result]:
    return [play(spec, i) for i in indexes]
