"""The group commit of SQLite appends (``geodeck.server.writer``): one batch per turn of
the event loop, later arrivals in the next batch, each caller told its own outcome."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

import pytest

from geodeck.server.storage import Append, Conflict
from geodeck.server.writer import Writer


def append(code: str, index: int) -> Append:
    return Append(code, index, {"act": "pass", "seat": 0}, "playing", None)


class Recorder:
    """A stand-in for ``Storage.append_actions`` that keeps the batches it was given and
    can be held until the test lets it go on."""

    def __init__(self, refuse: str | None = None, fail: bool = False) -> None:
        self.batches: list[list[str]] = []
        self.gate = threading.Event()
        self.gate.set()
        self.refuse = refuse
        self.fail = fail

    def __call__(self, batch: Sequence[Append]) -> list[Exception | None]:
        self.gate.wait(timeout=10)
        self.batches.append([f"{a.code}:{a.index}" for a in batch])
        if self.fail:
            raise OSError("disk full")
        return [Conflict("refused") if a.code == self.refuse else None for a in batch]


def test_appends_of_one_turn_share_a_batch_and_later_ones_the_next() -> None:
    async def case() -> list[list[str]]:
        recorder = Recorder()
        writer = Writer(recorder)
        recorder.gate.clear()
        first = [asyncio.create_task(writer.append(append(c, 0))) for c in "ABC"]
        await asyncio.sleep(0.05)  # the first batch is being written, held at the gate
        later = [asyncio.create_task(writer.append(append(c, 1))) for c in "AB"]
        await asyncio.sleep(0.05)
        assert not any(t.done() for t in first + later)
        recorder.gate.set()
        await asyncio.gather(*first, *later)
        await writer.close()
        return recorder.batches

    assert asyncio.run(case()) == [["A:0", "B:0", "C:0"], ["A:1", "B:1"]]


def test_a_refused_append_fails_its_caller_only() -> None:
    async def case() -> list[BaseException | None]:
        writer = Writer(Recorder(refuse="B"))
        results = await asyncio.gather(
            *(writer.append(append(c, 0)) for c in "ABC"), return_exceptions=True
        )
        await writer.close()
        return list(results)

    first, second, third = asyncio.run(case())
    assert first is None
    assert isinstance(second, Conflict)
    assert third is None


def test_a_failed_commit_fails_the_whole_batch_and_the_writer_goes_on() -> None:
    async def case() -> tuple[list[BaseException | None], list[list[str]]]:
        recorder = Recorder(fail=True)
        writer = Writer(recorder)
        results = await asyncio.gather(
            *(writer.append(append(c, 0)) for c in "AB"), return_exceptions=True
        )
        recorder.fail = False
        await writer.append(append("C", 0))
        await writer.close()
        return list(results), recorder.batches

    results, batches = asyncio.run(case())
    assert all(isinstance(r, OSError) for r in results)
    assert batches == [["A:0", "B:0"], ["C:0"]]


def test_close_waits_for_the_batch_under_way() -> None:
    async def case() -> list[list[str]]:
        recorder = Recorder()
        writer = Writer(recorder)
        recorder.gate.clear()
        task = asyncio.create_task(writer.append(append("A", 0)))
        await asyncio.sleep(0.05)
        closing = asyncio.create_task(writer.close())
        await asyncio.sleep(0.05)
        assert not closing.done()
        recorder.gate.set()
        await closing
        assert task.done()
        return recorder.batches

    assert asyncio.run(case()) == [["A:0"]]


@pytest.mark.parametrize("count", [1, 50])
def test_every_caller_returns_once_stored(count: int) -> None:
    async def case() -> int:
        recorder = Recorder()
        writer = Writer(recorder)
        await asyncio.gather(*(writer.append(append(f"T{i}", 0)) for i in range(count)))
        await writer.close()
        return sum(len(b) for b in recorder.batches)

    assert asyncio.run(case()) == count
