"""The cards' rated difficulty from what this machine has: every player's practice file
and the saved games in the user's data directory (docs/ratings.md).

Practice answers count for a card by its id, whichever deck they were given in; the
saved games are read oldest first (by file name), then the practice files by name. A
file that cannot be read or replayed is passed over: it says nothing of the cards.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from geodeck.core.errors import GeodeckError
from geodeck.ratings import CardRatings


def _json(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob("*.json") if p.is_file())
    except OSError:
        return []


def local_ratings(
    cards: Mapping[str, Mapping[str, object]],
    games: Path | None = None,
    practice: Path | None = None,
) -> CardRatings:
    """The ratings of ``cards`` (a deck's ``{id: card}``) from the saved games in ``games``
    and the practice files in ``practice`` (default: the user's data directory)."""
    from geodeck.cli.autosave import games_folder
    from geodeck.cli.practice.store import data_folder

    ratings = CardRatings(cards)
    for path in _files(games or games_folder()):
        record = _json(path)
        if record is None:
            continue
        try:
            ratings.ingest_record(record)
        except (GeodeckError, KeyError, TypeError, ValueError):
            continue
    for path in _files(practice or data_folder("practice")):
        store = _json(path)
        if store is None or not isinstance(store.get("decks"), dict):
            continue
        player = str(store.get("player") or path.stem)
        for entry in store["decks"].values():
            memories = entry.get("cards") if isinstance(entry, dict) else None
            if isinstance(memories, dict):
                known = {k: m for k, m in memories.items() if isinstance(m, dict)}
                ratings.ingest_practice(player, known, cards)
    return ratings


def given_ratings(source: str, game: str | None) -> CardRatings:
    """The card ratings of a server or a file (``--ratings``): a server's base URL (its
    ratings of ``game``'s cards, ``/api/cards/GAME/ratings``), that address itself, or a
    file of ``CardRatings.to_json``. ``ValueError`` saying why they cannot be read."""
    if source.startswith(("http://", "https://")):
        import httpx

        url = source.rstrip("/")
        if "/api/" not in url:
            if game is None:
                raise ValueError("a server's card ratings are per game: give a game, not a file")
            url = f"{url}/api/cards/{game}/ratings"
        try:
            response = httpx.get(url, timeout=20, follow_redirects=True)
            response.raise_for_status()
            data = response.json()
        except (httpx.HTTPError, ValueError) as err:
            raise ValueError(f"{url}: {err}") from None
    else:
        data = _json(Path(source))
        if data is None:
            raise ValueError(f"{source}: not a readable JSON file")
    try:
        return CardRatings.from_json(data)
    except (AttributeError, KeyError, TypeError, ValueError) as err:
        raise ValueError(f"{source}: not card ratings ({err})") from None


def rated_cell(ratings: CardRatings, card: str) -> str:
    """A card's rated difficulty and the number of answers behind it (blank: none)."""
    answers = ratings.answers(card)
    return f"{ratings.difficulty(card):.1f} ({answers})" if answers else ""
