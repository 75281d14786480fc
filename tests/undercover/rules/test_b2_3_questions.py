"""RULES.md B2.3: reading questions, the reader's rotation, and the answers."""

from __future__ import annotations

import pytest

from geodeck import (
    Answer,
    Hide,
    IllegalAction,
    Name,
    NotYourTurn,
    Pass,
    Stone,
    UndercoverGame,
    WrongKind,
)
from geodeck.cli.summary import summary_of
from tests.undercover import support as sc
from tests.undercover.support import SALT


def readers(game: UndercoverGame, count: int) -> list[int]:
    out = []
    for _ in range(count):
        out.append(sc.question(game, None)["reader"])
        sc.question_round(game)
    return out


def test_b2_3_the_first_question_is_turned_over_when_the_country_is_hidden() -> None:
    """RULES.md B2.3, RECORDS.md: the top question is turned over by rule at once."""
    game = sc.scenario()
    events = sc.play(game, Hide(0, "ES", SALT))
    assert sc.of_kind(events, "question") == [
        {"event": "question", "number": 1, "question": "q01", "about": "country", "reader": 1}
    ]
    assert summary_of(game)["asked"] == 1


def test_b2_3_the_seeker_left_of_the_undercover_player_reads_first() -> None:
    """RULES.md B2.3: in round 1 seat 0 is undercover, so seat 1 reads first; in round 2
    seat 1 is undercover and seat 2 reads first."""
    game = sc.scenario()
    sc.play(game, Hide(0, "ES", SALT))
    assert sc.question(game, None)["reader"] == 1
    for _ in range(12):
        sc.question_round(game)
    sc.play(game, Hide(1, summary_of(game)["layout"][0], SALT))
    assert sc.question(game, None)["reader"] == 2


def test_b2_3_the_reader_passes_clockwise_among_the_seekers() -> None:
    """RULES.md B2.3: the reader role passes clockwise and skips the undercover player."""
    game = sc.scenario(seats=4)
    sc.play(game, Hide(0, "ES", SALT))
    assert readers(game, 7) == [1, 2, 3, 1, 2, 3, 1]
    for _ in range(5):
        sc.question_round(game)
    sc.play(game, Hide(1, summary_of(game)["layout"][0], SALT))
    assert readers(game, 4) == [2, 3, 0, 2]


def test_b2_3_the_five_answers() -> None:
    """RULES.md B2.3: yes, no, probably, probably not, not sure."""
    game = sc.scenario()
    sc.play(game, Hide(0, "ES", SALT))
    assert [a.answer for a in game.legal_actions(0) if isinstance(a, Answer)] == [
        "yes", "no", "probably", "probably_not", "not_sure",
    ]  # fmt: skip
    with pytest.raises(IllegalAction) as err:
        game.apply(Answer(0, "maybe"))
    assert err.value.rule == "B2.3"


def test_b2_3_only_the_undercover_player_answers() -> None:
    """RULES.md B2.3: the undercover player answers; seekers wait."""
    game = sc.scenario()
    sc.play(game, Hide(0, "ES", SALT))
    assert game.expects() == ((0,), "answer")
    with pytest.raises(NotYourTurn):
        game.apply(Answer(1, "yes"))
    with pytest.raises(WrongKind):
        game.apply(Stone(0, "ES", "small"))


def test_b2_3_the_answer_is_the_undercover_players_judgement() -> None:
    """RULES.md B2.3: the answer is not checked against the data (Spain is not
    landlocked, yet "probably" is a legal answer)."""
    game = sc.scenario(pile=["q03", *sc.PILE[:2]])
    sc.play(game, Hide(0, "ES", SALT), Answer(0, "probably"))
    assert game.view(None)["questions"][0]["answer"] == "probably"


def test_b2_3_the_undercover_player_sees_the_data_as_a_hint() -> None:
    """RULES.md B1, B2.3: for a question about the country the undercover player is
    shown the data's answer for the hidden country; nobody else is."""
    game = sc.scenario(pile=["q05", "q60", "q03"])
    sc.play(game, Hide(0, "AT", SALT))
    assert sc.question(game, 0)["hint"] == "yes"
    for seat in (None, 1, 2, 3):
        assert "hint" not in sc.question(game, seat)
    sc.question_round(game, "yes")
    assert "hint" not in sc.question(game, 0)
    sc.question_round(game, "no")
    assert [q.get("hint") for q in game.view(0)["questions"]] == ["yes", None, "yes"]


def test_b2_3_the_round_s_questions_and_answers_stay_in_view() -> None:
    """RULES.md B2.3 (rulebook: the question cards of a round lie out so the players can
    keep track): every view lists the round's questions with reader, named seeker and
    answer."""
    game = sc.scenario(pile=["q60", "q01", "q02"])
    sc.play(game, Hide(0, "ES", SALT), Name(1, 3), Answer(0, "not_sure"))
    sc.all_pass(game)
    sc.play(game, Answer(0, "probably"))
    questions = game.view(3)["questions"]
    assert [(q["id"], q["reader"], q["seeker"], q["answer"]) for q in questions] == [
        ("q60", 1, 3, "not_sure"),
        ("q01", 2, None, "probably"),
    ]
    assert questions[1]["text"] == "Is the country known for its winter sports areas?"


def test_b2_3_naming_is_due_before_the_answer() -> None:
    """RECORDS.md: a question about a seeker waits for the reader's ``name``."""
    game = sc.scenario(pile=["q61", "q01"])
    sc.play(game, Hide(0, "ES", SALT))
    with pytest.raises(NotYourTurn):
        game.apply(Answer(0, "yes"))
    with pytest.raises(WrongKind):
        game.apply(Pass(1))
    sc.play(game, Name(1, 2))
    assert game.expects() == ((0,), "answer")
