"""Views of an undercover game: what each seat and a spectator are shown."""

from __future__ import annotations

import json

import pytest

from geodeck import Answer, Game, Hide, Name, Stone
from geodeck.undercover import commit
from tests.undercover import support as sc
from tests.undercover.support import SALT


def started() -> Game:
    game = sc.scenario(pile=["q60", "q05", "q03"])
    sc.play(game, Hide(0, "AT", SALT), Name(1, 2), Answer(0, "yes"))
    sc.play(game, Stone(1, "AT", "small"), Stone(2, "DE", "large"))
    return game


def test_a_view_holds_the_table_as_everyone_sees_it() -> None:
    """A view: layout with card data, stones per country, the round's questions with
    answers, scores and stones in hand, whose move, the commitment."""
    view = started().view(3)
    assert view["seat"] == 3
    assert view["role"] == "seeker"
    assert (view["round"], view["rounds"], view["undercover"]) == (1, 8, 0)
    assert view["layout"][12]["capital"] == "Vienna"
    assert view["stones"] == {
        "AT": [{"seat": 1, "size": "small"}],
        "DE": [{"seat": 2, "size": "large"}],
    }
    assert [(s["small"], s["large"], s["score"]) for s in view["seats"]] == [
        (5, 1, 0), (4, 1, 0), (5, 0, 0), (5, 1, 0),
    ]  # fmt: skip
    assert view["questions"][0]["reads"] == "Would Cem like to live in this country?"
    assert view["questions"][0]["answer"] == "yes"
    assert view["next"] == {"seats": [3], "expects": "stone"}
    assert view["to_place"] == [3]
    assert view["commitment"] == commit("AT", SALT)
    assert view["hidden"] is None
    assert view["questions_left"] == 2
    assert view["outcome"] is None


def test_the_undercover_player_sees_the_choice_and_hints() -> None:
    game = started()
    sc.play(game, Stone(3, "AT", "small"))
    view = game.view(0)
    assert view["role"] == "undercover"
    assert view["hidden"] == {"country": "AT", "salt": SALT}
    assert view["question"]["id"] == "q05"
    assert view["question"]["hint"] == "yes"
    assert "hint" not in view["questions"][0]


def test_a_spectator_sees_what_a_seeker_sees() -> None:
    game = started()
    spectator, seeker = game.view(None), game.view(1)
    assert spectator["role"] == "spectator"
    for key in ("layout", "stones", "questions", "commitment", "history", "next", "seats"):
        assert spectator[key] == seeker[key]
    assert 'AT"' not in json.dumps(spectator["history"][1])


def test_the_history_is_filtered_for_each_seat() -> None:
    game = started()
    kinds = [e["event"] for e in game.view(None)["history"]]
    assert kinds == ["round", "hide", "question", "name", "answer", "stone", "stone"]
    assert game.view(None)["history"][1] == {
        "event": "hide",
        "round": 1,
        "seat": 0,
        "commitment": commit("AT", SALT),
    }
    assert game.view(0)["history"][1]["salt"] == SALT


def test_views_are_json_ready() -> None:
    game = started()
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        assert json.loads(json.dumps(view)) == view


def test_no_such_seat() -> None:
    with pytest.raises(ValueError, match="no seat 4"):
        started().view(4)
