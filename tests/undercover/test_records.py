"""RECORDS.md, Undercover: the record format, the replay summary and the public API."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import geodeck
import geodeck.decks
from geodeck import (
    Answer,
    Game,
    Hide,
    Name,
    Pass,
    RecordError,
    SetupError,
    Stone,
    UndercoverGame,
    new_game,
)
from geodeck.bots.base import own_secret
from geodeck.cli.summary import summary_of
from geodeck.core.records import validate
from geodeck.decks import shipped_undercover
from geodeck.undercover.actions import action_from_wire
from tests.undercover import support as sc
from tests.undercover.support import SALT

EXAMPLE_ACTIONS: list[dict[str, Any]] = [
    {"seat": 0, "act": "hide", "country": "ES", "salt": "5b1e0c27d9a4f3e2"},
    {"seat": 1, "act": "name", "seeker": 3},
    {"seat": 0, "act": "answer", "answer": "not_sure"},
    {"seat": 1, "act": "stone", "country": "PT", "size": "small"},
    {"seat": 2, "act": "pass"},
    {"seat": 3, "act": "stone", "country": "ES", "size": "large"},
    {"seat": 0, "act": "answer", "answer": "probably"},
]


def example() -> dict[str, Any]:
    """The RECORDS.md example, with the whole layout and question pile filled in."""
    rest = [q for q in sc.PILE if q not in ("q60", "q01")]
    return sc.record(seats=4, pile=["q60", "q01", *rest], actions=EXAMPLE_ACTIONS)


def test_the_records_md_example_reaches_the_documented_summary() -> None:
    """RECORDS.md: the example record replays to the documented ``replay --json`` object."""
    game = Game.from_record(example())
    assert summary_of(game) == {
        "finished": False,
        "round": 1,
        "undercover": 0,
        "asked": 2,
        "seats": [
            {"name": "Ann", "score": 0, "small": 5, "large": 1},
            {"name": "Ben", "score": 0, "small": 4, "large": 1},
            {"name": "Cem", "score": 0, "small": 5, "large": 1},
            {"name": "Dan", "score": 0, "small": 5, "large": 0},
        ],
        "layout": sc.LAYOUT,
        "stones": {"PT": [{"seat": 1, "size": "small"}], "ES": [{"seat": 3, "size": "large"}]},
        "next": {"seats": [2], "expects": "stone"},
        "winners": [],
    }
    assert game.view(None)["to_place"] == [2, 3, 1]
    assert json.loads(json.dumps(summary_of(game))) == summary_of(game)


def test_the_example_record_is_valid_and_round_trips() -> None:
    """RECORDS.md: ``to_record`` writes a ``geodeck/1`` record that replays the same."""
    game = Game.from_record(example())
    record = game.to_record()
    validate(record)
    assert record["actions"] == EXAMPLE_ACTIONS
    assert record["setup"]["layouts"][0] == sc.LAYOUT
    assert len(record["setup"]["layouts"]) == 8
    copy = Game.from_record(json.loads(json.dumps(record)))
    assert copy.to_record() == record
    for seat in (None, 0, 1, 2, 3):
        assert copy.view(seat) == game.view(seat)


def test_new_game_and_from_record_dispatch_undercover() -> None:
    """The public API: ``new_game("undercover", ...)`` and ``Game.from_record`` build an
    ``UndercoverGame``; so does ``UndercoverGame.from_record``."""
    game = new_game("undercover", ["A", "B", "C"], seed=3, deck=sc.mini_deck())
    assert isinstance(game, UndercoverGame)
    assert isinstance(Game.from_record(game.to_record()), UndercoverGame)
    assert isinstance(UndercoverGame.from_record(game.to_record()), UndercoverGame)
    assert geodeck.Hide is Hide


def test_without_a_deck_new_game_deals_the_shipped_data() -> None:
    """Without ``deck`` the game is dealt from ``geodeck.decks.shipped_undercover()``."""
    game = new_game("undercover", ["A", "B", "C"], seed=1)
    assert isinstance(game, UndercoverGame)
    assert len(summary_of(game)["layout"]) == 16
    assert game.to_record()["countries"] == shipped_undercover()["countries"]


def test_without_shipped_data_new_game_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no data ships, ``new_game`` without a deck raises a clear ``SetupError``."""

    def missing() -> dict[str, Any]:
        raise SetupError("geodeck does not ship the undercover countries and questions")

    monkeypatch.setattr(geodeck.decks, "shipped_undercover", missing)
    with pytest.raises(SetupError) as err:
        new_game("undercover", ["A", "B", "C"])
    assert "undercover" in err.value.message


def test_a_deck_must_have_countries_and_questions() -> None:
    with pytest.raises(SetupError):
        new_game("undercover", ["A", "B", "C"], deck=sc.countries())


def test_new_game_embeds_the_deck_and_writes_the_setup_explicitly() -> None:
    """RECORDS.md: the record embeds every country and question and holds the exact
    layouts and question pile; the seed is kept for reshuffles."""
    game = sc.dealt(5, seed=77)
    record = game.to_record()
    validate(record)
    assert record["countries"] == sc.countries()
    assert record["questions"] == sc.questions()
    assert record["setup"]["seed"] == 77
    assert len(record["setup"]["layouts"]) == 5
    assert sorted(record["setup"]["questions"]) == sorted(sc.PILE)
    assert "options" not in record


def test_an_illegal_action_names_its_index_and_rule() -> None:
    """RECORDS.md: a record with an illegal action is rejected naming the action's index
    and the rule it breaks."""
    actions = [*EXAMPLE_ACTIONS[:3], {"seat": 1, "act": "stone", "country": "EE", "size": "small"}]
    with pytest.raises(RecordError) as err:
        Game.from_record(sc.record(pile=["q60", "q01"], actions=actions))
    assert err.value.index == 3
    assert err.value.rule == "B2.4"
    assert str(err.value).startswith("action 3: ")


def test_a_malformed_action_is_rejected_by_the_schema() -> None:
    """RECORDS.md: actions are exactly hide, name, answer, stone, pass."""
    for bad in (
        {"seat": 0, "act": "hide", "country": "ES"},
        {"seat": 0, "act": "place", "line": "column", "at": 0},
        {"seat": 1, "act": "stone", "country": "ES", "size": "huge"},
        {"seat": 0, "act": "answer", "answer": "maybe"},
    ):
        with pytest.raises(RecordError) as err:
            Game.from_record(sc.record(actions=[bad]))
        assert err.value.index == 0


@pytest.mark.parametrize(
    "action",
    [Hide(0, "ES", SALT), Name(1, 3), Answer(0, "probably_not"), Stone(2, "PT", "large"), Pass(3)],
)
def test_actions_round_trip_through_the_wire_form(action: Any) -> None:
    """RECORDS.md: each action's wire form parses back to the same action."""
    assert action_from_wire(action.to_wire()) == action
    assert action.to_wire()["act"] == action.act


@pytest.mark.parametrize(
    "raw",
    [
        [],
        {"seat": "0", "act": "pass"},
        {"seat": True, "act": "pass"},
        {"seat": 0, "act": "guess", "wrong": 1},
        {"seat": 0, "act": "name", "seeker": "Dan"},
        {"seat": 0, "act": "stone", "country": 3, "size": "small"},
    ],
)
def test_malformed_wire_actions_raise_record_error(raw: Any) -> None:
    with pytest.raises(RecordError):
        action_from_wire(raw)


def test_a_record_without_seed_or_setup_is_dealt_from_seed_zero() -> None:
    """RECORDS.md: layouts and pile missing from the setup are dealt from the seed."""
    rec = sc.record(layouts=[], pile=None, seed=None)
    assert rec["setup"] == {"layouts": [], "shuffle": "sha256"}
    rec["setup"] = {"shuffle": "sha256"}
    game = Game.from_record(rec)
    assert game.to_record()["setup"] == sc.dealt(4, seed=0).to_record()["setup"]


def test_a_record_without_a_shuffle_is_dealt_as_records_before_it_were() -> None:
    """A record written before ``setup.shuffle`` existed deals (and reshuffles) from its
    seed with ``random.Random``, as geodeck did when it was written; it keeps that when
    written again, and a record with ``"shuffle": "sha256"`` deals otherwise."""
    old = sc.record(layouts=[], pile=None, seed=5, shuffle=None)
    game = Game.from_record(old)
    assert isinstance(game, UndercoverGame)
    stack = sorted(sc.countries())
    random.Random("geodeck/undercover/layout/0/5").shuffle(stack)
    assert game.layouts[0] == [c for c in stack if c in game.layouts[0]]
    assert "shuffle" not in game.to_record()["setup"]
    assert Game.from_record(game.to_record()).to_record() == game.to_record()
    new = Game.from_record(sc.record(layouts=[], pile=None, seed=5))
    assert isinstance(new, UndercoverGame)
    assert new.to_record()["setup"]["shuffle"] == "sha256"
    assert new.layouts != game.layouts


def test_a_pile_naming_an_unknown_or_repeated_question_is_rejected() -> None:
    for pile in (["q01", "q99"], ["q01", "q01"]):
        with pytest.raises(RecordError) as err:
            Game.from_record(sc.record(pile=pile))
        assert err.value.rule == "B2.3"


def test_a_finished_game_round_trips() -> None:
    """A whole game's record replays to the same outcome, views and summary."""
    game = sc.dealt(3, seed=12)
    while not game.finished:
        seat = game.expects().seats[0]
        game.apply(own_secret(game.legal_actions(seat)[-1], random.Random(seat)))
    copy = Game.from_record(game.to_record())
    assert copy.outcome() == game.outcome()
    assert summary_of(copy) == summary_of(game)
    for viewer in (None, 0, 1, 2):
        assert copy.view(viewer) == game.view(viewer)
