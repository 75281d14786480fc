"""Where the server keeps its tables: ``schema.py`` says what is stored, ``store.py``
reads and writes it (``Storage``), ``batches.py`` writes the actions of many tables in
one commit on SQLite."""

from geodeck.server.storage import players as players  # its tables join the schema
from geodeck.server.storage.database import default_url, engine_url
from geodeck.server.storage.schema import Append, Conflict, SeatRow, StoredTable
from geodeck.server.storage.store import Storage

__all__ = ["Append", "Conflict", "SeatRow", "Storage", "StoredTable", "default_url", "engine_url"]
