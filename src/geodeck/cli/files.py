"""Reading deck files and game records for the commands, with errors that name the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game
from geodeck.decks.files import deck_cards


def read_json(
    path: Path, *, label: str = "", not_json: str = "{path} is not valid JSON: {err}"
) -> Any:
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
    """The game a record file holds, replayed to where it stopped."""
    data = read_json(path, not_json="{path} is not a game record (not valid JSON: {err})")
    try:
        return Game.from_record(data)
    except GeodeckError as err:
        raise GeodeckError(f"{path} is not a valid game record: {err}") from err


def read_deck_file(path: Path) -> dict[str, Any]:
    """A deck file (see ``geodeck.decks.files``) as a deck: ``deck``, ``title``,
    ``attribution`` and the checked ``cards``."""
    raw = read_json(path, label="deck file ")
    try:
        cards = deck_cards(raw)
    except GeodeckError as err:
        raise GeodeckError(f"deck file {path}: {err}") from err
    head = raw if isinstance(raw, dict) else {}
    return {
        "deck": str(head.get("deck") or path.stem),
        "title": str(head.get("title") or path.name),
        "attribution": str(head.get("attribution") or ""),
        "cards": cards,
    }
