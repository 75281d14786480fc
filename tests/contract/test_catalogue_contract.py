"""The engine's contract, checked the same way for every game and variant the catalogue
offers (ARCHITECTURE.md, the engine API): random legal play reaches the end; every
action ``legal_actions`` lists is accepted and any other move is refused with an
``ActionError`` that leaves the game as it was; every seat's and a spectator's view is
JSON; the record round-trips and replays to the same views.

The shipped decks are used, so this also shows that every game of the catalogue can be
dealt from what geodeck ships.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

import geodeck
from geodeck.bots.base import own_secret
from geodeck.catalogue import catalogue
from geodeck.core.errors import ActionError

CASES = [
    pytest.param(info.id, variant, players, id=f"{info.id}-{variant}-{players}")
    for info in catalogue()
    for variant in info.variants
    for players in sorted({info.players[0], info.players[1]})
]
OPTIONS: dict[tuple[str, str], dict[str, Any]] = {
    ("undercover", "hard"): {"remove_country_questions": 10},
}
"""Options a variant needs (the printed hard variant: how many questions to remove)."""
CHECKED_STATES = 8
"""States per game at which every listed action is tried on a copy (the rest are only
played through), spread over the whole game."""


def copy_of(game: geodeck.Game) -> geodeck.Game:
    return geodeck.Game.from_record(game.to_record())


def all_views(game: geodeck.Game) -> list[str]:
    """Every seat's view and the spectator's, as JSON text (fails on anything not JSON)."""
    seats: list[int | None] = [*range(len(game.seats)), None]
    return [json.dumps(game.view(seat), sort_keys=True, allow_nan=False) for seat in seats]


def check_listed_actions(game: geodeck.Game, rng: random.Random) -> None:
    """Every seat's listed actions are accepted; a seat not awaited has none listed and
    is refused; a refused move leaves the game exactly as it was."""
    awaited, _ = game.expects()
    for seat in range(len(game.seats)):
        legal = game.legal_actions(seat)
        if seat not in awaited:
            assert legal == [], f"seat {seat} is not awaited but has moves listed"
            continue
        assert legal, f"seat {seat} is awaited but has no move"
        for action in rng.sample(legal, min(len(legal), 6)):
            trial = copy_of(game)
            trial.apply(own_secret(action, rng))
            assert trial.version == game.version + 1
    waiting = [s for s in range(len(game.seats)) if s not in awaited]
    if waiting:
        before = game.to_record()
        move = game.legal_actions(awaited[0])[0]
        stranger = rng.choice(waiting)
        forged = replace(move, seat=stranger)
        with pytest.raises(ActionError):
            game.apply(own_secret(forged, rng))
        assert game.to_record() == before


@pytest.mark.parametrize(("game_id", "variant", "players"), CASES)
def test_every_game_of_the_catalogue_keeps_the_engine_contract(
    game_id: str, variant: str, players: int
) -> None:
    rng = random.Random(f"{game_id}/{variant}/{players}")
    names = [f"P{i}" for i in range(players)]
    options = OPTIONS.get((game_id, variant))
    game = geodeck.new_game(
        game_id, names, variant=variant, seed=rng.randrange(2**32), options=options
    )
    played: list[Any] = []
    checks = 0
    while not game.finished:
        assert len(played) < 5000, "the game does not end"
        if rng.random() < CHECKED_STATES / 150 or not played:
            check_listed_actions(game, rng)
            all_views(game)
            checks += 1
        seats, _ = game.expects()
        seat = rng.choice(seats)
        action = own_secret(rng.choice(game.legal_actions(seat)), rng)
        game.apply(action)
        played.append(action)
    assert checks >= 1
    assert game.outcome() is not None
    assert all(game.legal_actions(s) == [] for s in range(players))
    final_views = all_views(game)

    record = json.loads(json.dumps(game.to_record(), allow_nan=False))
    again = geodeck.Game.from_record(record)
    assert again.to_record() == record
    assert all_views(again) == final_views
    assert again.version == len(played)
