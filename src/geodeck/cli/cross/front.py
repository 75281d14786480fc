"""The cross family's front in the CLI (``geodeck.cli.front``): its table at the keyboard,
its progress, summary, statistics and simulation report lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from rich.console import Console, RenderableType
from rich.text import Text

from geodeck.cli.cross.shapes import State
from geodeck.cli.sheet import Column, Sheet
from geodeck.cli.simulate import pct
from geodeck.cli.summary import seat_table
from geodeck.core.game import Game
from geodeck.cross.game import CrossGame

if TYPE_CHECKING:
    from geodeck.cli.options import PlayOptions

CAUSES = {
    "challenging": "own challenges",
    "challenged": "challenged",
    "guesses": "guesses",
    "exchanges": "exchanges",
}


def play(game: str, options: PlayOptions) -> None:
    from geodeck.cli.cross.play import play_cross

    play_cross(game, options)


def progress(game: Game) -> str:
    """``card 12 of 45``: the cards drawn of the draw pile's cards."""
    view = game.view(None)
    total = sum(1 for card in game.to_record()["setup"]["draw"] if card != "intermezzo")
    return f"card {total - view['draw_left']} of {total}"


def summary(game: Game) -> State:
    """The seats' chips, the table, the removed cards."""
    assert isinstance(game, CrossGame)
    return state(game)


def state(game: CrossGame) -> State:
    """A cross game's own keys of its summary: the seats' chips, the table, the removed."""
    chips = game.chips
    return {
        "seats": [
            {
                "name": name,
                "chips": chips.hands[i],
                "exchanged": len(chips.exchanged[i]),
                "score": chips.score(i),
            }
            for i, name in enumerate(game.seats)
        ],
        "supply": chips.supply,
        "table": {line: list(ids) for line, ids in game.table.lines.items()},
        "removed": list(game.removed),
    }


def summary_lines(
    whole: Mapping[str, object], title: str, names: Mapping[str, str]
) -> list[RenderableType]:
    summary = cast(State, whole)  # summary_of spreads state() into it
    rows = [
        [s["name"], str(s["chips"]), str(s["exchanged"]), str(s["score"])] for s in summary["seats"]
    ]
    table = seat_table(title, ["chips", "exchanged", "score"], rows)
    lines: list[RenderableType] = [table, Text(f"supply: {summary['supply']} chips")]
    for line, ids in summary["table"].items():
        lines.append(Text(f"{line}: " + " · ".join(names.get(i, i) for i in ids)))
    lines.append(Text(f"removed: {len(summary['removed'])} cards"))
    return lines


def stats_sheets(stats: Mapping[str, object], head: str) -> list[Sheet]:
    return [
        _play(stats, f"{head}cards placed, challenges, guesses"),
        _chips(stats, f"{head}chips won (+) and lost (-) by cause"),
        _cards(stats, f"{head}hardest cards"),
    ]


def _play(stats: Mapping[str, Any], title: str) -> Sheet:
    sheet = Sheet(
        title,
        [
            Column("player"),
            Column("placed", "right"),
            Column("right", "right"),
            Column("wrong", "right"),
            Column("challenges won", "right"),
            Column("cards lost", "right"),
            Column("exact guesses", "right"),
        ],
    )
    for p in stats["players"]:
        sheet.add(
            p["name"],
            str(p["placed"]),
            str(p["placed_right"]),
            str(p["placed_wrong"]),
            f"{p['challenges_won']} of {p['challenges_made']}",
            f"{p['challenged_lost']} of {p['challenged']}",
            f"{p['exact_guesses']} of {len(p['guesses'])}",
        )
    return sheet


def _chips(stats: Mapping[str, Any], title: str) -> Sheet:
    columns = [Column("player")]
    columns += [Column(label, "right") for label in CAUSES.values()]
    sheet = Sheet(title, [*columns, Column("chips", "right")])
    for p in stats["players"]:
        cells = [_signed(p["chips_won"][c], p["chips_lost"][c]) for c in CAUSES]
        sheet.add(p["name"], *cells, str(p["chips"]))
    return sheet


def _signed(won: int, lost: int) -> str:
    if not won and not lost:
        return "0"
    return " ".join(part for part in (f"+{won}" if won else "", f"-{lost}" if lost else "") if part)


def _cards(stats: Mapping[str, Any], title: str) -> Sheet:
    names = [p["name"] for p in stats["players"]]
    sheet = Sheet(title, [Column("card"), Column("placed by"), Column("line"), Column("found")])
    for card in stats["hardest"]:
        if card["caught"] == "challenge":
            found = f"challenged by {names[card['by']]}"
        else:
            found = "set aside at the scoring"
        sheet.add(card["name"], names[card["placed_by"]], card["line"], found)
    return sheet


def verify(out: Console, game: Game) -> bool:
    """Nothing to check beyond the replay and the deal."""
    return True


def report_columns() -> list[tuple[str, str]]:
    return [
        ("challenges won (95% CI)", "left"),
        ("cards placed wrong", "left"),
        ("guess chips / scoring", "right"),
    ]


def report_cells(bot: Mapping[str, Any]) -> list[str]:
    return [
        pct(bot["challenges"]),
        pct(bot["wrong_placements"]),
        f"{bot['guess_chips_per_scoring']:.2f}",
    ]


def report_lines(summary: Mapping[str, Any]) -> list[str]:
    lines = [f"wrong cards per interim scoring: {summary['wrong_per_scoring']:.2f}"]
    if summary["hardest_cards"]:
        hard = ", ".join(
            f"{h['card']} {h['wrong']}/{h['placed']}" for h in summary["hardest_cards"][:8]
        )
        lines.append(f"hardest cards (placed wrong / placed): {hard}")
    return lines
