"""RULES.md B1: players, country cards, question cards and guess stones."""

from __future__ import annotations

from typing import Any

import pytest

from geodeck import Game, Hide, IllegalAction, Name, RecordError, SetupError, new_game
from geodeck.cli.summary import summary_of
from tests.undercover import support as sc
from tests.undercover.support import SALT


def seeker_question_first(seats: int = 4) -> Any:
    game = sc.scenario(seats=seats, pile=["q60", *sc.COUNTRY_QUESTIONS])
    sc.play(game, Hide(0, "ES", SALT))
    return game


@pytest.mark.parametrize("seats", [2, 7])
def test_b_three_to_six_players(seats: int) -> None:
    """RULES.md Part B: 3 to 6 players."""
    names = [f"P{i}" for i in range(seats)]
    with pytest.raises(SetupError) as err:
        new_game("undercover", names, deck=sc.mini_deck())
    assert err.value.rule == "B"


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_b1_every_player_starts_with_five_small_and_one_large_stone(seats: int) -> None:
    """RULES.md B1: per player 5 small guess stones and 1 large."""
    game = sc.dealt(seats)
    assert [(s["small"], s["large"]) for s in summary_of(game)["seats"]] == [(5, 1)] * seats


def test_b1_country_cards_show_their_data_face_up() -> None:
    """RULES.md B1: a country card shows name, capital, vehicle code, area and population
    with their world ranks, and a colour; every view shows the laid-out cards whole."""
    game = sc.scenario()
    spain = sc.countries()["ES"]
    for seat in (None, 0, 1):
        card = game.view(seat)["layout"][0]
        assert card == {"id": "ES", **spain}
    assert set(spain) >= {
        "name", "colour", "capital", "vehicle", "area", "area_rank", "population",
        "population_rank",
    }  # fmt: skip


def test_b1_a_question_about_a_seeker_waits_for_the_reader_to_name_x() -> None:
    """RULES.md B1 and RECORDS.md: a question about a seeker waits for its reader to name
    the seeker who stands for X."""
    game = seeker_question_first()
    assert game.expects() == ((1,), "name")
    question = game.view(None)["question"]
    assert question["id"] == "q60"
    assert question["about"] == "seeker"
    assert question["seeker"] is None


def test_b1_a_question_about_the_country_needs_no_naming() -> None:
    """RULES.md B1: a question about the country goes straight to the answer."""
    game = sc.scenario()
    sc.play(game, Hide(0, "ES", SALT))
    assert game.expects() == ((0,), "answer")


def test_b1_the_reader_may_name_any_seeker_themself_included() -> None:
    """RULES.md B1: X is replaced by a seeker other than the undercover player; the
    reader is a seeker too, so naming oneself is legal."""
    game = seeker_question_first()
    assert game.legal_actions(1) == [Name(1, 1), Name(1, 2), Name(1, 3)]
    sc.play(game, Name(1, 1))
    assert game.view(None)["question"]["seeker"] == 1
    assert game.expects() == ((0,), "answer")


def test_b1_the_undercover_player_cannot_be_named() -> None:
    """RULES.md B1: X never stands for the undercover player."""
    game = seeker_question_first()
    with pytest.raises(IllegalAction) as err:
        game.apply(Name(1, 0))
    assert err.value.rule == "B1"
    with pytest.raises(IllegalAction):
        game.apply(Name(1, 4))


def test_b1_the_named_seeker_replaces_x_in_the_question() -> None:
    """RULES.md B1: the reader reads the question with X replaced by the seeker's name."""
    game = seeker_question_first()
    sc.play(game, Name(1, 3))
    question = game.view(2)["question"]
    assert question["text"] == "Would X like to live in this country?"
    assert question["reads"] == "Would Dan like to live in this country?"


def test_b1_the_seeker_replaces_x_in_the_card_s_other_languages_too() -> None:
    """RULES.md B1: a card printed in several languages is read in each with X replaced
    (the browser shows the text of the player's language)."""
    rec = sc.record(pile=["q60", *sc.COUNTRY_QUESTIONS])
    rec["questions"]["q60"]["text_de"] = "Würde X gern in diesem Land leben?"
    rec["questions"]["q60"]["text_it"] = "X vorrebbe vivere in questo paese?"
    game = Game.from_record(rec)
    sc.play(game, Hide(0, "ES", SALT), Name(1, 3))
    question = game.view(2)["question"]
    assert question["translations"] == {
        "de": "Würde Dan gern in diesem Land leben?",
        "it": "Dan vorrebbe vivere in questo paese?",
    }
    assert game.view(1)["questions"][0]["translations"] == question["translations"]


def test_b1_a_question_about_the_country_answers_every_country() -> None:
    """RULES.md B1: every question about the country comes with an answer for each
    country, so a record missing one is rejected."""
    rec = sc.record()
    del rec["questions"]["q03"]["answers"]["CH"]
    with pytest.raises(RecordError) as err:
        Game.from_record(rec)
    assert err.value.rule == "B1"
    assert "CH" in err.value.message


def test_b1_an_answer_is_one_of_the_five() -> None:
    """RULES.md B1, B2.3: the data's answers use the five answers too."""
    rec = sc.record()
    rec["questions"]["q03"]["answers"]["CH"] = "maybe"
    with pytest.raises(RecordError):
        Game.from_record(rec)


def test_b1_a_question_about_a_seeker_carries_no_answers() -> None:
    """RULES.md B1 and RECORDS.md: a question about a seeker carries no answers."""
    deck = sc.mini_deck()
    deck["questions"]["q60"]["answers"] = {"ES": "yes"}
    with pytest.raises(SetupError) as err:
        sc.dealt(deck=deck)
    assert err.value.rule == "B1"


def test_b1_a_country_id_has_no_colon() -> None:
    """RULES.md B1, B2.2: the commitment hashes ``COUNTRY:SALT``, so a country id with a
    colon would make it ambiguous."""
    deck = sc.mini_deck()
    deck["countries"]["E:S"] = deck["countries"].pop("ES")
    with pytest.raises(SetupError):
        sc.dealt(deck=deck)
