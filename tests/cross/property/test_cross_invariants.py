"""Property tests over random legal play of every edition and variant (RULES.md Part A).

Each example plays a whole game choosing uniformly among the legal actions and checks,
in every state: chips conserved (A5), every card in exactly one place, views leak nothing,
and the record replays to the same state.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import geodeck
from geodeck.cli.summary import summary_of
from geodeck.cross.editions import INTERMEZZO
from geodeck.cross.game import CrossGame
from geodeck.decks.cards import Card
from tests.support import examples, hidden_values, random_game, random_step, revealed_cards

GAMES = st.randoms(use_true_random=False)


def cross(game: geodeck.Game) -> CrossGame:
    assert isinstance(game, CrossGame)
    return game


def card_places(game: CrossGame) -> Counter[str]:
    """Where every card is: draw pile, reserve, hand, table, removed pile, exchanged."""
    places: Counter[str] = Counter()
    places.update(c for c in game._draw if c != INTERMEZZO)
    places.update(game._reserve)
    places.update(game.table.ids())
    places.update(game.removed)
    for cards in game.chips.exchanged:
        places.update(cards)
    if game.current is not None:
        places[game.current] += 1
    return places


@settings(max_examples=examples(60), deadline=None)
@given(GAMES)
def test_a5_chips_and_cards_conserved(rng: random.Random) -> None:
    """RULES.md A5: hands plus supply equal the box total in every state; and every card of
    the setup is in exactly one place (draw, reserve, drawn, table, removed, exchanged)."""
    game = cross(random_game(rng))
    setup = game.to_record()["setup"]
    dealt = Counter([setup["start"], *setup["reserve"], *setup["draw"]])
    del dealt[INTERMEZZO]
    while not game.finished:
        random_step(game, rng)
        assert sum(game.chips.hands) + game.chips.supply == game.chips.box
        assert min(game.chips.hands) >= 0
        assert game.chips.supply >= 0
        assert card_places(game) == dealt
    outcome = game.outcome()
    assert outcome is not None
    assert list(outcome.scores) == [game.chips.score(s) for s in range(len(game.seats))]


class Secrets:
    """What a game's cards hide, worked out once per game (the cards never change): each
    card's id and name as JSON text, and its distinctive hidden values with their text."""

    def __init__(self, game: CrossGame) -> None:
        self.cards: dict[str, tuple[str, str, list[tuple[str, Any, str]]]] = {}
        for cid, card in game.to_record()["cards"].items():
            distinctive = [
                (key, value, json.dumps(value))
                for key, value in hidden_values(dict(card)).items()
                if isinstance(value, float) or (isinstance(value, int) and abs(value) >= 10000)
            ]
            name = json.dumps(card["name"], ensure_ascii=False)
            self.cards[cid] = (f'"{cid}"', name, distinctive)


def leaks(game: CrossGame, seat: int | None, secrets: Secrets | None = None) -> list[str]:
    """Everything in ``view(seat)`` that the seat may not know."""
    secrets = secrets or Secrets(game)
    view = game.view(seat)
    text = json.dumps(view, ensure_ascii=False)
    found: list[str] = []
    seen = revealed_cards(game)
    # never drawn: not even the name is known
    unseen = set(game._reserve) | {c for c in game._draw if c != INTERMEZZO}
    for cid, (quoted, name, distinctive) in secrets.cards.items():
        if cid in unseen:
            if quoted in text or name in text:
                found.append(f"undrawn card {cid} named")
            continue
        if cid in seen:
            continue
        shown = view["cards"].get(cid, {})
        extra = (
            set(shown)
            - {"id", "name", "kind", "names"}
            - {k for k in shown if k.startswith("name_")}
        )
        if extra:
            found.append(f"{cid}: hidden fields {sorted(extra)}")
        for key, value, value_text in distinctive:
            if value_text in text:
                found.append(f"{cid}: {key}={value} appears")
    for event in view["history"]:
        if event["event"] == "guess" and event["seat"] != seat and "wrong" in event:
            found.append(f"guess of seat {event['seat']} shown to {seat}")
    guessing = view["guessing"]
    if guessing is not None:
        mine = game.guesses.get(seat) if seat is not None else None
        if guessing["mine"] != mine:
            found.append("guessing.mine is not the viewer's own guess")
    return found


@settings(max_examples=examples(30), deadline=None)
@given(GAMES)
def test_a4_views_leak_nothing(rng: random.Random) -> None:
    """RULES.md A2/A4/A6: a view shows card fronts, the data of revealed cards only, no
    undrawn card, and no other seat's guess before they are shown together. Walks
    thousands of states over the examples, every seat and the spectator."""
    game = cross(random_game(rng))
    secrets = Secrets(game)
    states = 0
    while not game.finished:
        random_step(game, rng)
        states += 1
        for seat in [None, *range(len(game.seats))]:
            assert leaks(game, seat, secrets) == [], (seat, game.version)
    assert states > 20


def same_state(a: geodeck.Game, b: geodeck.Game) -> None:
    assert a.to_record() == b.to_record()
    assert summary_of(a) == summary_of(b)
    assert a.expects() == b.expects()
    for seat in [None, *range(len(a.seats))]:
        assert a.view(seat) == b.view(seat)


@settings(max_examples=examples(40), deadline=None)
@given(GAMES, st.floats(0, 1))
def test_records_round_trip(rng: random.Random, stop: float) -> None:
    """RECORDS.md: ``from_record(to_record())`` reproduces the state exactly, mid-game and
    finished, through JSON text, and play continues identically from the copy."""
    game = random_game(rng)
    plays = 0
    while not game.finished and rng.random() > stop / 40:
        random_step(game, rng)
        plays += 1
    copy = geodeck.Game.from_record(json.loads(json.dumps(game.to_record())))
    same_state(game, copy)
    tail = random.Random(plays)
    twin = random.Random(plays)
    while not game.finished:
        random_step(game, tail)
        random_step(copy, twin)
    same_state(game, copy)


def random_action(game: CrossGame, rng: random.Random) -> Any:
    seat = rng.randrange(-1, len(game.seats) + 1)
    kind = rng.choice(["place", "accept", "challenge", "guess"])
    if kind == "place":
        line = rng.choice(["west-east", "north-south", "column", "diagonal"])
        return geodeck.Place(seat, line, rng.randrange(-2, 50))
    if kind == "accept":
        return geodeck.Accept(seat)
    if kind == "challenge":
        return geodeck.Challenge(seat, rng.choice(sorted(game.cards)))
    return geodeck.Guess(seat, rng.randrange(-2, 50))


@settings(max_examples=examples(30), deadline=None)
@given(GAMES)
def test_legal_actions_are_exactly_what_apply_accepts(rng: random.Random) -> None:
    """ARCHITECTURE.md: ``legal_actions`` and ``apply`` share one validation. Random
    actions are accepted exactly when listed; a refused one raises a typed error with a
    code and changes nothing."""
    game = cross(random_game(rng))
    while not game.finished:
        before = (game.to_record(), game.view(None))
        for _ in range(5):
            action = random_action(game, rng)
            legal = action in game.legal_actions(action.seat)
            try:
                game.apply(action)
            except geodeck.ActionError as err:
                assert not legal, (action, err)
                assert err.code.startswith("action/")
                assert (game.to_record(), game.view(None)) == before
            else:
                assert legal, action
                before = (game.to_record(), game.view(None))
        if not game.finished:
            random_step(game, rng)
    assert game.legal_actions(0) == []


def test_leak_check_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The leak check above must be able to fail: with card fronts showing their backs, it
    reports the hidden coordinates of every face-down card."""
    game = cross(random_game(random.Random(5), game="uppsala", variant="geo"))
    random_step(game, random.Random(5))
    assert leaks(game, None) == []
    monkeypatch.setattr(Card, "public", Card.revealed)
    found = leaks(game, None)
    assert any("hidden fields" in f for f in found)
    assert any("lat=" in f for f in found)
