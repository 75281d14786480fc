"""The checks ``Game.apply`` makes for every family before the family's own rules: an
action of the family, from a seat that exists and is awaited, of the kind of move due,
each refused with its code and the rule of the move due (RULES.md A2, B2.2)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import geodeck
from geodeck.core.errors import IllegalAction, NotYourTurn, WrongKind
from geodeck.cross.actions import Accept, Place
from geodeck.undercover.actions import Hide, Pass

SALT = "0123456789abcdef"
CASES = [
    ("uppsala", Place(0, "west-east", 0), Pass(0), Accept(0), "A2"),
    ("undercover", Hide(0, "ES", SALT), Place(0, "west-east", 0), Pass(0), "B2.2"),
]


@pytest.mark.parametrize(("game_id", "due", "foreign", "wrong_kind", "rule"), CASES)
def test_apply_refuses_what_no_family_rule_needs_to_see(
    game_id: str, due: Any, foreign: Any, wrong_kind: Any, rule: str
) -> None:
    game = geodeck.new_game(game_id, ["Ann", "Ben", "Cem"], seed=3)
    seat = game.expects().seats[0]
    before = game.to_record()
    with pytest.raises(IllegalAction):
        game.apply(replace(foreign, seat=seat))
    for nobody in (3, -1):
        with pytest.raises(NotYourTurn) as caught:
            game.apply(replace(due, seat=nobody))
        assert caught.value.rule == rule
    with pytest.raises(NotYourTurn) as caught:
        game.apply(replace(due, seat=(seat + 1) % 3))
    assert caught.value.rule == rule
    with pytest.raises(WrongKind) as wrong:
        game.apply(replace(wrong_kind, seat=seat))
    assert wrong.value.rule == rule
    assert game.to_record() == before
