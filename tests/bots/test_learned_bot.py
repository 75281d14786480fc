"""The ``learned`` bot level: it loads the shipped weights, plays legal moves of whole
cross-family games, is deterministic, plays Undercover as the expert, and plays without
numpy (docs/rl.md, The learned bot)."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources

import geodeck
from geodeck.bots import LEVELS, make_bot
from geodeck.bots.learned import GUESS, RESPONSE, LearnedBot


def play(seed: int) -> list[object]:
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
    from geodeck.bots.learned import WEIGHTS, load_weights

    stored = resources.files("geodeck.bots").joinpath("data", WEIGHTS).read_bytes()
    assert len(stored) < 300_000
    weights = load_weights()
    assert len(weights["response"]) == len(RESPONSE)
    assert len(weights["guess"]) == len(GUESS)
    assert isinstance(make_bot("learned"), LearnedBot)


def test_for_undercover_the_learned_level_plays_as_the_expert() -> None:
    assert make_bot("learned", game="undercover").level == "expert"


def test_the_learned_bot_plays_without_importing_numpy() -> None:
    """Run apart, so that no other test's numpy is already imported: a learned bot plays
    each of its choices of a whole game."""
    script = (
        "import sys, geodeck\n"
        "from geodeck.bots import make_bot\n"
        "game = geodeck.new_game('uppsala', ['A', 'B'], seed=3)\n"
        "bot = make_bot('learned', 3, atlas=game.to_record()['cards'])\n"
        "while not game.finished:\n"
        "    seat = game.expects().seats[0]\n"
        "    game.apply(bot.choose(game.view(seat), game.legal_actions(seat)))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'numpy'))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
