"""The cards' ratings of finished tables go in batches (docs/ratings.md, At a server): one
worker at a time, the tables rated meanwhile together, a batch at most every
``CARD_BATCH_EVERY`` seconds; a table rated long after the last batch goes at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

import pytest

from geodeck.server import cards, players, ratings_api
from geodeck.server.cards import Played
from geodeck.server.storage import Storage
from tests.server.test_memory import lobby_on

EVERY = 0.4


def test_tables_rated_soon_after_a_batch_wait_for_the_next_and_go_in_it_together(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ratings_api, "CARD_BATCH_EVERY", EVERY)
    # every table is rated (no seat with a key: no change), and what reaches the cards'
    # ratings is counted instead of ingested
    monkeypatch.setattr(players, "rate_table", lambda storage, code, rule: [])
    batches: list[tuple[float, list[str]]] = []

    def ingest(storage: Storage, played: Sequence[Played]) -> dict[str, dict[str, float]]:
        batches.append((time.monotonic(), [table.game for table in played]))
        return {}

    monkeypatch.setattr(cards, "ingest_played", ingest)

    def table(name: str) -> Played:
        return Played(name, (), {})

    async def case() -> None:
        async with lobby_on(sqlite_url) as lobby:
            rater = lobby.rater
            began = time.monotonic()
            rater.finished("AAAAAA", table("first"))
            await rater.settle()
            rater.finished("BBBBBB", table("second"))
            rater.finished("CCCCCC", table("third"))
            await rater.settle()
            await asyncio.sleep(EVERY + 0.1)
            late = time.monotonic()
            rater.finished("DDDDDD", table("late"))
            await rater.settle()
        assert [names for _, names in batches] == [["first"], ["second", "third"], ["late"]]
        first, second, third = (at for at, _ in batches)
        assert first - began < EVERY / 2  # the first at once
        assert second - first >= EVERY * 0.75  # the next waited for its turn
        assert third - late < EVERY / 2  # long after the last one: at once

    asyncio.run(case())
