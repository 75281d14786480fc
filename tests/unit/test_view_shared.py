"""``view(seat, shared=True)`` and a ``Viewer``'s views: the same view, its unchanging parts
shared between calls."""

from __future__ import annotations

import json
import random

import pytest

import geodeck
from tests.support import random_step


@pytest.mark.parametrize("game_id", ["uppsala", "italia", "undercover"])
def test_a_shared_view_says_exactly_what_a_fresh_one_says(game_id: str) -> None:
    seats = ["Ann", "Ben", "Cem"]
    game = geodeck.new_game(game_id, seats, seed=9)
    rng = random.Random(9)
    shared_faces = 0
    while not game.finished:
        for seat in [None, 0, 1, 2]:
            fresh = game.view(seat)
            shared = game.view(seat, shared=True)
            # The same content, keys in the same order, for every seat at every step.
            assert json.dumps(shared) == json.dumps(fresh), (seat, game.version)
        again = game.view(0, shared=True)
        other = game.view(1, shared=True)
        assert again["seat"] == 0
        assert other["seat"] == 1
        faces = again.get("cards") or {c["id"]: c for c in again.get("layout", [])}
        others = other.get("cards") or {c["id"]: c for c in other.get("layout", [])}
        shared_faces += sum(1 for k, face in faces.items() if others.get(k) is face)
        # A fresh view is the caller's own: changing it changes no later view.
        mine = game.view(0)
        for face in (mine.get("cards") or {}).values():
            face["name"] = "Nowhere-on-any-map"
        assert "Nowhere-on-any-map" not in json.dumps(game.view(0, shared=True))
        random_step(game, rng)
    assert shared_faces > 0


@pytest.mark.parametrize("game_id", ["uppsala", "world", "undercover"])
def test_viewer_layers_add_up_to_the_view(game_id: str) -> None:
    """``Viewer.layers``: the alike layer and a seat's own keys make exactly its view; the
    alike layer is one object for every seat at a version, holds no seat's own key, and
    a layer whose content did not change between versions may be the very same object.
    The viewer's own view is the same view too."""
    seats = ["Ann", "Ben", "Cem"]
    game = geodeck.new_game(game_id, seats, seed=4)
    viewer = game.viewer()
    rng = random.Random(4)
    kept_faces = 0
    previous: dict[str, object] | None = None
    while not game.finished:
        since = rng.randrange(len(game.history) + 2)
        layers = {seat: viewer.layers(seat, since=since) for seat in [None, 0, 1, 2]}
        for seat, (alike, own) in layers.items():
            merged = {**alike, **own}
            assert merged == game.view(seat, since=since), (seat, game.version)
            assert json.dumps(viewer.view(seat, since=since)) == json.dumps(
                game.view(seat, since=since)
            )
            assert merged["seat"] == seat
            assert alike is layers[None][0]
        alike = layers[0][0]
        if game_id != "undercover":
            assert alike
            assert not {"seat", "guessing", "history", "history_from"} & alike.keys()
            if previous is not None and previous["cards"] is alike["cards"]:
                kept_faces += 1
                assert previous["cards"] == alike["cards"]
            previous = dict(alike)
        random_step(game, rng)
    if game_id != "undercover":
        assert kept_faces > 0


def test_the_game_keeps_nothing_for_its_viewers() -> None:
    """The caches of a server's views are the viewer's: a game's attributes are the same
    before and after its views are asked for, and two viewers share no cache."""
    game = geodeck.new_game("uppsala", ["Ann", "Ben", "Cem"], seed=2)
    before = set(vars(game))
    one, two = game.viewer(), game.viewer()
    first = one.layers(0)[0]
    assert one.layers(1)[0] is first
    assert two.layers(0)[0] is not first
    assert two.layers(0)[0] == first
    game.view(0, shared=True)
    assert set(vars(game)) == before
