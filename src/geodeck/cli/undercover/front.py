"""Undercover's front in the CLI (``geodeck.cli.front``): its table at the keyboard, its
progress, summary, statistics, ``verify``'s check of every round and its simulation
report lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from rich.console import Console, RenderableType
from rich.text import Text

from geodeck.cli.sheet import Column, Sheet
from geodeck.cli.simulate import pct
from geodeck.cli.summary import seat_table
from geodeck.cli.undercover.shapes import State
from geodeck.cli.verify import BAD, GOOD
from geodeck.core.game import Game
from geodeck.undercover.commitment import verify as matches
from geodeck.undercover.game import UndercoverGame
from geodeck.undercover.view import stones_of

if TYPE_CHECKING:
    from geodeck.cli.options import PlayOptions


def play(game: str, options: PlayOptions) -> None:
    from geodeck.cli.undercover.play import play_undercover

    play_undercover(options)


def progress(game: Game) -> str:
    """``round 3 of 6, question 4``."""
    view = game.view(None)
    asked = len(view["questions"])
    question = f", question {asked}" if asked else ""
    return f"round {view['round']} of {view['rounds']}{question}"


def summary(game: Game) -> State:
    """The round, the seats, the board."""
    assert isinstance(game, UndercoverGame)
    return state(game)


def state(game: UndercoverGame) -> State:
    """An Undercover game's own keys of its summary: the round, the seats, the board."""
    r = game.round
    return {
        "round": r.number,
        "undercover": r.undercover,
        "asked": len(r.asked),
        "seats": [
            {"name": name, "score": game.scores[i], "small": game.small[i], "large": game.large[i]}
            for i, name in enumerate(game.seats)
        ],
        "layout": list(r.layout),
        "stones": stones_of(game),
    }


def summary_lines(
    whole: Mapping[str, object], title: str, names: Mapping[str, str]
) -> list[RenderableType]:
    summary = cast(State, whole)  # summary_of spreads state() into it
    rows = [
        [s["name"], str(s["score"]), str(s["small"]), str(s["large"])] for s in summary["seats"]
    ]
    table = seat_table(title, ["score", "small stones", "large stones"], rows)
    undercover = summary["seats"][summary["undercover"]]["name"]
    lines: list[RenderableType] = [
        table,
        Text(
            f"round {summary['round']}: {undercover} is undercover; "
            f"{summary['asked']} questions asked"
        ),
        Text("layout: " + " · ".join(names.get(c, c) for c in summary["layout"])),
    ]
    for country, stones in summary["stones"].items():
        placed = ", ".join(
            f"{summary['seats'][st['seat']]['name']} ({st['size']})" for st in stones
        )
        lines.append(Text(f"stones on {names.get(country, country)}: {placed}"))
    return lines


def stats_sheets(stats: Mapping[str, object], head: str) -> list[Sheet]:
    return [_stones(stats, f"{head}stones and rounds"), _countries(stats, head)]


def _stones(stats: Mapping[str, Any], title: str) -> Sheet:
    sheet = Sheet(
        title,
        [
            Column("player"),
            Column("stones right", "right"),
            Column("right per round"),
            Column("discovered"),
            Column("questions to discovery"),
        ],
    )
    for p in stats["players"]:
        per_round = " ".join(f"{r['right']}/{r['stones']}" for r in p["rounds"]) or "–"
        sheet.add(
            p["name"],
            f"{p['stones_right']} of {p['stones']}",
            per_round,
            f"{p['discovered']} of {p['undercover']}",
            ", ".join(map(str, p["questions_to_discovery"])) or "–",
        )
    return sheet


def _countries(stats: Mapping[str, Any], head: str) -> Sheet:
    names = [p["name"] for p in stats["players"]]
    sheet = Sheet(
        f"{head}hardest countries",
        [Column("round", "right"), Column("country"), Column("undercover"), Column("found")],
    )
    for r in stats["hardest"]:
        found = f"after {r['asked']} questions" if r["discovered"] else "not discovered"
        stones = f", {r['stones_right']} of {r['stones']} stones on it"
        sheet.add(str(r["round"]), r["name"], names[r["undercover"]], found + stones)
    return sheet


def verify(out: Console, game: Game) -> bool:
    """Every finished round's commitment against the country and salt revealed."""
    return _check_rounds(out, game)


def _check_rounds(out: Console, game: Game) -> bool:
    """One line per finished round; whether every commitment matched."""
    view = game.view(None)
    names = [seat["name"] for seat in view["seats"]]
    shown: dict[int, str] = {}
    good = True
    rounds = 0
    for event in view["history"]:
        if event["event"] == "hide":
            shown[event["round"]] = event["commitment"]
        elif event["event"] == "reveal":
            rounds += 1
            number, country, salt = event["round"], event["country"], event["salt"]
            commitment = shown.get(number, "")
            ok = bool(commitment) and matches(commitment, country, salt)
            good = good and ok
            who = names[event["undercover"]]
            out.print(
                Text.assemble(
                    (GOOD if ok else BAD, "bold green" if ok else "bold red"),
                    f" round {number}: {who} hid in {country} (salt {salt}); commitment ",
                    (commitment or "missing", "yellow"),
                    " matches" if ok else " does not match",
                )
            )
    if view["outcome"] is None and view["commitment"] is not None:
        out.print(
            Text(f"  round {view['round']} is still being played: nothing to check yet", "dim")
        )
    if rounds == 0:
        out.print(Text("No round of this game has ended yet: nothing to check.", "dim"))
    elif good:
        out.print(Text(f"{GOOD} all {rounds} commitments match", "bold green"))
    else:
        out.print(Text(f"{BAD} a commitment does not match", "bold red"))
    return good


def report_columns() -> list[tuple[str, str]]:
    return []


def report_cells(bot: Mapping[str, object]) -> list[str]:
    return []


def report_lines(summary: Mapping[str, Any]) -> list[str]:
    found = summary["mean_found_at"]
    return [
        f"rounds where the country was discovered: {pct(summary['discovered'])}",
        "mean question when it was discovered: "
        + (f"{found:.1f}" if found is not None else "never discovered"),
    ]
