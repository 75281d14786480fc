"""``geodeck.core.shuffle``: the shuffle every deal uses, the same on every Python version.

Fixed vectors pin the definition down (a change to it would deal stored seeds anew); a
second, plain reading of the definition in its docstring, written here from scratch,
must agree with the module everywhere."""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import pytest

import geodeck
import geodeck.decks
from geodeck.core.shuffle import Stream, sample, shuffled

VECTORS = [
    ("geodeck/test", list(range(10)), [2, 7, 5, 3, 4, 9, 1, 0, 8, 6]),
    (
        "geodeck/cross/deal/7",
        list("abcdefghijklmnopqrstuvwxyz"),
        list("gbctkrypuqxinmvlajsozwfhed"),
    ),
]


def plain_shuffle(items: list[int], key: str) -> list[int]:
    """The docstring's definition, step by step."""
    words: list[int] = []
    block = 0

    def word() -> int:
        nonlocal block
        if not words:
            digest = hashlib.sha256((key + "#" + str(block)).encode("utf-8")).digest()
            words.extend(int(digest[i : i + 8].hex(), 16) for i in (24, 16, 8, 0))
            block += 1
        return words.pop()

    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        while True:
            w = word()
            if w < 2**64 - (2**64 % n):
                break
        j = w % n
        out[i], out[j] = out[j], out[i]
    return out


def test_the_first_word_is_the_first_8_bytes_of_sha256_of_key_hash_0() -> None:
    assert Stream("geodeck/test").word() == 17451814542391773126
    digest = hashlib.sha256(b"geodeck/test#0").digest()
    stream = Stream("geodeck/test")
    assert [stream.word() for _ in range(4)] == [
        int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8)
    ]


@pytest.mark.parametrize(("key", "items", "expected"), VECTORS)
def test_fixed_vectors(key: str, items: list[object], expected: list[object]) -> None:
    assert shuffled(items, key) == expected


@pytest.mark.parametrize("seed", range(40))
def test_the_module_and_a_plain_reading_of_its_definition_agree(seed: int) -> None:
    rng = random.Random(seed)
    items = list(range(rng.randint(0, 300)))
    key = f"geodeck/any/{seed}"
    assert shuffled(items, key) == plain_shuffle(items, key)


def test_below_is_uniform_and_in_range() -> None:
    stream = Stream("geodeck/uniform")
    counts = Counter(stream.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 10_000) < 500 for c in counts.values()), counts
    assert Stream("x").below(1) == 0
    with pytest.raises(ValueError, match="below 0"):
        Stream("x").below(0)


def test_a_sample_is_the_head_of_the_shuffle() -> None:
    items = list(range(100))
    assert sample(items, 5, "k") == shuffled(items, "k")[:5] == [36, 11, 48, 44, 7]
    with pytest.raises(ValueError, match="cannot choose 101"):
        sample(items, 101, "k")


def test_new_games_deal_by_it() -> None:
    """A cross deal is the shuffle of the playable ids with key ``geodeck/cross/deal/SEED``;
    an Undercover record says ``"shuffle": "sha256"``."""
    game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=7)
    record = game.to_record()
    deck = geodeck.decks.shipped_deck("uppsala")
    ids = shuffled(list(deck), "geodeck/cross/deal/7")
    assert record["setup"]["draw"][:15] == ids[:15]
    assert record["setup"]["start"] == ids[45]
    under = geodeck.new_game("undercover", ["A", "B", "C"], seed=7).to_record()
    assert under["setup"]["shuffle"] == "sha256"
