"""What a seat (or a spectator) may know of a game of Undercover, as JSON-ready dicts.

Before a round ends, its hidden country and salt appear only in the undercover player's
view: in ``hidden``, in the ``hide`` event of the history, and indirectly in the ``hint``
each question about the country carries for that player (the answer the data gives for
the hidden country). Everyone sees the commitment at once, and the reveal at the end.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from geodeck.core import game as core
from geodeck.core.shapes import EventWire
from geodeck.undercover.events import Event, Hidden
from geodeck.undercover.shapes import OwnPart, QuestionView, StoneOn, UndercoverView
from geodeck.undercover.variants import TITLE

if TYPE_CHECKING:
    from geodeck.undercover.game import UndercoverGame
    from geodeck.undercover.round import Asked

_X = re.compile(r"\bX\b")


OWN = ("seat", "role", "hidden", "questions", "question", "history", "history_from")
"""The keys of a view that differ from seat to seat; all others every seat sees alike."""

QuestionKey = tuple[int, int, str, int | None, str | None, bool, str | None]
"""What a question's dict in a view depends on: the round, its place, the question, the
seeker named, the answer, whether the hint shows and the hidden country."""


def build_view(
    game: UndercoverGame, seat: int | None, since: int = 0, *, shared: bool = False
) -> UndercoverView:
    """Exactly what ``seat`` may know; ``None`` is a spectator. ``shared``: the country
    cards are the cards' own dicts (``Game.view``)."""
    _check_seat(game, seat)
    return _with_own(_common(game, shared=shared), _own(game, seat, since))


class Viewer(core.Viewer[UndercoverView]):
    """The views a server sends of a game of Undercover (``Game.viewer``): what every seat
    sees alike is built once per version and shared by the views of all seats, and each
    question's dict is built once and kept while it reads the same."""

    def __init__(self, game: UndercoverGame) -> None:
        super().__init__(game)
        self.game: UndercoverGame = game
        self._shared: tuple[int, UndercoverView, dict[str, object]] | None = None
        self._questions: dict[QuestionKey, QuestionView] = {}

    def view(self, seat: int | None = None, *, since: int = 0) -> UndercoverView:
        _check_seat(self.game, seat)
        return _with_own(self._layers()[0].copy(), _own(self.game, seat, since, self._questions))

    def layers(
        self, seat: int | None = None, *, since: int = 0
    ) -> tuple[Mapping[str, object], OwnPart]:
        """The keys every seat sees alike (one object per version), and ``seat``'s own."""
        _check_seat(self.game, seat)
        return self._layers()[1], _own(self.game, seat, since, self._questions)

    def _layers(self) -> tuple[UndercoverView, dict[str, object]]:
        game = self.game
        cached = self._shared
        if cached is None or cached[0] != game.version:
            common = _common(game, shared=True)
            alike = {k: v for k, v in common.items() if k not in OWN}
            cached = self._shared = (game.version, common, alike)
        return cached[1], cached[2]


def _with_own(view: UndercoverView, own: OwnPart) -> UndercoverView:
    """``view`` with the keys that are ``seat``'s own (``OWN``) set from ``own``."""
    view["seat"] = own["seat"]
    view["role"] = own["role"]
    view["hidden"] = own["hidden"]
    view["questions"] = own["questions"]
    view["question"] = own["question"]
    view["history"] = own["history"]
    view["history_from"] = own["history_from"]
    return view


def _check_seat(game: UndercoverGame, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < len(game.seats):
        raise ValueError(f"no seat {seat} in a {len(game.seats)}-player game")


def _common(game: UndercoverGame, *, shared: bool) -> UndercoverView:
    """The view as every seat sees it, its own keys (``OWN``) still to fill in (they are
    here, so that every view has its keys in one order)."""
    r = game.round
    expects = game.expects()
    outcome = game.outcome()
    return {
        "game": game.game,
        "title": TITLE,
        "variant": game.variant,
        "seat": None,
        "role": "spectator",
        "version": game.version,
        "phase": game.phase,
        "round": r.number,
        "rounds": game.rounds,
        "undercover": r.undercover,
        "computers": list(game.computers),
        "seats": [
            {
                "seat": i,
                "name": name,
                "score": game.scores[i],
                "small": game.small[i],
                "large": game.large[i],
            }
            for i, name in enumerate(game.seats)
        ],
        "layout": [
            game.countries[c].face() if shared else game.countries[c].card() for c in r.layout
        ],
        "stones": stones_of(game),
        "commitment": r.commitment,
        "hidden": None,
        "questions": [],
        "question": None,
        "to_place": list(r.guessers) if game.phase == "stone" else [],
        "questions_left": game.draw_left,
        "discarded": len(game.discard),
        "results": [result.to_wire() for result in game.results],
        "next": {"seats": list(expects.seats), "expects": expects.kind},
        "outcome": outcome.to_wire() if outcome else None,
        "history": [],
        "history_from": 0,
    }


def _own(
    game: UndercoverGame,
    seat: int | None,
    since: int,
    kept: dict[QuestionKey, QuestionView] | None = None,
) -> OwnPart:
    """The keys of ``seat``'s view that are its own (``OWN``); a question's dict comes
    from ``kept`` when it is there (and goes there when it is new)."""
    since = min(max(since, 0), len(game.history))
    r = game.round
    undercover = seat is not None and seat == r.undercover
    questions = []
    for i, asked in enumerate(r.asked):
        if kept is None:
            questions.append(_question(game, i, asked, undercover))
            continue
        key = (r.number, i, asked.question, asked.seeker, asked.answer, undercover, r.country)
        question = kept.get(key)
        if question is None:
            question = kept[key] = _question(game, i, asked, undercover)
        questions.append(question)
    in_round = game.phase in ("name", "answer", "stone")
    return {
        "seat": seat,
        "role": "spectator" if seat is None else "undercover" if undercover else "seeker",
        "hidden": (
            {"country": r.country, "salt": r.salt} if undercover and r.country is not None else None
        ),
        "questions": questions,
        "question": questions[-1] if in_round and questions else None,
        "history": [_filtered(e, seat) for e in game.history[since:]],
        "history_from": since,
    }


def _question(game: UndercoverGame, index: int, asked: Asked, hint: bool) -> QuestionView:
    question = game.questions[asked.question]
    out: QuestionView = {
        "number": index + 1,
        "id": question.id,
        "text": question.text,
        "about": question.about,
        "reader": asked.reader,
        "seeker": asked.seeker,
        "reads": _reads(question.text, game.seats, asked.seeker),
        "translations": {
            language: _reads(text, game.seats, asked.seeker)
            for language, text in question.translations.items()
        },
        "answer": asked.answer,
    }
    country = game.round.country
    if hint and not question.about_seeker and country is not None:
        out["hint"] = question.answers[country]
    return out


def _reads(text: str, seats: tuple[str, ...], seeker: int | None) -> str:
    """The question as read aloud: X replaced by the named seeker."""
    if seeker is None:
        return text
    name = seats[seeker]
    return _X.sub(lambda _: name, text)


def stones_of(game: UndercoverGame) -> dict[str, list[StoneOn]]:
    return {
        country: [{"seat": seat, "size": size} for seat, size in stones]
        for country, stones in game.round.stones.items()
    }


def _filtered(event: Event, seat: int | None) -> EventWire:
    if isinstance(event, Hidden) and event.seat != seat:
        return event.public()
    return event.to_wire()
