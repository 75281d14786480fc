"""The observation kept up to date step by step is the seat's whole view encoded afresh,
and the mask worked out without a view is the one the view gives (docs/rl.md,
Observations and Actions)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy", reason="the rl extra is not installed: pip install '.[rl]'")

import numpy as np

import geodeck
from geodeck.catalogue import catalogue
from geodeck.rl.episode import Episode

CASES = [
    pytest.param(info.id, variant, players, id=f"{info.id}-{variant}-{players}")
    for info in catalogue()
    for variant in info.variants
    for players in sorted({info.players[0], info.players[1]})
]


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_the_tracked_observation_and_mask_are_those_of_the_whole_view(
    game: str, variant: str, players: int
) -> None:
    episode = Episode(game, seats=players, variant=variant)
    rng = random.Random(players)
    episode.deal(5)
    steps = 0
    while episode.seat is not None:
        for seat in [None, *range(players)]:
            if rng.random() < 0.4:
                continue
            view = episode.game.view(seat)
            expected = episode.codec.encode(view)
            assert np.array_equal(episode.observation(seat), expected), (seat, steps)
        seat = episode.seat
        view = episode.game.view(seat)
        legal = episode.game.legal_actions(seat)
        by_view = {episode.codec.index(action, view): action for action in legal}
        assert episode.legal(seat) == by_view
        _, mask = episode.observe(seat)
        assert sorted(np.flatnonzero(mask)) == sorted(by_view)
        episode.act(seat, rng.choice(sorted(by_view)))
        steps += 1
    assert steps > 20


GAMES = [
    pytest.param(info.id, players, id=f"{info.id}-{players}")
    for info in catalogue()
    for players in sorted({info.players[0], info.players[1]})
]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_observation_followed_from_the_events_is_the_views_at_every_step(
    game: str, players: int
) -> None:
    """Every seat and a spectator observed after every action of several random games:
    what the events gave each tracker is what the seat's whole view encodes."""
    episode = Episode(game, seats=players)
    checked = 0
    for seed in (11, 12, 13):
        rng = random.Random(seed)
        episode.deal(seed)
        while True:
            for seat in [None, *range(players)]:
                expected = episode.codec.encode(episode.game.view(seat))
                assert np.array_equal(episode.observation(seat), expected), (seed, seat)
                checked += 1
            seat = episode.seat
            if seat is None:
                break
            episode.act(seat, rng.choice(sorted(episode.legal(seat))))
    assert checked > 3 * 20 * (players + 1)


def test_the_followed_observation_keeps_up_with_exchanges() -> None:
    """A box with no supply left over: payouts make seats exchange chips for removed
    cards (RULES.md A5), and the observation follows them too."""
    episode = Episode("uppsala", seats=3)
    kinds: set[str] = set()
    for seed in (21, 22, 23):
        record = geodeck.new_game("uppsala", episode.names, seed=seed).to_record()
        each = record["chips"]["each"]
        record["chips"] = {"each": each, "box": 3 * each}
        episode.game = geodeck.Game.from_record(record)
        rng = random.Random(seed)
        while True:
            for seat in [None, 0, 1, 2]:
                expected = episode.codec.encode(episode.game.view(seat))
                assert np.array_equal(episode.observation(seat), expected), (seed, seat)
            seat = episode.seat
            if seat is None:
                break
            episode.act(seat, rng.choice(sorted(episode.legal(seat))))
        kinds.update(event.event for event in episode.game.history)
    assert "exchange" in kinds


def test_the_followed_undercover_observation_keeps_up_with_reshuffles_and_replacements() -> None:
    """Nine questions only, so that the discard pile is shuffled again (RULES.md B2.7),
    and computer seats, so that questions about a seeker are replaced."""
    options = {"computers": [0, 2]}
    episode = Episode("undercover", seats=4, options=options)
    kinds: set[str] = set()
    for seed in (1, 2):
        dealt = geodeck.new_game("undercover", episode.names, seed=seed, options=options)
        record = dealt.to_record()
        keep = record["setup"]["questions"][:9]
        record["setup"]["questions"] = keep
        record["questions"] = {k: v for k, v in record["questions"].items() if k in keep}
        episode.game = geodeck.Game.from_record(record)
        rng = random.Random(seed)
        while True:
            for seat in [None, 0, 1, 2, 3]:
                expected = episode.codec.encode(episode.game.view(seat))
                assert np.array_equal(episode.observation(seat), expected), (seed, seat)
            seat = episode.seat
            if seat is None:
                break
            episode.act(seat, rng.choice(sorted(episode.legal(seat))))
        kinds.update(event.event for event in episode.game.history)
    assert {"reshuffle", "replace"} <= kinds


def test_a_returned_observation_is_the_callers_own() -> None:
    episode = Episode("uppsala", seats=2)
    episode.deal(1)
    first = episode.observation(0)
    kept = first.copy()
    seat = episode.seat
    assert seat is not None
    episode.act(seat, min(episode.legal(seat)))
    assert not np.array_equal(episode.observation(0), kept)
    assert np.array_equal(first, kept)
