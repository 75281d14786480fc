"""Shared test helpers: decks, records, random play, and what a view may not contain."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import geodeck
from geodeck.bots.base import own_secret
from geodeck.cross.editions import EDITIONS
from geodeck.cross.events import Revealed
from geodeck.decks.cards import is_public_field

HYPOTHESIS_PROFILE = os.environ.get("GEODECK_HYPOTHESIS") or (
    "ci" if os.environ.get("CI") else "dev"
)
"""The Hypothesis profile (tests/conftest.py): ``GEODECK_HYPOTHESIS`` (``ci`` or ``dev``);
unset, ``ci`` where the variable ``CI`` is set and ``dev`` elsewhere."""
if HYPOTHESIS_PROFILE not in ("ci", "dev"):
    raise SystemExit(f"GEODECK_HYPOTHESIS must be ci or dev, not {HYPOTHESIS_PROFILE!r}")


def examples(count: int) -> int:
    """The examples a property test tries: ``count`` under the ``ci`` profile, a quarter
    of them (at least 5) under ``dev``."""
    return count if HYPOTHESIS_PROFILE == "ci" else max(5, count // 4)


FIXTURES = Path(__file__).resolve().parent / "fixtures"
RECORDS_EXAMPLE = FIXTURES / "records-example.json"

RECORDS_EXAMPLE_SUMMARY: dict[str, Any] = {
    "finished": False,
    "seats": [
        {"name": "Ann", "chips": 7, "exchanged": 0, "score": 7},
        {"name": "Ben", "chips": 6, "exchanged": 0, "score": 6},
        {"name": "Cem", "chips": 3, "exchanged": 0, "score": 3},
    ],
    "supply": 19,
    "table": {"west-east": ["rome"], "north-south": ["rome"]},
    "removed": ["lisbon", "berlin", "uppsala"],
    "next": {"seats": [2], "expects": "place"},
    "winners": [],
}
"""The summary RECORDS.md prints for its example record (under Replaying)."""


def sample_cards() -> dict[str, dict[str, Any]]:
    """The 60 cards of the shared fixture as the file has them (a new copy each call)."""
    cards: dict[str, dict[str, Any]] = json.loads(
        (FIXTURES / "sample-europe.json").read_text("utf-8")
    )["cards"]
    return cards


BAD_CARDS: dict[str, dict[str, Any]] = {
    "population -100": {"population": -100},
    "no coordinates": {"lat": None, "lon": None},
    "lat as text": {"lat": "52.5"},
    "kind as a number": {"kind": 5},
    "name as a list": {"name": ["Berlin"]},
}
"""Faults that break the rules of a place card (docs/data.md, Deck files; RULES.md A1); a
field set to None is left out."""


def with_a_bad_card(fault: str) -> dict[str, dict[str, Any]]:
    """The sample cards with Berlin's card broken by ``BAD_CARDS[fault]``."""
    cards = sample_cards()
    broken = {**cards["berlin"], **BAD_CARDS[fault]}
    cards["berlin"] = {k: v for k, v in broken.items() if v is not None}
    return cards


@cache
def _sample() -> dict[str, dict[str, Any]]:
    return sample_cards()


def sample_deck() -> dict[str, dict[str, Any]]:
    """The 60 GeoNames cities of the shared fixture, with made-up area and altitude
    (derived from the real figures, so every column variant can be dealt)."""
    deck = {}
    for i, (cid, raw) in enumerate(sorted(_sample().items())):
        card = dict(raw)
        card["area"] = round(card["population"] / (900 + 37 * i), 1)
        card["altitude"] = (i * 97) % 1400
        card["difficulty"] = 1 + i % 3
        deck[cid] = card
    return deck


def random_game(
    rng: random.Random, *, game: str | None = None, variant: str | None = None
) -> geodeck.Game:
    """A new cross-family game of random edition, variant, seat count and seed."""
    editions = EDITIONS
    name = game or rng.choice(sorted(editions))
    variant = variant or rng.choice(editions[name].all_variants)
    seats = [f"Seat{i}" for i in range(rng.randint(2, 6))]
    return geodeck.new_game(
        name, seats, variant=variant, seed=rng.randrange(2**32), deck=sample_deck()
    )


def random_step(game: geodeck.Game, rng: random.Random) -> Any:
    """Apply one uniformly random legal action of a random awaited seat (a hide salted from
    ``rng``); return it."""
    seats, _ = game.expects()
    seat = rng.choice(seats)
    action = own_secret(rng.choice(game.legal_actions(seat)), rng)
    game.apply(action)
    return action


def revealed_cards(game: geodeck.CrossGame) -> set[str]:
    """Every card the whole table has seen turned over, read off the full history."""
    out: set[str] = set()
    for event in game.history:
        if isinstance(event, Revealed):
            out.update(event.cards)
    return out


def hidden_values(card: dict[str, Any]) -> dict[str, Any]:
    """The fields printed on a card's back."""
    return {k: v for k, v in card.items() if not is_public_field(k)}


def walk(value: Any) -> Iterator[dict[str, Any]]:
    """Every object inside a JSON value."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


def table_row(
    code: str, *, outcome: dict[str, Any] | None = None, at: float = 1.0
) -> dict[str, Any]:
    """A ``geodeck_tables`` row of Uppsala, as a test writes it into a database made
    before some later table: playing, or finished with ``outcome``."""
    return {
        "code": code,
        "game": "uppsala",
        "variant": "geo",
        "status": "playing" if outcome is None else "finished",
        "version": 0 if outcome is None else 1,
        "clock": None,
        "head": "{}",
        "outcome": None if outcome is None else json.dumps(outcome),
        "created": at,
        "updated": at,
    }
