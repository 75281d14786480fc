"""What practice and the daily challenge keep between runs, per player, in the user's data
directory (``platformdirs``; on Linux ``~/.local/share/geodeck``):

- ``practice/PLAYER.json``: each deck's Leitner boxes (``geodeck.practice.boxes``), under
  ``decks`` keyed ``GAME/VARIANT/HASH`` (the first 12 digits of the deck's content hash);
- ``daily/PLAYER.json``: each day's result under ``results`` keyed ``GAME/DATE``, with
  the deck's hash, the placings (``[line, gap]`` each) and the score.

``PLAYER`` is the player's name made safe for a file name. A file that cannot be read is
reported, never overwritten.
"""

from __future__ import annotations

import getpass
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from geodeck.cli.errors import FAILED, fail
from geodeck.practice.boxes import Progress


def data_folder(kind: str) -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("geodeck", appauthor=False)) / kind


def default_player() -> str:
    """The player's name when none is given: ``GEODECK_PLAYER``, else the login name."""
    name = os.environ.get("GEODECK_PLAYER", "").strip()
    if name:
        return name
    try:
        return getpass.getuser() or "player"
    except (OSError, KeyError):
        return "player"


def checked_player(name: str) -> str:
    name = name.strip()
    if not name or len(name) > 40 or not re.search(r"\w", name):
        fail(f"--player needs a name of 1 to 40 characters with a letter or digit, not {name!r}")
    return name


def player_file(kind: str, player: str) -> Path:
    safe = re.sub(r"[^\w-]+", "-", player.casefold()).strip("-") or "player"
    return data_folder(kind) / f"{safe}.json"


def read_store(path: Path) -> dict[str, Any]:
    """The JSON object kept in ``path`` (empty if there is none yet)."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        fail(f"cannot read {path}: {err}; move it away to start afresh", FAILED)
    if not isinstance(data, dict):
        fail(f"{path} does not hold geodeck's practice data; move it away", FAILED)
    return data


def write_store(path: Path, data: Mapping[str, object]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        spare = path.with_name(path.name + ".new")
        spare.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", "utf-8")
        spare.replace(path)
    except OSError as err:
        fail(f"cannot write {path}: {err.strerror or err}", FAILED)


def deck_key(game: str, variant: str, deck_hash: str) -> str:
    return f"{game}/{variant}/{deck_hash[:12]}"


class PracticeStore:
    """One player's practice file."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.path = player_file("practice", player)
        self.data = read_store(self.path)
        self.data["player"] = player
        self.decks: dict[str, Any] = self.data.setdefault("decks", {})

    def progress(self, key: str) -> Progress:
        entry = self.decks.get(key)
        return Progress.from_json(entry) if isinstance(entry, dict) else Progress()

    def keep(self, key: str, title: str, progress: Progress) -> None:
        self.decks[key] = {"title": title, **progress.to_json()}
        write_store(self.path, self.data)

    def titles(self) -> dict[str, str]:
        return {k: str(v.get("title", k)) for k, v in self.decks.items() if isinstance(v, dict)}
