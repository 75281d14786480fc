"""RULES.md B1 (questions about a seeker) with geodeck's rule for computer players
(docs/rules.md, "Computer players"): a question about a seeker is replaced by the next
card when the hider is a computer player, or when no human seeker could stand for X; X is
always a human seeker. The computer seats are part of the setup (``setup.computers``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from geodeck import Game, Hide, IllegalAction, Name, SetupError, UndercoverGame
from geodeck.bots.base import make_bot
from tests.undercover import support as sc
from tests.undercover.support import SALT

SEEKER_FIRST = ["q60", "q01", "q61", "q02", "q03", "q04", "q05", "q06", "q07", "q08", "q09"]
SEEKER_FIRST += ["q10", "q11", "q12", "q62", "q63", "q64"]


def game_with(
    computers: list[int] | None, *, seats: int = 4, pile: list[str] | None = None
) -> UndercoverGame:
    rec = sc.record(seats=seats, pile=pile or SEEKER_FIRST)
    if computers is not None:
        rec["setup"]["computers"] = computers
    game = Game.from_record(rec)
    assert isinstance(game, UndercoverGame)
    return game


def named(game: UndercoverGame, seat: int) -> list[int]:
    """The seats ``seat`` may name for X now."""
    return [a.seeker for a in game.legal_actions(seat) if isinstance(a, Name)]


def test_b1_a_computer_hider_gets_no_question_about_a_seeker() -> None:
    """docs/rules.md, computer players: the hider (seat 0) is a computer player, so q60 is
    set aside unread and q01 is read instead, as the first question of the round."""
    game = game_with([0])
    events = sc.play(game, Hide(0, "ES", SALT))
    assert sc.of_kind(events, "replace") == [
        {"event": "replace", "question": "q60", "reason": "computer_hider"}
    ]
    assert sc.of_kind(events, "question") == [
        {"event": "question", "number": 1, "question": "q01", "about": "country", "reader": 1}
    ]
    assert game.view(None)["discarded"] == 1
    sc.question_round(game)
    assert sc.question(game, None)["id"] == "q02"  # q61 was replaced too
    assert [q["id"] for q in game.view(None)["questions"]] == ["q01", "q02"]


def test_b1_x_is_a_human_seeker() -> None:
    """docs/rules.md, computer players: seat 2 is a computer player; the reader (seat 1)
    may name seat 1 or 3 for X, never seat 2."""
    game = game_with([2])
    sc.play(game, Hide(0, "ES", SALT))
    assert game.expects().kind == "name"
    assert named(game, 1) == [1, 3]
    with pytest.raises(IllegalAction) as err:
        game.apply(Name(1, 2))
    assert err.value.rule == "B1"
    assert game.version == 1


def test_b1_a_computer_reader_names_a_human() -> None:
    """The reader may be a computer player; X is still a human seeker."""
    game = game_with([1, 2])
    sc.play(game, Hide(0, "ES", SALT))
    assert named(game, 1) == [3]


def test_b1_without_a_human_seeker_the_question_is_replaced() -> None:
    """docs/rules.md, computer players: the hider is human but every seeker is a computer
    player; nobody may stand for X, so the question is replaced."""
    game = game_with([1, 2, 3])
    events = sc.play(game, Hide(0, "ES", SALT))
    assert sc.of_kind(events, "replace") == [
        {"event": "replace", "question": "q60", "reason": "no_human_seeker"}
    ]


def test_b1_among_people_every_question_is_read() -> None:
    """No computer seats (and records written before the rule): nothing is replaced."""
    options: list[list[int] | None] = [None, []]
    for computers in options:
        game = game_with(computers)
        events = sc.play(game, Hide(0, "ES", SALT))
        assert sc.of_kind(events, "replace") == []
        assert game.expects().kind == "name"
        assert named(game, 1) == [1, 2, 3]


def test_b1_a_pile_of_questions_about_seekers_only_ends_the_round() -> None:
    """A hand-made pile with nothing a computer hider may answer: the round ends, it does
    not turn cards for ever."""
    game = game_with([0], pile=["q60", "q61", "q62", "q63", "q64"] * 1)
    events = sc.play(game, Hide(0, "ES", SALT))
    assert sc.of_kind(events, "reveal")
    assert sc.of_kind(events, "reveal")[0]["asked"] == 0


def test_b1_the_computer_seats_are_recorded_and_replay_exactly() -> None:
    game = sc.dealt(4, seed=5, options={"computers": [0, 3]})
    rng = random.Random(3)
    for _ in range(60):
        game.apply(sc.random_action(game, rng))
    record = game.to_record()
    assert record["setup"]["computers"] == [0, 3]
    assert "options" not in record
    again = Game.from_record(record)
    assert again.to_record() == record
    assert again.view(None) == game.view(None)
    assert game.view(1)["computers"] == [0, 3]


@pytest.mark.parametrize("bad", [[4], [-1], [1, 1], [True], "0", [0.5]])
def test_b1_computer_seats_must_be_seats_of_the_game(bad: Any) -> None:
    with pytest.raises(SetupError):
        sc.dealt(4, options={"computers": bad})


def test_b1_the_cross_family_has_no_computer_seats_option() -> None:
    from geodeck import new_game

    with pytest.raises(SetupError):
        new_game("uppsala", ["Ann", "Ben"], options={"computers": [1]})


def test_b1_bots_never_meet_a_question_about_a_seeker_they_cannot_answer() -> None:
    """Bots at every seat but one: a bot hider is never asked about a seeker and no bot is
    ever named for X (the property test checks the same over random play)."""
    atlas = {"countries": sc.countries(), "questions": sc.questions()}
    for seed in range(4):
        game = sc.dealt(4, seed=seed, options={"computers": [1, 2, 3]})
        bots = {
            s: make_bot("casual", seed * 10 + s, game="undercover", atlas=atlas) for s in (1, 2, 3)
        }
        rng = random.Random(seed)
        while game.expects().seats:
            seat = game.expects().seats[0]
            legal = game.legal_actions(seat)
            if seat in bots:
                action = bots[seat].choose(game.view(seat), legal)
            else:
                action = sc.random_action(game, rng)
            game.apply(action)
        assert_fair_to_computers(game)


def assert_fair_to_computers(game: UndercoverGame) -> None:
    """Over the whole history: no question about a seeker while a computer hides, and no
    computer named for X."""
    hider = None
    for event in (e.to_wire() for e in game.history):
        if event["event"] == "round":
            hider = event["undercover"]
        elif event["event"] == "question" and event["about"] == "seeker":
            assert hider not in game.computers
        elif event["event"] == "name":
            assert event["seeker"] not in game.computers
