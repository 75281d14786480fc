"""The arithmetic of a table's time (``geodeck.server.timing``): which events the table
waits after, and how a move's time and a seat's bank run (docs/protocol.md)."""

from __future__ import annotations

import geodeck
from geodeck.cross.events import Checked, Judged, Placed, Scoring
from geodeck.server.timing import Clock, is_moment
from geodeck.undercover.events import Placed as Stone
from geodeck.undercover.events import RoundEnded
from tests.support import sample_cards


def test_the_moments_are_a_verdict_a_check_and_a_rounds_result() -> None:
    assert is_moment([Placed(0, "berlin", "west-east", 0), Judged("berlin", "rome", True)])
    assert is_moment([Checked((0, 1), 1, ("berlin",))])
    assert is_moment([RoundEnded(1, 0, "ES", "salt", "c0ffee", False, 12, (0, 1, 2))])
    assert not is_moment([Placed(0, "berlin", "west-east", 0), Scoring(False)])
    assert not is_moment([Stone(1, "ES", "small")])
    assert not is_moment([])


def test_a_challenge_in_a_real_game_is_a_moment() -> None:
    game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=3, deck=sample_cards())
    assert not is_moment(game.apply(game.legal_actions(0)[0]))
    challenge = next(a for a in game.legal_actions(1) if a.to_wire()["act"] == "challenge")
    assert is_moment(game.apply(challenge))


def test_a_move_within_its_time_leaves_the_bank_alone() -> None:
    clock = Clock(30, bank=60)
    clock.start(0, now=100.0, wall=1_000.0)
    assert clock.due() == 190.0
    assert clock.to_wire()["deadlines"] == {"0": 1_090_000}
    assert clock.to_wire()["banks"] == {"0": 60}
    assert not clock.stop(0, now=125.0)
    assert clock.left(0) == 60
    assert clock.due() is None


def test_time_over_a_move_comes_out_of_the_bank_until_it_is_gone() -> None:
    clock = Clock(30, bank=60)
    clock.start(1, now=0.0, wall=0.0)
    assert clock.stop(1, now=50.0)  # 20 s over
    assert clock.left(1) == 40
    clock.start(1, now=100.0, wall=100.0)
    assert clock.due() == 170.0  # 30 s and the 40 s left
    assert clock.stop(1, now=170.0)
    assert clock.left(1) == 0
    clock.start(1, now=200.0, wall=200.0)
    assert clock.due() == 230.0
    assert clock.left(0) == 60  # the other seats keep theirs


def test_without_a_bank_the_move_time_is_all() -> None:
    clock = Clock(30)
    clock.start(0, now=0.0, wall=0.0)
    assert clock.due() == 30.0
    assert not clock.stop(0, now=29.0)
    assert clock.to_wire()["banks"] == {}
