"""A shuffle that every Python version (and any other language) deals the same way.

``random.shuffle`` is not promised to stay the same across Python versions (only
``random.random()``'s sequence is), so geodeck deals from a stream of its own, defined
here in full so that anyone can reproduce a deal with standard tools:

- **Blocks.** Block ``j`` (``j`` = 0, 1, 2, …) of the stream for a text ``key`` is the
  SHA-256 digest of the UTF-8 text ``KEY#J`` (``J`` in decimal), e.g. ``geodeck/test#0``.
- **Words.** Each block gives four 64-bit words, read as unsigned big-endian integers in
  order; the stream is the words of block 0, then of block 1, and so on.
- **A number below n** (``n`` >= 1) takes words until one is below
  ``2**64 - 2**64 % n`` and returns that word modulo ``n`` (so every result is equally
  likely); ``n`` = 1 takes no word and gives 0.
- **A shuffle** of a list of length ``m`` is Fisher-Yates from the end: for ``i`` from
  ``m - 1`` down to 1, swap the item at ``i`` with the item at a number below ``i + 1``.
- **A sample** of ``k`` items is the first ``k`` of the shuffled list.

The tests hold fixed vectors for this definition (``tests/unit/test_shuffle.py``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

WORD = 2**64


class Stream:
    """The stream of whole numbers for one ``key``."""

    def __init__(self, key: str) -> None:
        self.key = key
        self._words = self._generate()

    def _generate(self) -> Iterator[int]:
        block = 0
        while True:
            digest = hashlib.sha256(f"{self.key}#{block}".encode()).digest()
            for start in range(0, 32, 8):
                yield int.from_bytes(digest[start : start + 8], "big")
            block += 1

    def word(self) -> int:
        """The next 64-bit word."""
        return next(self._words)

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each equally likely."""
        if n < 1:
            raise ValueError(f"no whole number is below {n} and at least 0")
        if n == 1:
            return 0
        limit = WORD - WORD % n
        while True:
            value = self.word()
            if value < limit:
                return value % n

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffled(items: Sequence[T], key: str) -> list[T]:
    """A shuffled copy of ``items``: the same ``key`` always gives the same order."""
    out = list(items)
    Stream(key).shuffle(out)
    return out


def sample(items: Sequence[T], count: int, key: str) -> list[T]:
    """``count`` of ``items`` chosen by ``key``: the first ``count`` of the shuffle."""
    if not 0 <= count <= len(items):
        raise ValueError(f"cannot choose {count} of {len(items)} items")
    return shuffled(items, key)[:count]
