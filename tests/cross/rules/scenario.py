"""Hand-made cards and explicit setups for the rule tests (RULES.md Part A).

A scenario is a ``geodeck/1`` record with a few cards whose coordinates and numbers are
chosen for the rule under test, and a draw pile of any shape (RECORDS.md allows it). The
game is played through the public API only; ``play`` checks after every action that the
chips are conserved (A5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from geodeck import Accept, Challenge, Game, Guess, Place, new_game
from geodeck.cli.summary import summary_of

CardData = dict[str, Any]

NAMES = ("Ann", "Ben", "Cem", "Dan", "Eve", "Fay")


def card(
    name: str,
    lat: float,
    lon: float,
    population: float | None = None,
    *,
    kind: str = "place",
    area: float | None = None,
    altitude: float | None = None,
    difficulty: int | None = None,
) -> CardData:
    """One card as a record or deck embeds it."""
    data: CardData = {"name": name, "kind": kind, "lat": lat, "lon": lon}
    for key, value in (
        ("population", population),
        ("area", area),
        ("altitude", altitude),
        ("difficulty", difficulty),
    ):
        if value is not None:
            data[key] = value
    return data


def east(name: str, lon: float) -> CardData:
    """A card on the equator at ``lon``: only its longitude matters."""
    return card(name, 0.0, lon, 1000)


def north(name: str, lat: float) -> CardData:
    """A card on the prime meridian at ``lat``: only its latitude matters."""
    return card(name, lat, 0.0, 1000)


def pop(name: str, population: float) -> CardData:
    """A card for the population column: only its population matters."""
    return card(name, 0.0, 0.0, population)


def record(
    cards: Mapping[str, CardData],
    *,
    start: str,
    draw: Sequence[str],
    reserve: Sequence[str] = (),
    seats: int = 3,
    game: str = "uppsala",
    variant: str = "geo",
    chips: tuple[int, int] | None = None,
    actions: Sequence[Mapping[str, Any]] = (),
) -> dict[str, Any]:
    """A ``geodeck/1`` record; ``chips`` is ``(each, box)`` when given."""
    out: dict[str, Any] = {
        "format": "geodeck/1",
        "game": game,
        "variant": variant,
        "seats": list(NAMES[:seats]),
        "cards": {cid: dict(data) for cid, data in cards.items()},
        "setup": {"start": start, "draw": list(draw), "reserve": list(reserve)},
        "actions": [dict(a) for a in actions],
    }
    if chips is not None:
        out["chips"] = {"each": chips[0], "box": chips[1]}
    return out


def scenario(
    cards: Mapping[str, CardData],
    *,
    start: str,
    draw: Sequence[str],
    reserve: Sequence[str] = (),
    seats: int = 3,
    game: str = "uppsala",
    variant: str = "geo",
    chips: tuple[int, int] | None = None,
) -> Game:
    """A game built from an explicit setup, before any action."""
    built = Game.from_record(
        record(
            cards,
            start=start,
            draw=draw,
            reserve=reserve,
            seats=seats,
            game=game,
            variant=variant,
            chips=chips,
        )
    )
    assert_conserved(built)
    return built


def play(game: Game, *actions: Any) -> list[dict[str, Any]]:
    """Apply ``actions`` in order; return the events they caused, in wire form."""
    events: list[dict[str, Any]] = []
    for action in actions:
        events.extend(e.to_wire() for e in game.apply(action))
        assert_conserved(game)
    return events


def accept_all(game: Game) -> None:
    """Every seat still to be asked lets the placed card stand."""
    while game.expects().kind == "respond":
        play(game, Accept(game.expects().seats[0]))


def guess_all(game: Game, *wrong: int) -> list[dict[str, Any]]:
    """Seat ``i`` guesses ``wrong[i]``."""
    return play(game, *(Guess(seat, n) for seat, n in enumerate(wrong)))


def assert_conserved(game: Game) -> None:
    """Chips in all hands plus the supply equal the box total (A5)."""
    view = game.view(None)
    hands = sum(seat["chips"] for seat in view["seats"])
    assert hands + view["supply"] == view["box"]
    assert view["supply"] >= 0
    assert all(seat["chips"] >= 0 for seat in view["seats"])


def hands(game: Game) -> list[int]:
    return [seat["chips"] for seat in game.view(None)["seats"]]


def supply(game: Game) -> int:
    value: int = game.view(None)["supply"]
    return value


def lines(game: Game) -> dict[str, list[str]]:
    table: dict[str, list[str]] = summary_of(game)["table"]
    return table


def removed(game: Game) -> list[str]:
    pile: list[str] = game.view(None)["removed"]
    return pile


def exchanged(game: Game) -> list[list[str]]:
    return [seat["exchanged"] for seat in game.view(None)["seats"]]


def history(game: Game, seat: int | None = None) -> list[dict[str, Any]]:
    """The history as ``seat`` sees it (``None``: a spectator)."""
    events: list[dict[str, Any]] = game.view(seat)["history"]
    return events


def of_kind(events: Sequence[Mapping[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [dict(e) for e in events if e["event"] == kind]


def snapshot(game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
    """Everything an action could change: the spectator's view and the record."""
    return game.view(None), game.to_record()


def numbered_deck(
    count: int,
    *,
    difficulty: bool = True,
    sights: int = 0,
    prefix: str = "p",
) -> dict[str, CardData]:
    """``count`` places with every number (difficulty cycling 1, 2, 3), then ``sights``
    sights without population or area."""
    deck: dict[str, CardData] = {}
    for i in range(count):
        deck[f"{prefix}{i:03d}"] = card(
            f"Place {i}",
            round(36.0 + i * 0.2, 4),
            round(-9.0 + i * 0.4, 4),
            1000 * (i + 1),
            area=10.0 + i,
            altitude=5.0 * i,
            difficulty=i % 3 + 1 if difficulty else None,
        )
    for i in range(sights):
        deck[f"s{i:03d}"] = card(
            f"Sight {i}",
            round(45.0 + i * 0.1, 4),
            round(5.0 + i * 0.1, 4),
            kind="sight",
            altitude=100.0 + i,
            difficulty=i % 3 + 1 if difficulty else None,
        )
    return deck


def deal(
    game: str = "uppsala",
    *,
    seats: int = 3,
    variant: str | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    deck: Mapping[str, Any] | None = None,
) -> Game:
    """A newly dealt game with a numbered deck of 60 cards unless ``deck`` is given."""
    dealt = new_game(
        game,
        list(NAMES[:seats]),
        variant=variant,
        seed=seed,
        options=options,
        deck=numbered_deck(60) if deck is None else deck,
    )
    assert_conserved(dealt)
    return dealt


def autoplay(game: Game, *, challenge_every: int = 0) -> None:
    """Play to the end: each card goes to the west end of the first line; every
    ``challenge_every``-th placement is challenged against its neighbour; everyone
    guesses 0. Chips are checked after every action."""
    placements = 0
    while game.outcome() is None:
        seats, kind = game.expects()
        if kind == "place":
            line = next(iter(lines(game)))
            play(game, Place(seats[0], line, 0))
            placements += 1
            if challenge_every and placements % challenge_every == 0:
                neighbour = game.view(None)["placed"]["neighbours"][0]
                play(game, Challenge(game.expects().seats[0], neighbour))
        elif kind == "respond":
            play(game, Accept(seats[0]))
        else:
            play(game, *(Guess(seat, 0) for seat in seats))
