"""What each seat did in a game of Undercover, round by round, and the countries that were
hardest to find, from the history a spectator sees (docs/stats.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict, cast

from geodeck.core.game import Game
from geodeck.stats.shapes import EndedRound, UndercoverPlayer, UndercoverStats
from geodeck.undercover.game import UndercoverGame

if TYPE_CHECKING:
    from typing_extensions import ReadOnly

    from geodeck.core.shapes import EventWire
    from geodeck.undercover.shapes import UndercoverView

HARDEST = 5
"""How many hidden countries the hardest list keeps."""


class SeenSeat(TypedDict):
    name: ReadOnly[str]
    score: ReadOnly[int]


class Seen(TypedDict):
    """What the counts read of a spectator's view (an ``UndercoverView`` is one)."""

    seats: ReadOnly[Sequence[SeenSeat]]
    history: list[EventWire]


class _Stone(TypedDict):
    seat: int
    country: str
    size: str


class _Reveal(TypedDict):
    round: int
    undercover: int
    country: str
    discovered: bool
    asked: int
    points: list[int]


def family_stats(game: Game, view: UndercoverView) -> UndercoverStats:
    """Undercover's statistics (``geodeck.stats.game_stats``), the countries by name."""
    assert isinstance(game, UndercoverGame)
    countries = {code: country.name for code, country in game.countries.items()}
    return undercover_stats(view, countries)


def undercover_stats(view: Seen, names: Mapping[str, str]) -> UndercoverStats:
    """``players`` (one object per seat), ``rounds`` (each ended round) and ``hardest``
    (the hidden countries, hardest first). ``names`` gives each country's name. Each
    kind of event read has the wire form of its event class (``geodeck.undercover.events``),
    which the casts name."""
    players = [_player(i, s) for i, s in enumerate(view["seats"])]
    rounds: list[EndedRound] = []
    stones: list[tuple[int, str, str]] = []
    """The stones of the round in play: seat, country, size."""
    for event in view["history"]:
        kind = event["event"]
        if kind == "round":
            stones = []
        elif kind == "stone":
            stone = cast(_Stone, event)
            stones.append((stone["seat"], stone["country"], stone["size"]))
        elif kind == "reveal":
            rounds.append(_ended(cast(_Reveal, event), stones, players, names))
    return {"players": players, "rounds": rounds, "hardest": _hardest(rounds)}


def _player(seat: int, shown: SeenSeat) -> UndercoverPlayer:
    return {
        "seat": seat,
        "name": shown["name"],
        "score": shown["score"],
        "rounds": [],
        "stones": 0,
        "stones_right": 0,
        "points": [],
        "undercover": 0,
        "discovered": 0,
        "questions_to_discovery": [],
    }


def _ended(
    event: _Reveal,
    stones: list[tuple[int, str, str]],
    players: list[UndercoverPlayer],
    names: Mapping[str, str],
) -> EndedRound:
    """Count one round as it was revealed (B2.5-B2.6): a stone is right when it lies on
    the undercover country."""
    country, hider = event["country"], event["undercover"]
    for seat, player in enumerate(players):
        points = event["points"][seat]
        player["points"].append(points)
        if seat == hider:
            continue
        mine = [(c, size) for s, c, size in stones if s == seat]
        right = sum(1 for c, _ in mine if c == country)
        player["stones"] += len(mine)
        player["stones_right"] += right
        player["rounds"].append(
            {"round": event["round"], "stones": len(mine), "right": right, "points": points}
        )
    undercover = players[hider]
    undercover["undercover"] += 1
    if event["discovered"]:
        undercover["discovered"] += 1
        undercover["questions_to_discovery"].append(event["asked"])
    return {
        "round": event["round"],
        "undercover": hider,
        "country": country,
        "name": names.get(country, country),
        "discovered": bool(event["discovered"]),
        "asked": event["asked"],
        "stones_right": sum(1 for _, c, _ in stones if c == country),
        "stones": len(stones),
    }


def _hardest(rounds: list[EndedRound]) -> list[EndedRound]:
    """The hidden countries nobody discovered first, then those that took the most
    questions, then those with the fewest stones on them; then in the order of play."""
    order = sorted(
        rounds, key=lambda r: (r["discovered"], -r["asked"], r["stones_right"], r["round"])
    )
    return [r.copy() for r in order[:HARDEST]]
