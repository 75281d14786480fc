"""What the CLI asks of a family's front module (``Family.fronts["cli"]``): its table at
the keyboard, how far a saved game has come, the summary and statistics of a record,
``verify``'s own checks and its lines of a simulation report."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol, cast

from geodeck.core.family import family_of

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from geodeck.cli.options import PlayOptions
    from geodeck.cli.sheet import Sheet
    from geodeck.core.game import Game


class CliFront(Protocol):
    def play(self, game: str, options: PlayOptions) -> None:
        """``geodeck play GAME`` (``geodeck.cli.play.play`` says what the options mean)."""

    def progress(self, game: Game) -> str:
        """How far a game has come: ``card 12 of 45``."""

    def summary(self, game: Game) -> Mapping[str, object]:
        """The family's own keys of a record's summary (``geodeck replay --json``)."""

    def summary_lines(
        self, summary: Mapping[str, object], title: str, names: Mapping[str, str]
    ) -> list[RenderableType]:
        """The family's lines of ``geodeck replay``'s summary, before who is next or won."""

    def stats_sheets(self, stats: Mapping[str, object], head: str) -> list[Sheet]:
        """The family's sheets of ``geodeck replay --stats``, after the ranking."""

    def verify(self, out: Console, game: Game) -> bool:
        """``geodeck verify``'s family checks of a replayed record; whether they held."""

    def report_columns(self) -> list[tuple[str, str]]:
        """The family's columns (heading, justification) of a simulation's bot table."""

    def report_cells(self, bot: Mapping[str, object]) -> list[str]:
        """One bot's cells in those columns."""

    def report_lines(self, summary: Mapping[str, object]) -> list[str]:
        """The family's lines after a simulation's table."""


def cli_front(game: str) -> CliFront:
    """The CLI front module of ``game``'s family."""
    return cast(CliFront, family_of(game).front("cli"))
