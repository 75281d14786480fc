"""The four editions of the cross family: data plus a few settings (RULES.md Part A)."""

from __future__ import annotations

from dataclasses import dataclass

from geodeck.core.errors import SetupError
from geodeck.decks.cards import INTERMEZZO, STACK_SIZE, STACKS

__all__ = [
    "CHIPS_EACH",
    "COLUMN_VARIANTS",
    "EDITIONS",
    "GEO",
    "INTERMEZZO",
    "PLAYERS",
    "STACKS",
    "STACK_SIZE",
    "Edition",
    "check_variant",
    "edition",
    "lines_of",
]

GEO = "geo"
COLUMN_VARIANTS = ("population", "area", "altitude")


@dataclass(frozen=True, slots=True)
class Edition:
    id: str
    title: str
    region: str
    box: int
    variants: tuple[str, ...]
    extensions: tuple[str, ...] = ()
    """Variants geodeck adds that the printed rulebook does not have."""

    @property
    def all_variants(self) -> tuple[str, ...]:
        return self.variants + self.extensions


EDITIONS: dict[str, Edition] = {
    e.id: e
    for e in (
        Edition("uppsala", "Ausgerechnet Uppsala", "Europe", 35, (GEO, "population")),
        Edition(
            "buxtehude",
            "Ausgerechnet Buxtehude",
            "Germany",
            36,
            (GEO,),
            extensions=("population", "area"),
        ),
        Edition(
            "italia",
            "Uppsala: Città d'Italia",
            "Italy",
            35,
            (GEO, "population", "area", "altitude"),
        ),
        Edition("world", "Map It! World Edition", "World", 35, (GEO, "population")),
    )
}

PLAYERS = (2, 6)
CHIPS_EACH = 4


def edition(game: str) -> Edition:
    try:
        return EDITIONS[game]
    except KeyError:
        known = ", ".join(EDITIONS)
        raise SetupError(f"unknown cross-family game {game!r} (known: {known})") from None


def check_variant(ed: Edition, variant: str) -> str:
    if variant not in ed.all_variants:
        raise SetupError(
            f"{ed.id} has no variant {variant!r} (it has: {', '.join(ed.all_variants)})"
        )
    return variant


def lines_of(variant: str) -> tuple[str, ...]:
    """The lines on the table in a variant (RULES.md A2)."""
    return ("west-east", "north-south") if variant == GEO else ("column",)
