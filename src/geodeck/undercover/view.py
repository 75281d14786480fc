"""What a seat (or a spectator) may know of a game of Undercover, as JSON-ready dicts.

Before a round ends, its hidden country and salt appear only in the undercover player's
view: in ``hidden``, in the ``hide`` event of the history, and indirectly in the ``hint``
each question about the country carries for that player (the answer the data gives for
the hidden country). Everyone sees the commitment at once, and the reveal at the end.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from geodeck.undercover.events import Hidden
from geodeck.undercover.variants import TITLE

if TYPE_CHECKING:
    from geodeck.undercover.game import UndercoverGame
    from geodeck.undercover.round import Asked

_X = re.compile(r"\bX\b")


def build_view(
    game: UndercoverGame, seat: int | None, since: int = 0, *, shared: bool = False
) -> dict[str, Any]:
    """Exactly what ``seat`` may know; ``None`` is a spectator. ``shared``: the country
    cards are the cards' own dicts (``Game.view``)."""
    if seat is not None and not 0 <= seat < len(game.seats):
        raise ValueError(f"no seat {seat} in a {len(game.seats)}-player game")
    since = min(max(since, 0), len(game.history))
    r = game.round
    undercover = seat is not None and seat == r.undercover
    role = "spectator" if seat is None else "undercover" if undercover else "seeker"
    questions = [_question(game, i, asked, undercover) for i, asked in enumerate(r.asked)]
    expects = game.expects()
    in_round = game.phase in ("name", "answer", "stone")
    outcome = game.outcome()
    return {
        "game": game.game,
        "title": TITLE,
        "variant": game.variant,
        "seat": seat,
        "role": role,
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
        "hidden": (
            {"country": r.country, "salt": r.salt} if undercover and r.country is not None else None
        ),
        "questions": questions,
        "question": questions[-1] if in_round and questions else None,
        "to_place": list(r.guessers) if game.phase == "stone" else [],
        "questions_left": game.draw_left,
        "discarded": len(game.discard),
        "results": [result.to_wire() for result in game.results],
        "next": {"seats": list(expects.seats), "expects": expects.kind},
        "outcome": outcome.to_wire() if outcome else None,
        "history": [_filtered(e, seat) for e in game.history[since:]],
        "history_from": since,
    }


def _question(game: UndercoverGame, index: int, asked: Asked, hint: bool) -> dict[str, Any]:
    question = game.questions[asked.question]
    out: dict[str, Any] = {
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


def stones_of(game: UndercoverGame) -> dict[str, list[dict[str, Any]]]:
    return {
        country: [{"seat": seat, "size": size} for seat, size in stones]
        for country, stones in game.round.stones.items()
    }


def _filtered(event: Any, seat: int | None) -> dict[str, Any]:
    if isinstance(event, Hidden) and event.seat != seat:
        return event.public()
    wire: dict[str, Any] = event.to_wire()
    return wire
