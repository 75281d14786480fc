"""geodeck's rule for computer players (docs/rules.md): a question about a seeker is never
put to a computer hider nor about a computer seeker; X stands for a human seeker."""

from __future__ import annotations

from collections.abc import Container, Sequence

from geodeck.undercover.events import Event, Replaced, Reshuffled


def humans_for_x(players: int, undercover: int, computers: Container[int]) -> list[int]:
    """The seats X may stand for: the seekers who are not computer players (B1 with
    geodeck's rule for computer players), the reader included."""
    return [s for s in range(players) if s != undercover and s not in computers]


def replaced(
    about_seeker: bool, undercover: int, humans: Sequence[int], computers: Container[int]
) -> str | None:
    """Why a question just turned over is replaced by the next one, or None; ``humans``:
    the seats X may stand for (``humans_for_x``)."""
    if not about_seeker:
        return None
    if undercover in computers:
        return "computer_hider"
    if not humans:
        return "no_human_seeker"
    return None


def replaced_in_a_row(history: Sequence[Event]) -> int:
    """How many questions were replaced since the last one put to the table."""
    count = 0
    for event in reversed(history):
        if not isinstance(event, Replaced | Reshuffled):
            break
        count += isinstance(event, Replaced)
    return count
