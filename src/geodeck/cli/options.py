"""What ``geodeck play`` was given, as every family's front end takes it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """What ``geodeck play`` was given (``geodeck.cli.play.play`` says what each means);
    each family's table checks the ones it takes and refuses the others."""

    seats: str | None = None
    variant: str | None = None
    seed: int | None = None
    deck: Path | None = None
    max_difficulty: int | None = None
    remove_questions: int | None = None
    save: Path | None = None
    resume: Path | None = None
    force: bool = False
    bots: str | None = None
    fast: bool = False
