"""Undercover test helpers: the mini deck, explicit setups, playing through the public API.

A scenario is a ``geodeck/1`` record built from ``tests/fixtures/undercover-mini.json``
with an explicit layout and question pile, so each rule test knows exactly which
country lies out and which question comes next. ``play`` checks after every action that
the stones are conserved (B2.4).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from geodeck import Answer, Game, Name, Pass, Stone, UndercoverGame, new_game
from geodeck.bots.base import own_secret
from geodeck.cli.summary import summary_of
from geodeck.undercover.shapes import QuestionView
from tests.support import FIXTURES

NAMES = ("Ann", "Ben", "Cem", "Dan", "Eve", "Fay")
SALT = "5b1e0c27d9a4f3e2"
OTHER_SALT = "0123456789abcdef"

LAYOUT = [
    "ES", "PT", "IT",
    "SE", "NO", "FI", "DK",
    "GB", "IE", "FR", "NL",
    "DE", "AT",
    "HR",
    "GR", "TR",
]  # fmt: skip
"""16 countries, at most 4 of a colour (nordic and west have 4 each)."""

EASY_LAYOUT = ["ES", "PT", "IT", "SE", "NO", "FI", "GB", "IE", "FR", "DE", "AT", "HR"]

COUNTRY_QUESTIONS = [f"q{i:02d}" for i in range(1, 13)]
SEEKER_QUESTIONS = ["q60", "q61", "q62", "q63", "q64"]
PILE = COUNTRY_QUESTIONS + SEEKER_QUESTIONS
"""Every question of the mini deck, the country questions first (q01 on top)."""


@cache
def _deck_text() -> str:
    return (FIXTURES / "undercover-mini.json").read_text("utf-8")


def mini_deck() -> dict[str, Any]:
    """A fresh copy of the mini deck: ``{"note", "countries", "questions"}``."""
    deck: dict[str, Any] = json.loads(_deck_text())
    return deck


def countries() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = mini_deck()["countries"]
    return data


def questions() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = mini_deck()["questions"]
    return data


def record(
    *,
    seats: int = 4,
    variant: str = "standard",
    layouts: Sequence[Sequence[str]] | None = None,
    pile: Sequence[str] | None = PILE,
    seed: int | None = 17,
    options: Mapping[str, Any] | None = None,
    actions: Sequence[Mapping[str, Any]] = (),
    deck: Mapping[str, Any] | None = None,
    shuffle: str | None = "sha256",
) -> dict[str, Any]:
    """An undercover record. ``layouts`` defaults to ``LAYOUT`` in round 1 (or
    ``EASY_LAYOUT``), later rounds dealt from the seed; ``pile=None`` deals the pile too.
    ``shuffle=None`` leaves the shuffle out, as records written before it did."""
    deck = deck or mini_deck()
    if layouts is None:
        layouts = [EASY_LAYOUT if variant == "easy" else LAYOUT]
    setup: dict[str, Any] = {"layouts": [list(layout) for layout in layouts]}
    if seed is not None:
        setup["seed"] = seed
    if shuffle is not None:
        setup["shuffle"] = shuffle
    if pile is not None:
        setup["questions"] = list(pile)
    out: dict[str, Any] = {
        "format": "geodeck/1",
        "game": "undercover",
        "variant": variant,
        "seats": list(NAMES[:seats]),
        "countries": dict(deck["countries"]),
        "questions": dict(deck["questions"]),
        "setup": setup,
        "actions": [dict(a) for a in actions],
    }
    if options is not None:
        out["options"] = dict(options)
    return out


def scenario(**kwargs: Any) -> UndercoverGame:
    """A game built from ``record(**kwargs)``, before any action unless actions are given."""
    game = Game.from_record(record(**kwargs))
    assert isinstance(game, UndercoverGame)
    assert_conserved(game)
    return game


def dealt(seats: int = 4, **kwargs: Any) -> UndercoverGame:
    """A new game dealt from the mini deck."""
    kwargs.setdefault("deck", mini_deck())
    game = new_game("undercover", list(NAMES[:seats]), **kwargs)
    assert isinstance(game, UndercoverGame)
    return game


def play(game: Game, *actions: Any) -> list[dict[str, Any]]:
    """Apply ``actions`` in order; return the events they caused, in wire form."""
    events: list[dict[str, Any]] = []
    for action in actions:
        events.extend(e.to_wire() for e in game.apply(action))
        assert_conserved(game)
    return events


def assert_conserved(game: Game) -> None:
    """Every seat holds 5 small and 1 large stone between hand and board (B1, B2.4)."""
    summary = summary_of(game)
    on_board = {(seat, size): 0 for seat in range(len(summary["seats"])) for size in SIZES}
    for stones in summary["stones"].values():
        for stone in stones:
            on_board[stone["seat"], stone["size"]] += 1
    for seat, row in enumerate(summary["seats"]):
        assert row["small"] >= 0
        assert row["large"] >= 0
        assert row["small"] + on_board[seat, "small"] == 5
        assert row["large"] + on_board[seat, "large"] == 1


SIZES = ("small", "large")


def expects(game: Game) -> tuple[int, str | None]:
    """The one seat awaited and what it must do."""
    seats, kind = game.expects()
    assert len(seats) <= 1
    return (seats[0] if seats else -1), kind


def answer(game: Game, reply: str = "yes", *, seeker: int | None = None) -> list[dict[str, Any]]:
    """Name a seeker if the question asks for one (the first legal one unless given),
    then answer it."""
    events: list[dict[str, Any]] = []
    seat, kind = expects(game)
    if kind == "name":
        if seeker is None:
            seeker = game.legal_actions(seat)[0].seeker
        events += play(game, Name(seat, seeker))
        seat, kind = expects(game)
    assert kind == "answer"
    events += play(game, Answer(seat, reply))
    return events


def all_pass(game: Game) -> list[dict[str, Any]]:
    """Every seeker still to guess passes."""
    events: list[dict[str, Any]] = []
    while game.expects().kind == "stone":
        events += play(game, Pass(game.expects().seats[0]))
    return events


def guesses(game: Game, *stones: tuple[str, str] | None) -> list[dict[str, Any]]:
    """The seekers in guessing order place ``(country, size)`` each, or pass for ``None``."""
    events: list[dict[str, Any]] = []
    for stone in stones:
        seat, kind = expects(game)
        assert kind == "stone"
        if stone is None:
            events += play(game, Pass(seat))
        else:
            events += play(game, Stone(seat, *stone))
    return events


def question_round(game: Game, reply: str = "yes") -> list[dict[str, Any]]:
    """One question: name if needed, answer, everybody passes."""
    return answer(game, reply) + all_pass(game)


def of_kind(events: Sequence[Mapping[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [dict(e) for e in events if e["event"] == kind]


def random_action(game: UndercoverGame, rng: random.Random, *, cheat: float = 0.25) -> Any:
    """A legal action of the awaited seat. Seekers pass half the time, and with chance
    ``cheat`` put a stone on the hidden country (read off the engine), so that random play
    also discovers undercover players."""
    seats, kind = game.expects()
    seat = seats[0]
    legal = game.legal_actions(seat)
    if kind == "stone":
        stones = [a for a in legal if isinstance(a, Stone)]
        if not stones or rng.random() < 0.45:
            return Pass(seat)
        if rng.random() < cheat:
            right = [a for a in stones if a.country == game.round.country]
            if right:
                return rng.choice(right)
        return rng.choice(stones)
    return own_secret(rng.choice(legal), rng)


def random_game(rng: random.Random) -> UndercoverGame:
    """A new game with a random seat count, variant and seed."""
    seats = rng.randint(3, 6)
    variant = rng.choice(["standard", "easy", "hard"])
    options = {"remove_country_questions": rng.randint(1, 5)} if variant == "hard" else None
    return dealt(seats, variant=variant, seed=rng.randrange(2**32), options=options)


def question(game: UndercoverGame, seat: int | None = None) -> QuestionView:
    """The question on the table as ``seat`` sees it (there must be one)."""
    shown = game.view(seat)["question"]
    assert shown is not None, "no question is on the table"
    return shown
