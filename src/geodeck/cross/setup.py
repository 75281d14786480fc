"""Dealing a cross-family game and checking a record's setup (RULES.md A1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from geodeck import decks
from geodeck.core.errors import SetupError
from geodeck.core.shuffle import shuffled
from geodeck.cross import editions as ed
from geodeck.decks.cards import Card, parse_cards

if TYPE_CHECKING:
    from typing_extensions import TypeIs

MAX_DIFFICULTY = "max_difficulty"
OPTIONS = (MAX_DIFFICULTY,)
"""The options ``new_game`` takes for the cross family (A1.4); it refuses any other."""


def dealt(
    game: str,
    variant: str,
    seed: int,
    options: Mapping[str, object],
    deck: Mapping[str, object] | None,
) -> tuple[dict[str, Card], str, list[str], list[str]]:
    """Shuffle a new game's deck (A1): the cards used, the start card, the draw pile with
    its intermezzos and the reserve of start cards."""
    edition = ed.edition(game)
    ed.check_variant(edition, variant)
    if deck is None:
        deck = decks.shipped_cards(game) or decks.shipped_deck(game)
    cards = parse_cards(deck)
    ids = [c for c in cards if variant == ed.GEO or variant in cards[c].values]
    unknown = sorted(str(key) for key in options if key not in OPTIONS)
    if unknown:
        raise SetupError(
            f"{game} has no option {unknown[0]!r} (it has: {', '.join(OPTIONS)})", rule="A1.4"
        )
    limit = options.get(MAX_DIFFICULTY)
    if limit is not None:
        ids = easier(cards, ids, limit)
    need = ed.STACKS * ed.STACK_SIZE + ed.STACKS
    if len(ids) < need:
        raise SetupError(
            f"the {variant} deck has {len(ids)} playable cards; a game needs {need} "
            "(45 to draw and three start cards)",
            rule="A1.5",
        )
    ids = shuffled(ids, f"geodeck/cross/deal/{seed}")
    stacks = [ids[i * ed.STACK_SIZE : (i + 1) * ed.STACK_SIZE] for i in range(ed.STACKS)]
    draw = [*stacks[0], ed.INTERMEZZO, *stacks[1], ed.INTERMEZZO, *stacks[2]]
    rest = ids[ed.STACKS * ed.STACK_SIZE :]
    used = {c: cards[c] for c in ids}
    return used, rest[0], draw, rest[1:]


def easier(cards: Mapping[str, Card], ids: list[str], limit: object) -> list[str]:
    """Cards at or below ``max_difficulty`` (A1.4)."""
    if not is_difficulty(limit):
        raise SetupError(f"max_difficulty must be 1, 2 or 3, got {limit!r}", rule="A1.4")
    missing = [c for c in ids if not is_difficulty(cards[c].data.get("difficulty"))]
    if missing:
        value = cards[missing[0]].data.get("difficulty")
        has = "none" if value is None else repr(value)
        raise SetupError(
            f"max_difficulty needs a difficulty of 1, 2 or 3 on every card; "
            f"{missing[0]!r} has {has}",
            rule="A1.4",
        )
    return [c for c in ids if cards[c].data["difficulty"] <= limit]


def is_difficulty(value: object) -> TypeIs[int]:
    """1, 2 or 3 as a whole number (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 3


def check_setup(
    cards: Mapping[str, Card], start: str, draw: Sequence[str], reserve: Sequence[str], variant: str
) -> None:
    """A record's setup must name known cards, each once, with the variant's number (A1)."""
    placed = [start, *(c for c in draw if c != ed.INTERMEZZO), *reserve]
    seen: set[str] = set()
    for card in placed:
        if card not in cards:
            raise SetupError(
                f"setup names card {card!r}, which the record does not embed", rule="A1"
            )
        if card in seen:
            raise SetupError(f"card {card!r} appears twice in the setup", rule="A1")
        seen.add(card)
        if variant != ed.GEO and variant not in cards[card].values:
            raise SetupError(
                f"card {card!r} has no {variant}, which the {variant} variant needs on every card",
                rule="A1.5",
            )
    starts_needed = sum(1 for i, c in enumerate(draw) if c == ed.INTERMEZZO and i + 1 < len(draw))
    if len(reserve) < starts_needed:
        raise SetupError(
            f"the reserve holds {len(reserve)} cards but {starts_needed} new "
            "start cards are needed, one after each intermezzo",
            rule="A6.4",
        )
