"""Every game of the catalogue as an OpenSpiel game passes OpenSpiel's own consistency
checks on random simulations (``pyspiel.random_sim_test``; docs/rl.md)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pyspiel", reason="the rl extra is not installed: pip install '.[rl]'")

import pyspiel

from geodeck.catalogue import catalogue
from geodeck.rl.openspiel import register

CASES = [
    *(
        pytest.param(info.id, info.variants[0], info.players[0], id=f"{info.id}-fewest")
        for info in catalogue()
    ),
    *(
        pytest.param(
            info.id,
            info.variants[-1],
            info.players[1],
            id=f"{info.id}-most",
            marks=pytest.mark.slow,
        )
        for info in catalogue()
    ),
]
"""Each game with its first variant and fewest seats, and (slow: OpenSpiel's test reads
every seat's information state at every step) its last variant and most seats."""


def test_register_names_every_game_of_the_catalogue_and_may_run_twice() -> None:
    names = register()
    assert names == register()
    assert names == [f"python_geodeck_{info.id}" for info in catalogue()]
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("game", "variant", "players"), CASES)
def test_every_game_passes_the_openspiel_random_simulation_test(
    game: str, variant: str, players: int
) -> None:
    register()
    loaded = pyspiel.load_game(
        f"python_geodeck_{game}", {"players": players, "variant": variant, "deals": 50}
    )
    assert loaded.num_players() == players
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)


def test_the_deal_is_an_explicit_chance_node_over_the_seeds() -> None:
    register()
    game = pyspiel.load_game("python_geodeck_uppsala", {"deals": 20})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [seed for seed, _ in outcomes] == list(range(20))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(7)
    assert state.current_player() == 0


def test_the_information_state_hides_the_deal_and_the_other_seats_secrets() -> None:
    """Two deals whose hidden countries differ give a seeker the same information state
    string until the round ends; the hider's differ (RULES.md B2.2)."""
    register()
    game = pyspiel.load_game("python_geodeck_undercover", {"players": 3, "deals": 10})
    states = []
    for country in (0, 3):
        state = game.new_initial_state()
        state.apply_action(4)
        hider = state.current_player()
        state.apply_action(state.legal_actions()[country])
        states.append(state)
    seekers = [s for s in range(3) if s != hider]
    for seat in seekers:
        texts = {state.information_state_string(seat) for state in states}
        assert len(texts) == 1
        assert "salt" not in texts.pop()
    assert len({state.information_state_string(hider) for state in states}) == 2
    view = json.loads(states[0].information_state_string(seekers[0]))
    assert view["role"] == "seeker"
    assert "commitment" not in view
