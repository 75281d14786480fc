"""RULES.md B2.2: the secret choice, its commitment and the reveal."""

from __future__ import annotations

import hashlib
import json

import pytest

from geodeck import (
    Answer,
    Hide,
    IllegalAction,
    NotYourTurn,
    Pass,
    Stone,
    UndercoverGame,
    WrongKind,
)
from geodeck.cli.summary import summary_of
from geodeck.undercover import commit, verify
from tests.undercover import support as sc
from tests.undercover.support import OTHER_SALT, SALT


def salts_of(game: UndercoverGame) -> set[str | None]:
    return {a.salt for a in game.legal_actions(0) if isinstance(a, Hide)}


def test_b2_2_the_undercover_player_hides_first() -> None:
    """RULES.md B2.2: once the cards lie out, the undercover player (seat 0 in round 1)
    chooses; nobody else may act."""
    game = sc.scenario()
    assert game.expects() == ((0,), "hide")
    assert game.legal_actions(1) == []
    with pytest.raises(NotYourTurn) as err:
        game.apply(Hide(1, "ES", SALT))
    assert err.value.rule == "B2.2"
    with pytest.raises(WrongKind):
        game.apply(Answer(0, "yes"))


def test_b2_2_only_a_laid_out_country() -> None:
    """RULES.md B2.2: the choice is one of the laid-out countries."""
    game = sc.scenario()
    assert [a.country for a in game.legal_actions(0) if isinstance(a, Hide)] == sc.LAYOUT
    with pytest.raises(IllegalAction) as err:
        game.apply(Hide(0, "EE", SALT))
    assert err.value.rule == "B2.2"


def test_b2_2_the_commitment_is_sha256_of_country_colon_salt() -> None:
    """RULES.md B2.2, RECORDS.md: lowercase hex SHA-256 of the UTF-8 text COUNTRY:SALT."""
    expected = hashlib.sha256(b"ES:5b1e0c27d9a4f3e2").hexdigest()
    assert commit("ES", SALT) == expected
    game = sc.scenario()
    events = sc.play(game, Hide(0, "ES", SALT))
    assert sc.of_kind(events, "hide")[0]["commitment"] == expected
    assert game.view(None)["commitment"] == expected


def test_b2_2_everyone_sees_the_commitment_at_once() -> None:
    """RULES.md B2.2: every player and a spectator are shown the commitment when the
    country is hidden, in the view and in its history."""
    game = sc.scenario()
    assert game.view(None)["commitment"] is None
    sc.play(game, Hide(0, "PT", SALT))
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        assert view["commitment"] == commit("PT", SALT)
        assert sc.of_kind(view["history"], "hide")[0]["commitment"] == commit("PT", SALT)


def test_b2_2_the_choice_stays_secret_until_the_round_ends() -> None:
    """RULES.md B2.2: only the undercover player's view holds the country and the salt."""
    game = sc.scenario()
    sc.play(game, Hide(0, "TR", SALT))
    sc.question_round(game)
    assert game.view(0)["hidden"] == {"country": "TR", "salt": SALT}
    assert sc.of_kind(game.view(0)["history"], "hide")[0]["country"] == "TR"
    for seat in (None, 1, 2, 3):
        view = game.view(seat)
        assert view["hidden"] is None
        assert "country" not in sc.of_kind(view["history"], "hide")[0]
        assert SALT not in json.dumps(view)


def test_b2_2_the_country_and_salt_are_revealed_and_verifiable() -> None:
    """RULES.md B2.2: at the round's end everyone sees country and salt, and can check
    them against the commitment shown at the start."""
    game = sc.scenario()
    sc.play(game, Hide(0, "TR", SALT))
    for _ in range(12):
        sc.question_round(game)
    reveal = sc.of_kind(game.view(2)["history"], "reveal")[0]
    assert (reveal["country"], reveal["salt"]) == ("TR", SALT)
    assert verify(reveal["commitment"], reveal["country"], reveal["salt"])
    assert game.view(None)["results"][0]["country"] == "TR"


def test_b2_2_verify_rejects_another_country_or_salt() -> None:
    """RULES.md B2.2: the commitment binds the choice: no other country or salt fits."""
    made = commit("ES", SALT)
    assert verify(made, "ES", SALT)
    assert verify(made.upper(), "ES", SALT)
    assert not verify(made, "PT", SALT)
    assert not verify(made, "ES", OTHER_SALT)


@pytest.mark.parametrize("salt", ["", "abc", "short salt here!", "x" * 129, "é" * 16])
def test_b2_2_a_salt_must_be_hard_to_guess(salt: str) -> None:
    """RULES.md B2.2: with few countries a short salt could be found by trying; a salt is
    16 to 128 printable ASCII characters without spaces."""
    game = sc.scenario()
    with pytest.raises(IllegalAction) as err:
        game.apply(Hide(0, "ES", salt))
    assert err.value.rule == "B2.2"
    assert game.version == 0


def test_b2_2_hides_are_offered_without_a_salt_and_refused_without_one() -> None:
    """RULES.md B2.2: the salt is the hider's own secret, so the engine never makes one
    (one it made would be as predictable as the seed): ``legal_actions`` lists one hide
    per laid-out country with no salt, and ``apply`` refuses a hide without one."""
    game = sc.scenario(seed=8)
    legal = [a for a in game.legal_actions(0) if isinstance(a, Hide)]
    assert len(legal) == len(game.legal_actions(0))
    assert [a.country for a in legal] == summary_of(game)["layout"]
    assert salts_of(game) == {None}
    assert all("salt" not in a.to_wire() for a in legal)
    with pytest.raises(IllegalAction) as err:
        game.apply(legal[0])
    assert err.value.rule == "B2.2"
    assert game.version == 0
    assert sc.play(game, legal[0].salted(SALT))[0]["event"] == "hide"


def test_b2_2_any_valid_salt_may_be_used() -> None:
    """RULES.md B2.2: the salt is the undercover player's secret; any good one is legal."""
    game = sc.scenario()
    sc.play(game, Hide(0, "ES", "my-own-secret-salt-1234"))
    hidden = game.view(0)["hidden"]
    assert hidden is not None
    assert hidden["salt"] == "my-own-secret-salt-1234"


def test_b2_2_a_new_choice_each_round() -> None:
    """RULES.md B2.2: each round the new undercover player hides anew, in that round's
    layout, with a new commitment."""
    game = sc.scenario()
    sc.play(game, Hide(0, "ES", SALT))
    for _ in range(12):
        sc.question_round(game)
    assert game.expects() == ((1,), "hide")
    assert game.view(None)["commitment"] is None
    layout = summary_of(game)["layout"]
    sc.play(game, Hide(1, layout[3], OTHER_SALT))
    assert game.view(None)["commitment"] == commit(layout[3], OTHER_SALT)
    assert game.view(1)["hidden"] == {"country": layout[3], "salt": OTHER_SALT}
    assert game.view(0)["hidden"] is None
    with pytest.raises(NotYourTurn):
        game.apply(Stone(0, layout[3], "small"))
    with pytest.raises(NotYourTurn):
        game.apply(Pass(3))
