"""Every geodeck game as an OpenSpiel game: ``register()`` adds
``python_geodeck_<game>`` for each game of the catalogue (docs/rl.md).

- Parameters: ``players`` (default: the fewest the game allows), ``variant`` (default:
  the game's first), ``deals`` (default ``DEALS``).
- The first node is an explicit chance node: its outcome is the deal's seed, uniform over
  ``range(deals)``; everything else is the players' moves, one at a time (the cross
  family's secret guesses too: each seat's guess stays hidden from the others).
- Actions are the family's fixed action space (``cross_codec``, ``undercover_codec``).
- Returns, at the end only: each winner 1 / the number of winners, the others 0.
- Information state: the string is the seat's whole view as JSON (its history is the
  seat's whole filtered history), without the hide's commitment and salt (made from the
  seed, they would tell the deal apart); the tensor is the seat's observation
  (``GeodeckEnv``'s). Countries appear by id, and text that only repeats an id is left
  out (``LEFT_OUT``). The observation string holds the recent history only. A public
  observation (no private information) is a spectator's view.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import numpy as np
import pyspiel

from geodeck.catalogue import catalogue
from geodeck.rl.episode import Episode

Params = dict[str, int | float | str | bool]
"""A game's parameters as OpenSpiel gives them (``players``, ``variant``, ``deals``)."""

DEALS = 10_000
PREFIX = "python_geodeck_"


def _type(game: str) -> pyspiel.GameType:
    info = next(i for i in catalogue() if i.id == game)
    return pyspiel.GameType(
        short_name=PREFIX + game,
        long_name=f"geodeck {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.players[1],
        min_num_players=info.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": info.players[0],
            "variant": info.variants[0],
            "deals": DEALS,
        },
    )


class GeodeckGame(pyspiel.Game):  # type: ignore[misc]
    """One geodeck game with its parameters."""

    def __init__(self, game: str, params: Params | None = None) -> None:
        game_type = _type(game)
        merged = {**game_type.parameter_specification, **(params or {})}
        players = int(merged["players"])
        self.deals = int(merged["deals"])
        self.episode = Episode(game, seats=players, variant=str(merged["variant"]))
        codec = self.episode.codec
        game_info = pyspiel.GameInfo(
            num_distinct_actions=codec.actions,
            max_chance_outcomes=self.deals,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.episode.front.MAX_MOVES,
        )
        super().__init__(game_type, game_info, params or {})

    def new_initial_state(self) -> GeodeckState:
        return GeodeckState(self)

    def make_py_observer(
        self, iig_obs_type: object = None, params: Params | None = None
    ) -> GeodeckObserver:
        if params:
            raise ValueError(f"the geodeck observer takes no parameters, got {params}")
        return GeodeckObserver(
            self.episode, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        )


class GeodeckState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: before the deal, a chance node."""

    def __init__(self, game: GeodeckGame) -> None:
        super().__init__(game)
        self.deals = game.deals
        self.episode = game.episode
        """The game's own episode until the deal (only read: OpenSpiel makes a state for
        every tensor it is asked for, to learn its shape), then this state's copy."""
        self.dealt = False
        self.player = int(pyspiel.PlayerId.CHANCE)
        """The player to act, worked out once per move (OpenSpiel asks it several times
        a move)."""

    def current_player(self) -> int:
        return self.player

    def _next_player(self) -> int:
        seat = self.episode.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.episode.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(seed, p) for seed in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if not self.dealt:
            self.episode = self.episode.fresh()
            self.episode.deal(int(action))
            self.dealt = True
        else:
            assert self.player >= 0
            self.episode.act(self.player, int(action))
        self.player = self._next_player()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        move = self.episode.legal(player).get(action) if self.dealt else None
        if move is None:
            return f"action {action}"
        return json.dumps(move.to_wire(), sort_keys=True)

    def is_terminal(self) -> bool:
        return self.dealt and self.episode.game.finished

    def returns(self) -> list[float]:
        if not self.dealt:
            return [0.0] * self.episode.players
        return self.episode.returns()

    def __str__(self) -> str:
        if not self.dealt:
            return "not dealt"
        game = self.episode.game
        seats, kind = game.expects()
        return f"deal {self.episode.seed}, version {game.version}: {kind or 'over'} {list(seats)}"


LEFT_OUT = frozenset({"commitment", "salt", "text", "reads", "translations", "title"})
"""Keys an information-state string leaves out: the hide's commitment and salt, and text
that repeats an id."""


def compact(value: object) -> object:
    """``value`` without the keys ``LEFT_OUT``, at any depth, and the laid-out countries
    by id only."""
    if isinstance(value, dict):
        return {
            k: [c["id"] for c in v]
            if k == "layout" and isinstance(v, list) and v and isinstance(v[0], dict)
            else compact(v)
            for k, v in value.items()
            if k not in LEFT_OUT
        }
    if isinstance(value, list):
        return [compact(v) for v in value]
    return value


class GeodeckObserver:
    """OpenSpiel's observer: a seat's (or, for public information only, a spectator's)
    view as a tensor (the codec's) and as a string."""

    def __init__(self, episode: Episode, iig_obs_type: pyspiel.IIGObservationType) -> None:
        self.episode = episode
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info != pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(episode.codec.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def _view(
        self, state: GeodeckState, player: int, *, whole: bool
    ) -> Mapping[str, object] | None:
        """The view ``player`` (or a spectator) has, with its whole history or only the
        recent events the codec reads; ``None`` before the deal."""
        if not state.dealt:
            return None
        game = state.episode.game
        since = 0 if whole else max(0, len(game.history) - state.episode.recent)
        view: Mapping[str, object] = game.view(
            player if self.private else None, since=since, shared=True
        )
        return view

    def set_from(self, state: GeodeckState, player: int) -> None:
        if not state.dealt:
            self.tensor.fill(0.0)
        else:
            np.copyto(self.tensor, state.episode.current(player if self.private else None))

    def string_from(self, state: GeodeckState, player: int) -> str:
        view = self._view(state, player, whole=self.perfect_recall)
        if view is None:
            return f"seat {player}, not dealt" if self.private else "not dealt"
        return json.dumps(compact(view), sort_keys=True, ensure_ascii=False)


def register() -> list[str]:
    """Register every game of the catalogue with OpenSpiel (again: no change); return the
    names, for ``pyspiel.load_game``."""
    known = set(pyspiel.registered_names())
    names = []
    for info in catalogue():
        name = PREFIX + info.id
        if name not in known:
            pyspiel.register_game(_type(info.id), _factory(info.id))
        names.append(name)
    return names


def _factory(game: str) -> type[GeodeckGame]:
    """The game's class, as OpenSpiel builds it from its parameters (a class: a function
    registered here crashes the interpreter as it exits)."""

    def __init__(self: GeodeckGame, params: Params | None = None) -> None:
        GeodeckGame.__init__(self, game, params)

    return type(f"Geodeck{game.title()}Game", (GeodeckGame,), {"__init__": __init__})
