"""An observation holds nothing the seat's view hides (docs/rl.md): games that differ
only in what a seat cannot see give that seat the very same observations and masks, the
same check as the views' (tests/cross/property, ``leaks``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the rl extra is not installed: pip install '.[rl]'")

import numpy as np

import geodeck
from geodeck.bots.base import own_secret
from geodeck.cross.editions import INTERMEZZO
from geodeck.rl.episode import Episode
from tests.support import revealed_cards

HIDDEN_NUMBERS = ("lat", "lon", "population", "area", "altitude")


def cross(game: geodeck.Game) -> geodeck.CrossGame:
    assert isinstance(game, geodeck.CrossGame)
    return game


def observations(episode: Episode, game: geodeck.Game, seat: int) -> tuple[bytes, bytes]:
    """``seat``'s observation and mask in ``game``, through an episode of its own made
    from ``episode`` (kept for the next call), so that the observation follows the
    game's events as they come rather than being read from the view afresh."""
    followed = FOLLOWED.setdefault(id(episode), {})
    playing = followed.get(id(game))
    if playing is None or playing.game is not game:
        playing = followed[id(game)] = episode.fresh()
        playing.game = game
    observation, mask = playing.observe(seat)
    return observation.tobytes(), mask.tobytes()


FOLLOWED: dict[int, dict[int, Episode]] = {}
"""The episodes of ``observations``: by the episode they were made from, by game."""


@pytest.fixture(autouse=True)
def _forget_the_followed_episodes() -> Iterator[None]:
    yield
    FOLLOWED.clear()


def random_actions(game: geodeck.Game, rng: random.Random, steps: int) -> list[Any]:
    actions = []
    for _ in range(steps):
        if game.finished:
            break
        seats, _ = game.expects()
        action = own_secret(rng.choice(game.legal_actions(rng.choice(seats))), rng)
        game.apply(action)
        actions.append(action)
    return actions


def hidden_twin(record: dict[str, Any], shown: set[str], drawn: int) -> dict[str, Any]:
    """``record`` with what no seat has seen changed: every number on the back of a card
    not revealed, and the order of the cards still to draw."""
    twin = {**record, "actions": []}
    twin["cards"] = {
        cid: card
        if cid in shown
        else {
            **card,
            **{k: card[k] + 1 for k in HIDDEN_NUMBERS if isinstance(card.get(k), int | float)},
        }
        for cid, card in record["cards"].items()
    }
    draw = list(record["setup"]["draw"])
    cards = [i for i, c in enumerate(draw) if c != INTERMEZZO]
    drawn = cards[drawn - 1] + 1 if drawn else 0
    rest = [c for c in draw[drawn:] if c != INTERMEZZO]
    rest.reverse()
    twin["setup"] = {
        **record["setup"],
        "draw": [*draw[:drawn], *(c if c == INTERMEZZO else rest.pop(0) for c in draw[drawn:])],
    }
    return twin


@pytest.mark.parametrize(("game_id", "variant", "players", "seed"), [
    ("uppsala", "geo", 3, 1), ("italia", "altitude", 2, 2), ("world", "population", 5, 3),
])  # fmt: skip
def test_a_cross_observation_is_the_same_whatever_the_seat_cannot_see(
    game_id: str, variant: str, players: int, seed: int
) -> None:
    episode = Episode(game_id, seats=players, variant=variant)
    game = geodeck.new_game(game_id, episode.names, variant=variant, seed=seed)
    actions = random_actions(game, random.Random(seed), 60)
    history = game.view(None)["history"]
    drawn = sum(1 for e in history if e["event"] == "draw")
    twin_record = hidden_twin(game.to_record(), revealed_cards(cross(game)), drawn)
    assert twin_record["cards"] != game.to_record()["cards"]
    original = geodeck.new_game(game_id, episode.names, variant=variant, seed=seed)
    twin = geodeck.Game.from_record(twin_record)
    for action in actions:
        for seat in range(players):
            assert observations(episode, original, seat) == observations(episode, twin, seat)
        original.apply(action)
        twin.apply(action)
    assert any(
        twin.to_record()["cards"][c] != game.to_record()["cards"][c] for c in game.view(0)["cards"]
    )


def test_another_seats_secret_guess_does_not_show_in_an_observation() -> None:
    episode = Episode("uppsala", seats=3)
    rng = random.Random(4)
    game = geodeck.new_game("uppsala", episode.names, seed=4)
    while game.expects().kind != "guess":
        random_actions(game, rng, 1)
    twin = geodeck.Game.from_record(game.to_record())
    most = game.view(0)["guessing"]["most"]
    for seat in (0, 1):  # observed before the guess too: then they follow its event
        assert observations(episode, game, seat) == observations(episode, twin, seat)
    game.apply(game.legal_actions(1)[0])
    twin.apply(twin.legal_actions(1)[most])
    assert observations(episode, game, 0) == observations(episode, twin, 0)
    assert observations(episode, game, 1) != observations(episode, twin, 1)


def test_the_hidden_country_shows_only_in_the_hiders_observation() -> None:
    episode = Episode("undercover", seats=4)
    games = []
    for country in (0, 5):
        game = geodeck.new_game("undercover", episode.names, seed=9)
        undercover = game.expects().seats[0]
        for seat in range(4):  # observed before the hide too: then they follow its event
            observations(episode, game, seat)
        game.apply(own_secret(game.legal_actions(undercover)[country], random.Random(1)))
        games.append(game)
    rng = random.Random(2)
    changed = 0
    while games[0].view(None)["round"] == 1 and not games[0].finished:
        seats = [s for s in range(4) if s != undercover]
        for seat in seats:
            assert observations(episode, games[0], seat) == observations(episode, games[1], seat)
        hider = [observations(episode, g, undercover) for g in games]
        changed += hider[0] != hider[1]
        seat = games[0].expects().seats[0]
        action = rng.choice(games[0].legal_actions(seat))
        for game in games:
            game.apply(own_secret(action, random.Random(1)))
    assert changed > 0
    assert np.any(episode.codec.encode(games[0].view(undercover)))
