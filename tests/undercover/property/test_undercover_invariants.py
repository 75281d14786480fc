"""Property tests over random legal play of Undercover (RULES.md Part B).

Each example deals a game with a random seat count, variant and seed and plays it with
random legal actions (seekers pass about half the time and now and then aim at the
hidden country, so rounds end by discovery, by the 12th question and by running out of
stones). The checks: stones conserved (B2.4), scores equal the stones on the right
country (B2.6), the hidden choice never reaches a seeker or spectator before the reveal
(B2.2), records round-trip, every legal action applies, and illegal actions raise typed
errors and change nothing.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from geodeck import (
    ActionError,
    Answer,
    Game,
    Hide,
    IllegalAction,
    Name,
    NotYourTurn,
    Pass,
    Stone,
    UndercoverGame,
    WrongKind,
)
from geodeck.cli.summary import summary_of
from geodeck.undercover.events import RoundEnded
from tests.support import examples, walk
from tests.undercover.support import (
    OTHER_SALT,
    SALT,
    assert_conserved,
    countries,
    random_action,
    random_game,
)

GAMES = st.integers(min_value=0, max_value=2**32 - 1).map(random.Random)
"""A random source per example, drawn from a seed (plain ``random.Random`` is far faster
than Hypothesis' own randoms over a whole game; a failure still prints the seed)."""
POINTS = {"small": 1, "large": 2}


def watchers(game: UndercoverGame) -> list[int | None]:
    """The seekers of the round and a spectator."""
    out: list[int | None] = [s for s in range(len(game.seats)) if s != game.round.undercover]
    out.append(None)
    return out


@settings(max_examples=examples(60), deadline=None)
@given(GAMES)
def test_b2_4_stones_conserved_and_b2_6_scores_are_the_stones_on_the_right_country(
    rng: random.Random,
) -> None:
    """RULES.md B2.4, B2.6: in every state each seat's stones in hand plus on the board
    are 5 small and 1 large; each round scores exactly the stones on the hidden country
    (small 1, large 2, nothing for the undercover player), and discovery means 6 or more
    stones there; the totals are the sums of the rounds."""
    game = random_game(rng)
    totals = [0] * len(game.seats)
    rounds = 0
    while not game.finished:
        board = {c: list(s) for c, s in summary_of(game)["stones"].items()}
        action = random_action(game, rng)
        if isinstance(action, Stone):
            board.setdefault(action.country, []).append({"seat": action.seat, "size": action.size})
        events = game.apply(action)
        assert_conserved(game)
        for event in events:
            if not isinstance(event, RoundEnded):
                continue
            rounds += 1
            on_country = board.get(event.country, [])
            expected = [0] * len(totals)
            for stone in on_country:
                expected[stone["seat"]] += POINTS[stone["size"]]
            assert list(event.points) == expected
            assert event.points[event.undercover] == 0
            assert event.discovered == (len(on_country) >= 6)
            assert event.asked <= 12
            totals = [t + p for t, p in zip(totals, event.points, strict=True)]
        assert [s["score"] for s in summary_of(game)["seats"]] == totals
    outcome = game.outcome()
    assert outcome is not None
    assert list(outcome.scores) == totals
    assert list(outcome.winners) == [s for s, t in enumerate(totals) if t == max(totals)]
    assert rounds == game.rounds


def assert_secret(game: UndercoverGame) -> None:
    """No seeker or spectator view holds the current round's country or salt."""
    r = game.round
    if r.country is None or r.salt is None or game.finished:
        return
    for seat in watchers(game):
        view = game.view(seat)
        assert view["hidden"] is None
        assert r.salt not in json.dumps(view)
        for obj in walk(view):
            assert "hint" not in obj
            assert "salt" not in obj or obj.get("round", 0) < r.number
            if obj.get("event") == "hide" and obj["round"] == r.number:
                assert "country" not in obj
            if obj.get("event") == "reveal":
                assert obj["round"] < r.number
    mine = game.view(r.undercover)
    assert mine["hidden"] == {"country": r.country, "salt": r.salt}


@settings(max_examples=examples(24), deadline=None)
@given(GAMES)
def test_b2_2_the_hidden_country_and_salt_stay_out_of_other_views(rng: random.Random) -> None:
    """RULES.md B2.2: before a round ends, no seeker's or spectator's view holds its salt,
    its country in any field tied to the choice (``hidden``, a ``hint``, the ``hide``
    event, a reveal), while the undercover player's view does. Checked right after each
    hide and in random states."""
    game = random_game(rng)
    while not game.finished:
        action = random_action(game, rng)
        game.apply(action)
        if isinstance(action, Hide) or rng.random() < 0.08:
            assert_secret(game)


def scrubbed(game: UndercoverGame, seat: int | None) -> str:
    """A view as JSON text, with the round's commitment blanked out."""
    text = json.dumps(game.view(seat), sort_keys=True)
    commitment = game.round.commitment
    return text.replace(commitment, "COMMITMENT") if commitment else text


@settings(max_examples=examples(25), deadline=None)
@given(GAMES)
def test_b2_2_seeker_views_do_not_depend_on_the_hidden_country(rng: random.Random) -> None:
    """RULES.md B2.2: two games alike in everything but the hidden country and salt show
    every seeker and the spectator the same views (but for the commitment) until the
    round ends."""
    game = random_game(rng)
    layout = game.round.layout
    first, second = rng.sample(layout, 2)
    record = game.to_record()
    twin = Game.from_record(record)
    assert isinstance(twin, UndercoverGame)
    game.apply(Hide(0, first, SALT))
    twin.apply(Hide(0, second, OTHER_SALT))
    while game.round.number == twin.round.number == 1:
        for seat in watchers(game):
            assert scrubbed(game, seat) == scrubbed(twin, seat)
        action = random_action(game, rng, cheat=0.0)
        game.apply(action)
        twin.apply(action)


def assert_round_trips(game: UndercoverGame) -> None:
    record = json.loads(json.dumps(game.to_record()))
    copied = Game.from_record(record)
    assert summary_of(copied) == summary_of(game)
    assert copied.version == game.version
    assert copied.expects() == game.expects()
    for seat in [None, *range(len(game.seats))]:
        assert copied.view(seat) == game.view(seat)
        assert copied.legal_actions(seat or 0) == game.legal_actions(seat or 0)


@settings(max_examples=examples(20), deadline=None)
@given(GAMES, st.integers(0, 400))
def test_records_round_trip(rng: random.Random, stop: int) -> None:
    """RECORDS.md: in a random state and at the end, ``Game.from_record(to_record())``
    shows every seat and a spectator the same view, and gives the same summary."""
    game = random_game(rng)
    while not game.finished:
        if game.version == stop:
            assert_round_trips(game)
        game.apply(random_action(game, rng))
    assert_round_trips(game)


def clone(game: UndercoverGame) -> UndercoverGame:
    """A deep copy sharing what never changes: the deck, the layouts, past events."""
    memo: dict[int, Any] = {
        id(game.countries): game.countries,
        id(game.questions): game.questions,
        id(game.layouts): game.layouts,
        id(game.history): list(game.history),
        id(game.actions): list(game.actions),
        id(game.results): list(game.results),
    }
    return copy.deepcopy(game, memo)


def sample_states(game: UndercoverGame, rng: random.Random, chance: float) -> Iterator[None]:
    """Play the game out, pausing (yielding) in random states."""
    while not game.finished:
        if rng.random() < chance:
            yield
        game.apply(random_action(game, rng))
    yield


@settings(max_examples=examples(30), deadline=None)
@given(GAMES)
def test_every_legal_action_applies(rng: random.Random) -> None:
    """ARCHITECTURE.md: ``legal_actions`` lists what ``apply`` accepts: in sampled states
    every listed action applies to a copy of the game (a hide once the hider has salted
    it, B2.2); seats not awaited have none."""
    game = random_game(rng)
    for _ in sample_states(game, rng, 0.05):
        seats, _kind = game.expects()
        for seat in range(len(game.seats)):
            legal = game.legal_actions(seat)
            assert bool(legal) == (seat in seats)
            for action in legal:
                twin = clone(game)
                assert twin.apply(action.salted(SALT) if isinstance(action, Hide) else action)
                assert twin.version == game.version + 1


def illegal_actions(game: UndercoverGame) -> list[Any]:
    """Actions the current state forbids: other seats, other kinds, bad arguments."""
    seats, kind = game.expects()
    if not seats:
        return [Pass(0), Hide(0, game.round.layout[0], SALT)]
    seat = seats[0]
    r = game.round
    n = len(game.seats)
    away = next(c for c in countries() if c not in r.layout)
    seeker = next(s for s in range(n) if s != r.undercover)
    out: list[Any] = [dataclasses.replace(game.legal_actions(seat)[0], seat=s) for s in range(n)]
    out = [a for a in out if a.seat != seat]
    out += [Pass(99), "pass", None]
    every_kind = {
        "hide": Hide(seat, r.layout[0], SALT),
        "name": Name(seat, seeker),
        "answer": Answer(seat, "yes"),
        "stone": Stone(seat, r.layout[0], "small"),
    }
    out += [a for k, a in every_kind.items() if k != kind]
    if kind != "stone":
        out.append(Pass(seat))
    if kind == "hide":
        out += [Hide(seat, away, SALT), Hide(seat, r.layout[0], "short")]
    elif kind == "name":
        out += [Name(seat, r.undercover), Name(seat, n), Name(seat, -1)]
    elif kind == "answer":
        out += [Answer(seat, "maybe"), Answer(seat, "Yes")]
    elif kind == "stone":
        out += [Stone(seat, away, "small"), Stone(seat, r.layout[0], "medium")]
        left = summary_of(game)["seats"][seat]
        out += [Stone(seat, r.layout[0], size) for size in ("small", "large") if not left[size]]
    return out


@settings(max_examples=examples(30), deadline=None)
@given(GAMES)
def test_illegal_actions_raise_typed_errors_and_change_nothing(rng: random.Random) -> None:
    """ARCHITECTURE.md: an illegal action raises a typed ``ActionError`` with a stable
    code, and the game is exactly as before (record, views, summary)."""
    game = random_game(rng)
    for _ in sample_states(game, rng, 0.05):
        before = (game.to_record(), summary_of(game), game.view(None), game.view(0))
        for action in illegal_actions(game):
            try:
                game.apply(action)
            except ActionError as err:
                assert err.code.startswith("action/")
                if not game.finished and isinstance(action, Hide | Name | Answer | Stone):
                    assert isinstance(err, NotYourTurn | WrongKind | IllegalAction)
                    assert err.rule is not None
            else:
                raise AssertionError(f"{action!r} was applied")
            assert game.version == before[0]["actions"].__len__()
        after = (game.to_record(), summary_of(game), game.view(None), game.view(0))
        assert after == before
