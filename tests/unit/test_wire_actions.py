"""The wire form of actions (RECORDS.md): a field an action does not have is refused, and
what is no action at all is malformed."""

from __future__ import annotations

from typing import Any

import pytest

from geodeck.core.errors import ActionError, MalformedAction, RecordError
from geodeck.cross.actions import ACTIONS as CROSS_ACTIONS
from geodeck.cross.actions import Accept, Challenge, Guess, Place
from geodeck.cross.actions import action_from_wire as cross_action
from geodeck.undercover.actions import ACTIONS as UNDERCOVER_ACTIONS
from geodeck.undercover.actions import Answer, Hide, Name, Pass, Stone
from geodeck.undercover.actions import action_from_wire as undercover_action

SALT = "0123456789abcdef"
CROSS = [Place(0, "west-east", 1), Accept(1), Challenge(1, "berlin"), Guess(0, 2)]
UNDERCOVER = [Hide(0, "ES", SALT), Name(1, 3), Answer(0, "yes"), Stone(2, "PT", "small"), Pass(3)]


@pytest.mark.parametrize("action", CROSS)
def test_cross_actions_round_trip_and_refuse_unknown_fields(action: Any) -> None:
    wire = action.to_wire()
    assert cross_action(wire) == action
    for extra in ({"lnie": "north-south"}, {"salt": SALT}, {"": 0}, {"Seat": 0}):
        with pytest.raises(RecordError) as caught:
            cross_action({**wire, **extra})
        assert repr(next(iter(extra))) in caught.value.message


@pytest.mark.parametrize("action", UNDERCOVER)
def test_undercover_actions_round_trip_and_refuse_unknown_fields(action: Any) -> None:
    wire = action.to_wire()
    assert undercover_action(wire) == action
    for extra in ({"contry": "ES"}, {"line": "west-east"}, {"version": 0}):
        with pytest.raises(RecordError):
            undercover_action({**wire, **extra})


def test_a_hide_may_carry_its_salt_and_nothing_else() -> None:
    hide = {"seat": 0, "act": "hide", "country": "ES", "salt": SALT}
    assert undercover_action(hide) == Hide(0, "ES", SALT)
    with pytest.raises(RecordError):
        undercover_action({**hide, "commitment": "00"})


def test_unknown_acts_are_refused_as_before() -> None:
    with pytest.raises(RecordError, match="unknown action"):
        cross_action({"seat": 0, "act": "fly", "line": "x"})
    with pytest.raises(RecordError, match="unknown action"):
        undercover_action({"seat": 0, "act": "fly", "country": "ES"})


@pytest.mark.parametrize(
    ("parse", "raw"),
    [
        (cross_action, ["place"]),
        (cross_action, {"seat": 0, "act": "fly"}),
        (cross_action, {"seat": 0, "act": "place", "line": "west-east"}),
        (cross_action, {"seat": 0, "act": "guess", "wrong": "2"}),
        (cross_action, {"seat": "0", "act": "accept"}),
        (undercover_action, {"seat": 0, "act": "hide", "country": "ES", "salt": 7}),
        (undercover_action, {"seat": 0, "act": "name", "seeker": True}),
        (undercover_action, {"seat": 0, "act": "pass", "size": "small"}),
    ],
)
def test_what_is_no_action_at_all_is_malformed_not_illegal(parse: Any, raw: Any) -> None:
    """Wire input that is no action (docs/records.md) raises ``MalformedAction`` with the
    code ``action/malformed``; it is a ``RecordError`` and no ``ActionError``."""
    with pytest.raises(MalformedAction) as caught:
        parse(raw)
    assert caught.value.code == "action/malformed"
    assert isinstance(caught.value, RecordError)
    assert not isinstance(caught.value, ActionError)


def test_each_family_registers_every_action_once_by_its_act() -> None:
    for registry, actions in ((CROSS_ACTIONS, CROSS), (UNDERCOVER_ACTIONS, UNDERCOVER)):
        assert sorted(registry.by_act) == sorted(type(a).act for a in actions)
        for action in actions:
            assert registry.by_act[str(action.to_wire()["act"])] is type(action)
