"""Undercover in Europa's observation and actions, from a seat's view only (docs/rl.md).

Observation, all features scaled into [-1, 1]:

- ``LAYOUT`` laid-out countries x ``COUNTRY``: present, country id (its place in the
  deck's sorted ids, scaled into (0, 1]), small and large stones on it of each seat
  (relative, ``MAX_SEATS`` x 2, small / 5), all its stones / 6, it is the country this
  seat hid in (only the hider's view says so);
- ``ASKED`` questions of the round x ``QUESTION``: present, question id, about a seeker,
  reader (relative, one-hot), the seeker named (relative, one-hot), the answer (one-hot),
  the hint the hider's view carries (one-hot);
- ``MAX_SEATS`` seats from this one clockwise x ``SEAT``: present, score / 20, small
  stones / 5, large stones, is undercover, is awaited;
- the phase (one-hot), round / rounds, rounds / 12, this seat is undercover, questions
  left / 100, discarded / 100, the number of seats / 6.

Actions: ``HIDE + i`` hides in the i-th laid-out country; ``NAME + s`` names seat s
(absolute) as X; ``ANSWER + a`` answers (yes, no, probably, probably not, not sure);
``STONE + 2 i + size`` puts a small (0) or large (1) stone on the i-th country; ``PASS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from geodeck.core.game import Viewer
from geodeck.decks.countries import ANSWERS
from geodeck.rl.codec import MAX_SEATS, Array, finish, ids_of, one_hot, relative
from geodeck.rl.undercover_state import AskedFacts, TableFacts, UndercoverState
from geodeck.undercover.actions import Answer, Hide, Name, Pass, Stone, UndercoverAction

if TYPE_CHECKING:
    from geodeck.undercover.game import UndercoverGame
    from geodeck.undercover.shapes import StoneOn, UndercoverRecord, UndercoverView

LAYOUT = 16
ASKED = 12
SIZES = ("small", "large")
PHASES = ("hide", "name", "answer", "stone", "finished")
COUNTRY = 2 + 2 * MAX_SEATS + 2
QUESTION = 3 + 2 * MAX_SEATS + 2 * len(ANSWERS)
SEAT = 6
GLOBAL = len(PHASES) + 6
SIZE = LAYOUT * COUNTRY + ASKED * QUESTION + MAX_SEATS * SEAT + GLOBAL

HIDE = 0
NAME = HIDE + LAYOUT
ANSWER = NAME + MAX_SEATS
STONE = ANSWER + len(ANSWERS)
PASS = STONE + 2 * LAYOUT
ACTIONS = PASS + 1


RECENT = 0
"""An observation shows no recent events."""
MAX_MOVES = 2_000
"""An upper bound on a game's moves: at most twelve rounds of at most twelve questions,
each named, answered and guessed on."""
VARIANT_OPTIONS: dict[str, dict[str, object]] = {"hard": {"remove_country_questions": 10}}
"""Options a variant needs when none are given."""


def codec_for(record: UndercoverRecord) -> UndercoverCodec:
    """The codec of a game dealt as ``record``: its countries and questions."""
    return UndercoverCodec(list(record["countries"]), list(record["questions"]))


class UndercoverCodec:
    """The encoding for Undercover; ``countries`` and ``questions`` are the deck's ids."""

    size = SIZE
    actions = ACTIONS

    def __init__(self, countries: list[str], questions: list[str]) -> None:
        self.country_ids = ids_of(countries)
        self.question_ids = ids_of(questions)
        self._slots: tuple[list[str], dict[str, int]] | None = None

    def tracker(self, seat: int | None) -> UndercoverTracker:
        """An observation of ``seat`` kept up to date from the events its view shows."""
        return UndercoverTracker(self, seat)

    def chosen(
        self, actions: Sequence[UndercoverAction], game: UndercoverGame
    ) -> dict[int, UndercoverAction]:
        """The index of each of ``actions`` (``index``), from the round's layout (which
        every seat sees)."""
        layout = game.round.layout
        if self._slots is None or self._slots[0] is not layout:
            self._slots = (layout, {cid: i for i, cid in enumerate(layout)})
        slots = self._slots[1]
        out: dict[int, UndercoverAction] = {}
        for action in actions:
            if isinstance(action, Stone):
                out[STONE + 2 * slots[action.country] + SIZES.index(action.size)] = action
            elif isinstance(action, Hide):
                out[HIDE + slots[action.country]] = action
            else:
                out[self._index(action)] = action
        return out

    def encode(self, view: UndercoverView) -> Array:
        out = np.zeros(SIZE, dtype=np.float32)
        me = view["seat"] if view["seat"] is not None else 0
        players = len(view["seats"])
        self.layout(out, view, me, players)
        self.questions(out, view["questions"], me, players)
        self.rest(out, view, me, players)
        return finish(out)

    def layout(self, out: Array, view: TableFacts, me: int, players: int) -> None:
        """Write the laid-out countries' features (zero the rest of their slots)."""
        out[: LAYOUT * COUNTRY] = 0.0
        hidden = view["hidden"]
        country = None if hidden is None else hidden["country"]
        stones = view["stones"]
        for slot, card in enumerate(view["layout"][:LAYOUT]):
            cid = str(card["id"])
            self.country(out, slot, cid, stones.get(cid, []), country == cid, me, players)

    def country(
        self,
        out: Array,
        slot: int,
        cid: str,
        on: Sequence[StoneOn],
        hidden: bool,
        me: int,
        players: int,
    ) -> None:
        """Write one laid-out country's features: its id, the stones ``on`` it, whether
        this seat hid there."""
        i = slot * COUNTRY
        out[i : i + COUNTRY] = 0.0
        out[i] = 1.0
        out[i + 1] = self.country_ids.get(cid, 0.0)
        for stone in on:
            where = i + 2 + 2 * relative(stone["seat"], me, players)
            out[where + SIZES.index(stone["size"])] += 0.2
        out[i + 2 + 2 * MAX_SEATS] = len(on) / 6.0
        out[i + 3 + 2 * MAX_SEATS] = hidden

    def questions(
        self, out: Array, questions: Sequence[AskedFacts], me: int, players: int, start: int = 0
    ) -> None:
        """Write the round's questions' features from the ``start``-th on (zero the rest
        of their slots)."""
        at = LAYOUT * COUNTRY
        out[at + start * QUESTION : at + ASKED * QUESTION] = 0.0
        at += start * QUESTION
        for question in questions[start:ASKED]:
            out[at] = 1.0
            out[at + 1] = self.question_ids.get(question["id"], 0.0)
            out[at + 2] = question["about"] == "seeker"
            one_hot(out, at + 3, relative(question["reader"], me, players), MAX_SEATS)
            one_hot(out, at + 3 + MAX_SEATS, relative(question["seeker"], me, players), MAX_SEATS)
            answers = at + 3 + 2 * MAX_SEATS
            if question["answer"] is not None:
                one_hot(out, answers, ANSWERS.index(question["answer"]), len(ANSWERS))
            hint = question.get("hint")
            if hint in ANSWERS:
                one_hot(out, answers + len(ANSWERS), ANSWERS.index(hint), len(ANSWERS))
            at += QUESTION

    def rest(self, out: Array, view: TableFacts, me: int, players: int) -> None:
        """Write the seats' and the game's features, after the questions."""
        at = LAYOUT * COUNTRY + ASKED * QUESTION
        rest = [0.0] * (SIZE - at)
        awaited = view["next"]["seats"]
        for seat in view["seats"]:
            i = relative(seat["seat"], me, players) * SEAT
            rest[i : i + SEAT] = (
                1.0,
                seat["score"] / 20.0,
                seat["small"] / 5.0,
                seat["large"],
                seat["seat"] == view["undercover"],
                seat["seat"] in awaited,
            )
        i = MAX_SEATS * SEAT
        rest[i + PHASES.index(view["phase"])] = 1.0
        i += len(PHASES)
        rest[i : i + 6] = (
            view["round"] / view["rounds"],
            view["rounds"] / 12.0,
            view["role"] == "undercover",
            view["questions_left"] / 100.0,
            view["discarded"] / 100.0,
            players / MAX_SEATS,
        )
        out[at:] = rest

    def index(self, action: object, view: TableFacts) -> int:
        """The index of an engine action in the action space."""
        if isinstance(action, Hide | Stone):
            slot = [card["id"] for card in view["layout"]].index(action.country)
            if isinstance(action, Hide):
                return HIDE + slot
            return STONE + 2 * slot + SIZES.index(action.size)
        return self._index(action)

    def _index(self, action: object) -> int:
        """The index of an action whose index no view decides: a name, answer or pass."""
        if isinstance(action, Name):
            return NAME + action.seeker
        if isinstance(action, Answer):
            return ANSWER + ANSWERS.index(action.answer)
        if isinstance(action, Pass):
            return PASS
        raise TypeError(f"not an undercover action: {action!r}")


class UndercoverTracker:
    """A seat's Undercover observation: read from its whole view once, then kept up to
    date from the events it sees (``UndercoverState``); the layout's and the questions'
    features are written again only when they changed."""

    def __init__(self, codec: UndercoverCodec, seat: int | None) -> None:
        self.codec = codec
        self.seat = seat
        self.me = seat if seat is not None else 0
        self.seen = 0
        """Events of the game's history taken in so far."""
        self.out = np.zeros(SIZE, dtype=np.float32)
        self.state: UndercoverState | None = None

    def observe(self, game: UndercoverGame, viewer: Viewer) -> Array:
        """The observation of the seat's view of ``game`` now; a new array, the caller's."""
        return self.current(game, viewer).copy()

    def current(self, game: UndercoverGame, viewer: Viewer) -> Array:
        """The observation, as ``observe`` gives it, in the tracker's own array: read it
        before the next call, never write to it."""
        history = game.history
        state = self.state
        if state is None:
            view = viewer.view(self.seat)
            self.state = UndercoverState(view, game.questions)
            self.out[:] = self.codec.encode(view)
        elif self.seen < len(history):
            state.follow(history[self.seen :])
            self._write(state)
        self.seen = len(history)
        return self.out

    def _write(self, state: UndercoverState) -> None:
        out, me, players, codec = self.out, self.me, state.players, self.codec
        facts: TableFacts = {
            "hidden": None if state.hidden is None else {"country": state.hidden},
            "stones": state.stones,
            "layout": state.layout,
            "seats": [
                {
                    "seat": s,
                    "score": state.scores[s],
                    "small": state.small[s],
                    "large": state.large[s],
                }
                for s in range(players)
            ],
            "undercover": state.undercover,
            "next": {"seats": state.awaited()},
            "phase": state.phase,
            "round": state.round,
            "rounds": state.rounds,
            "role": "undercover" if self.seat is not None and self.seat == state.undercover else "",
            "questions_left": state.questions_left,
            "discarded": state.discarded,
        }
        if state.laid:
            codec.layout(out, facts, me, players)
        else:
            for cid in state.stoned:
                slot = state.slots.get(cid, LAYOUT)
                if slot < LAYOUT:
                    on = state.stones[cid]
                    codec.country(out, slot, cid, on, cid == state.hidden, me, players)
        if state.asked:
            codec.questions(out, state.questions, me, players, state.asked_from)
        codec.rest(out, facts, me, players)
        finish(out)
