"""The numbers of Undercover in Europa and its variants (RULES.md B2, B3, B4)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from geodeck.core.errors import SetupError

GAME = "undercover"
TITLE = "Undercover in Europa"
REGION = "Europe"
PLAYERS = (3, 6)
SMALL_STONES = 5
LARGE_STONES = 1
STONES = SMALL_STONES + LARGE_STONES
QUESTIONS_PER_ROUND = 12
DISCOVERY = 6
"""Stones on the undercover country that discover it; a large stone counts as one (B2.5)."""
POINTS = {"small": 1, "large": 2}
SIZES = ("small", "large")
REMOVE = "remove_country_questions"
COMPUTERS: Final = "computers"
"""The option (of ``new_game``) and the setup field (of a record) that list the seats
played by the computer; see ``computer_seats``."""


@dataclass(frozen=True, slots=True)
class Variant:
    id: str
    layout: int
    """Countries laid out each round (B2.1)."""
    per_colour: int
    """At most this many laid-out countries share a colour (B2.1)."""


STANDARD = "standard"
VARIANTS: dict[str, Variant] = {
    v.id: v for v in (Variant(STANDARD, 16, 4), Variant("easy", 12, 3), Variant("hard", 16, 4))
}


def variant_of(name: str | None) -> Variant:
    try:
        return VARIANTS[name or STANDARD]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise SetupError(f"undercover has no variant {name!r} (it has: {known})") from None


def rounds_for(players: int) -> int:
    """Everyone is undercover once with 5 or 6 players, twice with 3 or 4 (B3)."""
    return players if players >= 5 else 2 * players


def computer_seats(raw: object, players: int) -> tuple[int, ...]:
    """The seats played by the computer, sorted: distinct seat numbers of the game."""
    if raw is None:
        return ()
    if not isinstance(raw, list | tuple) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in raw
    ):
        raise SetupError(
            f"{COMPUTERS} lists seat numbers from 0 to {players - 1}, got {raw!r}", rule="B1"
        )
    if len(set(raw)) != len(raw):
        raise SetupError(f"{COMPUTERS} lists a seat twice: {list(raw)!r}", rule="B1")
    return tuple(sorted(raw))


def removal(variant: Variant, options: Mapping[str, object]) -> int:
    """How many questions about the country the ``hard`` variant removes (B4); 0 otherwise.
    ``computers`` is read by ``computer_seats``, not here."""
    unknown = sorted(set(options) - {REMOVE, COMPUTERS})
    if unknown:
        raise SetupError(f"undercover has no option {unknown[0]!r} (it has: {REMOVE}, {COMPUTERS})")
    count = options.get(REMOVE)
    if variant.id != "hard":
        if count is not None:
            raise SetupError(f"{REMOVE} belongs to the hard variant", rule="B4")
        return 0
    if count is None:
        raise SetupError(
            f"the hard variant needs options={{{REMOVE!r}: N}}, the number of questions "
            "about the country to remove",
            rule="B4",
        )
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise SetupError(f"{REMOVE} must be a whole number >= 1, got {count!r}", rule="B4")
    return count
