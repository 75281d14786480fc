"""``view(seat, since=k)``: the same view with the history from event k on."""

from __future__ import annotations

import random

import pytest

import geodeck
from tests.support import random_step


@pytest.mark.parametrize("game_id", ["uppsala", "undercover"])
def test_view_since_is_the_tail_of_the_full_history(game_id: str) -> None:
    seats = ["Ann", "Ben", "Cem", "Dan"]
    game = geodeck.new_game(game_id, seats, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        random_step(game, rng)
    for seat in [None, 0, 1, 2, 3]:
        full = game.view(seat)
        total = len(full["history"])
        assert total > 10
        for since in (0, 5, total - 1, total):
            part = game.view(seat, since=since)
            assert part["history_from"] == since
            assert part["history"] == full["history"][since:]
            assert {k: v for k, v in part.items() if k not in ("history", "history_from")} == {
                k: v for k, v in full.items() if k not in ("history", "history_from")
            }
        assert game.view(seat, since=-3)["history_from"] == 0
        assert game.view(seat, since=total + 9)["history"] == []
