"""The toy family's front in the CLI."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from geodeck.cli.options import PlayOptions
from geodeck.cli.sheet import Sheet
from geodeck.core.game import Game


def play(game: str, options: PlayOptions) -> None:
    raise NotImplementedError


def progress(game: Game) -> str:
    return f"{game.view(None)['pile']} stones left"


def summary(game: Game) -> dict[str, Any]:
    view = game.view(None)
    return {"seats": view["seats"], "pile": view["pile"]}


def summary_lines(
    summary: dict[str, Any], title: str, names: Mapping[str, str]
) -> list[RenderableType]:
    return [Text(f"pile: {summary['pile']}")]


def stats_sheets(stats: Mapping[str, Any], head: str) -> list[Sheet]:
    return []


def verify(out: Console, game: Game) -> bool:
    out.print("the pile holds")
    return True


def report_columns() -> list[tuple[str, str]]:
    return []


def report_cells(bot: Mapping[str, Any]) -> list[str]:
    return []


def report_lines(summary: Mapping[str, Any]) -> list[str]:
    return [f"stones: {summary['stones']}"]
