"""``geodeck rules GAME``: the rules in short, the texts the browser's help shows
(``geodeck/web/help/LANG.json``), wrapped to the terminal's width."""

from __future__ import annotations

import json
import shutil
import textwrap
from importlib.resources import files
from typing import Annotated, Literal, TypedDict, cast

import typer

from geodeck.catalogue import GameInfo, catalogue
from geodeck.cli.errors import CommandError

LANGUAGES = ("en", "de", "it")
WIDEST = 100
"""Lines are no longer than this however wide the terminal, so that they read well."""


class HelpSection(TypedDict, total=False):
    """A section of a language's help: every one has ``id``, ``title`` and ``body``; the
    paragraphs of one variant only are under ``geo`` or ``column``."""

    id: str
    title: str
    body: list[str]
    geo: list[str]
    column: list[str]


class FamilyHelp(TypedDict):
    """A family's part of a language's help file."""

    title: str
    editions: dict[str, str]
    sections: list[HelpSection]


class FamilyIndex(TypedDict):
    """A family's part of ``index.json``: the RULES.md rule of each section, by id."""

    sections: dict[str, str]


def help_texts(name: str) -> dict[str, object]:
    """One of the help files the browser reads: ``en``, ``de``, ``it`` or ``index``."""
    text = files("geodeck").joinpath("web", "help", f"{name}.json").read_text("utf-8")
    found: dict[str, object] = json.loads(text)
    return found


def find_game(name: str) -> GameInfo:
    games = catalogue()
    for game in games:
        if game.id == name:
            return game
    raise CommandError(f"no game {name!r} (games: {', '.join(g.id for g in games)})")


def rules_text(game: GameInfo, variant: str, language: str, width: int) -> str:
    """The rules of ``game`` (with ``variant``'s own paragraphs) in ``language``, each
    paragraph wrapped to ``width`` columns."""
    # the help files ship with geodeck, in these shapes (tests/unit/test_help.py)
    texts = cast(FamilyHelp, help_texts(language)[game.family])
    rules = cast(FamilyIndex, help_texts("index")[game.family])["sections"]
    column: Literal["geo", "column"] = "geo" if variant == "geo" else "column"
    out = [f"{texts['title']} · {game.title}"]
    edition = texts["editions"].get(game.id)
    if edition:
        out += textwrap.wrap(edition, width)
    for section in texts["sections"]:
        rule = rules.get(section["id"])
        heading = section["title"] + (f" (RULES.md {rule})" if rule else "")
        out += ["", heading, "-" * min(len(heading), width)]
        paragraphs = [*section["body"], *section.get(column, [])]
        for i, said in enumerate(paragraphs):
            if i:
                out.append("")
            out += textwrap.wrap(said, width)
    return "\n".join(out)


def rules(
    game: Annotated[str, typer.Argument(help="uppsala, buxtehude, italia, world or undercover.")],
    lang: Annotated[str, typer.Option("--lang", help="en, de or it.")] = "en",
    variant: Annotated[
        str | None, typer.Option("--variant", help="The variant whose rules to add.")
    ] = None,
) -> None:
    """The rules in short, as the browser's help gives them."""
    found = find_game(game)
    if lang not in LANGUAGES:
        raise CommandError(f"--lang: one of {', '.join(LANGUAGES)}, not {lang!r}")
    chosen = variant or found.variants[0]
    if chosen not in found.variants:
        raise CommandError(f"--variant: {game} has {', '.join(found.variants)}, not {chosen!r}")
    width = max(40, min(WIDEST, shutil.get_terminal_size((80, 24)).columns - 1))
    typer.echo(rules_text(found, chosen, lang, width))
