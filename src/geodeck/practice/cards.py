"""The cards a practice round or a daily challenge uses, made from a deck's card data.

A card's value on a line is the one a game compares (RULES.md A3): the signed minutes of
its longitude on the west-east line, of its latitude on the north-south line, its number
in a column variant. Its areas are the codes the deck gives it (``country``, the German
``land``, the Italian ``region``): regional practice picks the cards of one of them.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from geodeck.core.deal import canonical
from geodeck.core.errors import SetupError
from geodeck.cross.editions import COLUMN_VARIANTS, GEO
from geodeck.decks.cards import signed_minutes

AREA_FIELDS = ("country", "land", "region")
"""The card fields that name an area, coarsest first."""

WEST_EAST = "west-east"
NORTH_SOUTH = "north-south"


class PracticeError(SetupError):
    """A practice round or daily challenge that cannot start: no such region, too few
    cards for the variant."""

    code = "practice/setup"


@dataclass(frozen=True, slots=True)
class PracticeCard:
    id: str
    name: str
    names: Mapping[str, str]
    """The name by language (``en``, ``de``, ``it``), where the deck has one."""
    lat: float
    lon: float
    values: Mapping[str, float]
    """The value on each line: ``west-east``, ``north-south`` and each column variant the
    card has a number for."""
    areas: tuple[str, ...]
    """The area codes of the card, coarsest first: ``("DE", "DE-NW")``."""

    def name_in(self, lang: str) -> str:
        return self.names.get(lang) or self.name

    @property
    def area(self) -> str:
        """The finest area the card names (its Land or region, else its country)."""
        return self.areas[-1] if self.areas else ""


def practice_cards(cards: Mapping[str, Mapping[str, Any]]) -> dict[str, PracticeCard]:
    """The practice cards of a deck's ``{id: card data}`` (shipped or from a deck file)."""
    out: dict[str, PracticeCard] = {}
    for card_id in sorted(cards):
        data = cards[card_id]
        lat, lon = float(data["lat"]), float(data["lon"])
        values: dict[str, float] = {
            WEST_EAST: signed_minutes(lon),
            NORTH_SOUTH: signed_minutes(lat),
        }
        for column in COLUMN_VARIANTS:
            if data.get(column) is not None:
                values[column] = float(data[column])
        names = {
            lang: str(data[f"name_{lang}"])
            for lang in ("en", "de", "it")
            if data.get(f"name_{lang}")
        }
        areas = tuple(str(data[f]) for f in AREA_FIELDS if isinstance(data.get(f), str))
        out[card_id] = PracticeCard(card_id, str(data["name"]), names, lat, lon, values, areas)
    return out


def lines_of(variant: str) -> tuple[str, ...]:
    """The lines a question of the variant asks about (RULES.md A2)."""
    return (WEST_EAST, NORTH_SOUTH) if variant == GEO else (variant,)


def playable(cards: Iterable[PracticeCard], variant: str) -> list[PracticeCard]:
    """The cards that have a value on every line of the variant (RULES.md A1.5)."""
    return [c for c in cards if all(line in c.values for line in lines_of(variant))]


def regions_of(cards: Iterable[PracticeCard]) -> Counter[str]:
    """Every area code of the cards, with how many cards it has."""
    return Counter(code for card in cards for code in card.areas)


def in_region(cards: Iterable[PracticeCard], region: str) -> list[PracticeCard]:
    """The cards of one area; an unknown code is refused with the known ones listed."""
    cards = list(cards)
    wanted = region.strip().upper()
    chosen = [c for c in cards if wanted in (a.upper() for a in c.areas)]
    if len(chosen) >= 2:
        return chosen
    known = regions_of(cards)
    listed = ", ".join(f"{code} ({n})" for code, n in sorted(known.items()) if n >= 2)
    if chosen:
        raise PracticeError(f"the region {region!r} has one card only; the regions: {listed}")
    raise PracticeError(
        f"unknown region {region!r}; the regions of this deck (and their cards): "
        + (listed or "none: its cards name no country or region")
    )


def deck_hash(cards: Mapping[str, Mapping[str, object]]) -> str:
    """The deck's content hash: the lowercase hex SHA-256 of its ``{id: card data}`` as
    canonical JSON (keys sorted, no spaces, text as UTF-8; docs/daily.md)."""
    return hashlib.sha256(canonical(cards).encode()).hexdigest()
