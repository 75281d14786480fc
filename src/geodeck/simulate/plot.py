"""A one-page picture of a simulation run (``geodeck simulate --plot``)."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from geodeck.simulate.runner import front

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from geodeck.simulate.stats import Rate

Bars: TypeAlias = "Callable[[Axes, Sequence[Rate], list[str], str], None]"
"""Draws rates with their intervals as bars on an ``Axes``, one per name, headed."""


def formats() -> list[str]:
    """The file suffixes (without the dot) a picture can be written as: matplotlib's, but
    PGF only where its TeX program is installed."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    suffixes = sorted(Figure().canvas.get_supported_filetypes())
    if shutil.which(str(matplotlib.rcParams["pgf.texsystem"])) is None:
        suffixes.remove("pgf")
    return suffixes


def draw(summary: Mapping[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bots = summary["bots"]
    labels = [b["bot"] for b in bots]
    colours = ["#2f6690", "#d1495b", "#edae49", "#66a182", "#8d6a9f", "#00798c"]
    fig, axes = plt.subplots(2, 2, figsize=(11, 8), constrained_layout=True)
    title = f"{summary['game']} ({summary['variant'] or 'default'}), {summary['games']} games"
    fig.suptitle(title, fontsize=14, fontweight="bold")

    def bars(ax: Axes, rows: Sequence[Rate], names: list[str], heading: str) -> None:
        rates = [r["rate"] for r in rows]
        low = [r["rate"] - r["low"] for r in rows]
        high = [r["high"] - r["rate"] for r in rows]
        ax.bar(names, rates, yerr=[low, high], capsize=6,
               color=[colours[i % len(colours)] for i in range(len(rows))])  # fmt: skip
        ax.set_ylim(0, 1)
        ax.set_title(heading)
        ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        ax.grid(axis="y", alpha=0.3)
        for i, r in enumerate(rates):
            inside = r >= 0.2
            ax.text(i + 0.28, r / 2 if inside else rows[i]["high"] + 0.03, f"{r:.0%}",
                    ha="left" if not inside else "right", fontsize=10,
                    color="white" if inside else "black", fontweight="bold")  # fmt: skip

    bars(axes[0][0], [b["wins"] for b in bots], labels, "Win rate per bot (95% CI)")
    seats = summary["seats"]
    bars(axes[0][1], [s["wins"] for s in seats], [f"seat {s['seat'] + 1}" for s in seats],
         "Win rate per seat (95% CI)")  # fmt: skip
    front(summary["game"]).plot(axes, summary, bars)
    fig.savefig(path, dpi=120)
    plt.close(fig)
