"""Reading deck files and game records for the commands, with errors that name the file;
checking a file a command is to write before it starts."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from geodeck.cli.errors import fail
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game
from geodeck.decks.files import DeckError, deck_file
from geodeck.names import printable_data


def read_json(
    path: Path, *, label: str = "", not_json: str = "{path} is not valid JSON: {err}"
) -> object:
    """The parsed JSON of ``path``; ``label`` names the kind of file in messages."""
    try:
        text = path.read_text("utf-8")
    except OSError as err:
        raise GeodeckError(f"cannot read {label}{path}: {err.strerror or err}") from err
    except UnicodeDecodeError as err:
        raise GeodeckError(f"{label}{path} is not UTF-8 text") from err
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise GeodeckError(not_json.format(path=f"{label}{path}", err=err)) from err


def read_game(path: Path) -> Game:
    """The game a record file holds, replayed to where it stopped. A record may come from
    anyone: a character no name may hold (a terminal escape, a bidirectional override)
    reaches the screen as ``\ufffd`` (``geodeck.names.printable``)."""
    data = read_json(path, not_json="{path} is not a game record (not valid JSON: {err})")
    try:
        return Game.from_record(printable_data(data))
    except GeodeckError as err:
        raise GeodeckError(f"{path} is not a valid game record: {err}") from err


def read_deck_file(path: Path) -> dict[str, Any]:
    """A deck file as a deck (``geodeck.decks.files.deck_file``): ``deck``, ``title``,
    ``attribution`` and the checked ``cards``; a ``DeckError`` names the file."""
    raw = read_json(path, label="deck file ")
    try:
        return deck_file(raw, deck=path.stem, title=path.name)
    except DeckError as err:
        raise DeckError(f"deck file {path}: {err.message}", rule=err.rule) from err


def check_output(path: Path, option: str, *, force: bool = True) -> None:
    """Fail (``CommandError``) unless ``path``, given with ``option``, can be written before
    any work starts: its folder exists and may be written to, it is no folder itself, and
    unless ``force`` it does not exist yet."""
    folder = path.parent
    if path.is_dir():
        fail(f"{option} {path} is a folder; name a file (in it, for example)")
    if not folder.exists():
        fail(f"{option} {path}: there is no folder {folder}")
    if not folder.is_dir():
        fail(f"{option} {path}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        fail(f"{option} {path}: the folder {folder} may not be written to")
    if path.exists() and not os.access(path, os.W_OK):
        fail(f"{option} {path}: the file may not be written to")
    if path.exists() and not force:
        fail(f"{option} {path}: the file exists; give --force to write over it")
