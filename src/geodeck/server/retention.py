"""``--retention-days``: the finished tables of long ago are deleted, with their records and
the names in them, when the server starts and then once an hour (``storage/admin.py``)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from geodeck.server.storage import admin

if TYPE_CHECKING:
    from geodeck.server.lobby import Lobby

EVERY = 3600.0
log = logging.getLogger("geodeck.server")


async def purge_every(lobby: Lobby, every: float = EVERY) -> None:
    days = lobby.settings.retention_days
    while True:
        try:
            codes = await lobby.run(admin.purge, lobby.storage, days)
        except Exception:
            log.exception("deleting the finished tables of over %g days ago failed", days)
        else:
            if codes:
                log.info("deleted %d finished tables of over %g days ago", len(codes), days)
        await asyncio.sleep(every)
