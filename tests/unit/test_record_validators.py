"""The validators behind ``geodeck.core.records.validate`` agree: the quick one that
answers valid records (``fastjsonschema``'s), and ``jsonschema``'s, which names the place
an invalid record breaks. Real records
of both families are broken at random and all are asked."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import geodeck
from geodeck.core import records
from geodeck.core.errors import RecordError
from tests.support import examples, random_step

VALUES: list[Any] = [None, True, False, 0, -1, 3, 2.5, "", "x", "west-east", [], [1], {}, {"a": 1}]


def finished_record(game: str, seed: int) -> dict[str, Any]:
    seats = ["A", "B", "C", "D"]
    played = geodeck.new_game(game, seats, seed=seed)
    rng = random.Random(seed)
    while not played.finished:
        random_step(played, rng)
    record: dict[str, Any] = played.to_record()
    return record


RECORDS = {game: finished_record(game, 5) for game in ("uppsala", "italia", "undercover")}


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value``."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += places(item, (*path, index))
    return out


def broken(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of ``record`` with one to three values replaced, removed or added."""
    out = copy.deepcopy(record)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(places(out)[1:])
        parent = out
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        how = rng.random()
        if how < 0.6:
            parent[last] = copy.deepcopy(rng.choice(VALUES))
        elif how < 0.8 and isinstance(parent, dict):
            del parent[last]
        elif isinstance(parent, dict):
            parent[f"extra{rng.randint(0, 9)}"] = rng.choice(VALUES)
    return out


def quick_says(record: Any) -> bool:
    return records._quick()(record)


@settings(max_examples=examples(400), deadline=None)
@given(st.sampled_from(sorted(RECORDS)), st.randoms(use_true_random=False))
def test_the_quick_and_the_precise_validators_agree(game: str, rng: random.Random) -> None:
    record = broken(RECORDS[game], rng)
    precise = records._validator().is_valid(record)
    assert quick_says(record) == precise


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_valid_records_pass_and_a_broken_one_is_named_precisely(game: str) -> None:
    record = RECORDS[game]
    assert quick_says(record)
    records.validate(record)
    bad = copy.deepcopy(record)
    bad["actions"][2]["seat"] = "two"
    with pytest.raises(RecordError) as caught:
        records.validate(bad)
    assert caught.value.index == 2
    assert "actions/2/seat" in caught.value.message
