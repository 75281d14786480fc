"""The ``learned`` bot level: it loads the shipped weights, plays legal moves of whole
cross-family games, is deterministic, plays Undercover as the expert, and says what it
needs when numpy is missing (docs/rl.md, The learned bot)."""

from __future__ import annotations

import sys
from importlib import resources

import pytest

import geodeck
from geodeck.bots import LEVELS, make_bot
from geodeck.bots.learned import GUESS, RESPONSE, LearnedBot
from geodeck.core.errors import SetupError


def play(seed: int) -> list[object]:
    pytest.importorskip("numpy", reason="the rl extra is not installed: pip install '.[rl]'")
    game = geodeck.new_game("uppsala", ["A", "B", "C"], seed=seed)
    atlas = game.to_record()["cards"]
    bots = [make_bot("learned", seed + s, atlas=atlas) for s in range(2)]
    bots.append(make_bot("expert", seed + 2, atlas=atlas))
    while not game.finished:
        seat = game.expects().seats[0]
        legal = game.legal_actions(seat)
        action = bots[seat].choose(game.view(seat), legal)
        assert action in legal
        game.apply(action)
    return list(game.actions)


def test_learned_is_a_level_and_its_bot_plays_whole_games_the_same_way_twice() -> None:
    assert "learned" in LEVELS
    assert play(5) == play(5)


def test_the_shipped_weights_are_small_and_fit_the_features() -> None:
    pytest.importorskip("numpy", reason="the rl extra is not installed: pip install '.[rl]'")
    from geodeck.bots.learned import WEIGHTS, load_weights

    stored = resources.files("geodeck.bots").joinpath("data", WEIGHTS).read_bytes()
    assert len(stored) < 300_000
    weights = load_weights()
    assert weights["response"].shape == (len(RESPONSE),)
    assert weights["guess"].shape == (len(GUESS),)
    assert isinstance(make_bot("learned"), LearnedBot)


def test_for_undercover_the_learned_level_plays_as_the_expert() -> None:
    assert make_bot("learned", game="undercover").level == "expert"


def test_without_numpy_the_learned_level_says_it_needs_the_rl_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(SetupError, match=r"geodeck\[rl\]"):
        make_bot("learned")
