"""The games folder: where every game played at the terminal is kept unless ``--save``
names a file, and where ``geodeck play --resume`` finds the unfinished ones.

The folder is ``games`` in the user's data directory (``platformdirs``; on Linux
``~/.local/share/geodeck/games``). A game's file is named by when it started, the game
and the seats: ``2025-06-01_14-05-33_uppsala_Ann_Ben_Cem.json``; when the game ends it
becomes ``...-finished.json``. The folder keeps the newest ``KEEP`` games: starting a
game removes the oldest beyond that. ``geodeck play --resume`` alone lists the unfinished
games to choose one (``choose_saved``).
"""

from __future__ import annotations

import contextlib
import datetime
import itertools
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from geodeck.cli.files import read_game
from geodeck.cli.front import cli_front
from geodeck.cli.invocation import geodeck_command, shell_path
from geodeck.cli.keyboard import Keyboard, Quit
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game

KEEP = 50
FINISHED = "-finished"
NAMED = re.compile(r"\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_.+\.json")
SEATS_LENGTH = 60


def games_folder() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("geodeck", appauthor=False)) / "games"


def new_game_file(game: Game, now: datetime.datetime | None = None) -> Path:
    """A file name of its own for a new ``game`` in the games folder (not created)."""
    now = now or datetime.datetime.now()
    seats = "_".join(re.sub(r"\W+", "-", name).strip("-") or "seat" for name in game.seats)
    stem = f"{now:%Y-%m-%d_%H-%M-%S}_{game.game}_{seats[:SEATS_LENGTH]}"
    folder = games_folder()
    path = folder / f"{stem}.json"
    number = 1
    while path.exists() or path.with_name(f"{stem}{FINISHED}.json").exists():
        number += 1
        path = folder / f"{stem}-{number}.json"
    return path


def in_folder(path: Path) -> bool:
    """Whether ``path`` is one of the games folder's own files."""
    return path.parent.resolve() == games_folder().resolve() and bool(NAMED.fullmatch(path.name))


def mark_finished(path: Path) -> Path:
    """Rename a finished game's file in the games folder to ``...-finished.json``; the
    path it now has."""
    if not in_folder(path) or path.stem.endswith(FINISHED):
        return path
    done = path.with_name(f"{path.stem}{FINISHED}.json")
    try:
        path.replace(done)
    except OSError:
        return path
    return done


def prune(keep: int = KEEP, spare: Path | None = None) -> list[Path]:
    """Remove the folder's oldest games beyond the newest ``keep`` (never ``spare``);
    the files removed."""
    gone = []
    for path in _by_age()[keep:]:
        if spare is not None and path == spare:
            continue
        with contextlib.suppress(OSError):
            path.unlink()
            gone.append(path)
    return gone


@dataclass(frozen=True)
class Saved:
    """An unfinished game in the games folder."""

    path: Path
    game: Game
    when: datetime.datetime
    """When its last move was saved."""


def unfinished(game: str | None = None) -> Iterator[Saved]:
    """The unfinished games of the folder, newest first (only ``game``'s, if given)."""
    for path in _by_age():
        if path.stem.endswith(FINISHED):
            continue
        if game is not None and f"_{game}_" not in path.name:
            continue
        try:
            when = datetime.datetime.fromtimestamp(path.stat().st_mtime)
            played = read_game(path)
        except (OSError, GeodeckError):
            continue
        if played.finished or (game is not None and played.game != game):
            continue
        yield Saved(path, played, when)


def _by_age() -> list[Path]:
    """The folder's game files, newest first."""
    folder = games_folder()
    try:
        entries = [p for p in folder.iterdir() if NAMED.fullmatch(p.name) and p.is_file()]
    except OSError:
        return []
    return sorted(entries, key=_modified, reverse=True)


def _modified(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def when_text(when: datetime.datetime, now: datetime.datetime | None = None) -> str:
    """``today 14:05``, ``yesterday 09:12`` or ``2025-05-30 20:31``."""
    now = now or datetime.datetime.now()
    days = (now.date() - when.date()).days
    if days == 0:
        return f"today {when:%H:%M}"
    if days == 1:
        return f"yesterday {when:%H:%M}"
    return f"{when:%Y-%m-%d %H:%M}"


def progress(game: Game) -> str:
    """How far a game has come: ``card 12 of 45`` or ``round 3 of 6, question 4``."""
    return cli_front(game.game).progress(game)


SHOWN = 20


def choose_saved(game: str | None) -> Path:
    """The unfinished game to resume, chosen by number from the games folder's list
    (newest first); off a terminal, the list and the commands that resume each game are
    printed, and the command ends."""
    console = Console(highlight=False)
    found = list(itertools.islice(unfinished(game), SHOWN + 1))
    folder = shell_path(games_folder(), relative=False)
    command = geodeck_command()
    if not found:
        what = f"unfinished {game} game" if game else "unfinished game"
        console.print(
            f"No {what} in {folder}. Start one with:  {command} play GAME --seats A,B",
            soft_wrap=True,
        )
        raise typer.Exit(0)
    more = len(found) > SHOWN
    found = found[:SHOWN]
    kb = Keyboard(console)
    asking = kb.interactive and console.is_terminal
    title = "the newest unfinished games" if more else "unfinished games, newest first"
    console.print(Text(f"In {folder}, {title}:", "bold"), soft_wrap=True)
    rows = [
        [str(number), saved.game.game, ", ".join(saved.game.seats), when_text(saved.when)]
        for number, saved in enumerate(found, 1)
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    for row, saved in zip(rows, found, strict=True):
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=True)]
        line = Text.assemble(
            (f"{cells[0]:>3}", "bold cyan"), "  ", (cells[1], "bold"), "  ", "  ".join(cells[2:])
        )
        line.append(f"  {progress(saved.game)}")
        console.print(line, soft_wrap=True)
        if not asking:
            console.print(
                f"     {command} play --resume {shell_path(saved.path, relative=False)}",
                soft_wrap=True,
            )
    if not asking:
        console.print("To continue one, run the command under it.")
        raise typer.Exit(0)
    choices = [(f"1 to {len(found)}", "continue that game"), ("Enter", "stop here")]
    prompt = Text(f"Which game goes on? Type its number (1 to {len(found)}), or Enter to stop: ")
    while True:
        try:
            answer = kb.line(prompt, choices)
        except (EOFError, Quit, KeyboardInterrupt):
            console.print()
            raise typer.Exit(0) from None
        if not answer:
            raise typer.Exit(0)
        if answer.isdigit() and 1 <= int(answer) <= len(found):
            return found[int(answer) - 1].path
        kb.error(f"You typed '{answer}': type a number from 1 to {len(found)}, or press Enter.")
