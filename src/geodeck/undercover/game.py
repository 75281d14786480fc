"""The Undercover in Europa rules engine (RULES.md Part B).

The points the rules leave open are settled in the package docstring
(``geodeck.undercover``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, cast

from geodeck import decks
from geodeck.core.errors import RecordError, SetupError
from geodeck.core.game import FORMAT, Expects, Game, Viewer
from geodeck.core.seats import check_seats
from geodeck.decks.countries import ANSWERS, Country, Question, parse_countries, parse_questions
from geodeck.undercover import deal as dl
from geodeck.undercover import variants as vr
from geodeck.undercover.actions import (
    ACTIONS,
    Answer,
    Hide,
    Name,
    Pass,
    Stone,
    UndercoverAction,
)
from geodeck.undercover.checks import check_action, parse_deck
from geodeck.undercover.commitment import commit
from geodeck.undercover.computers import humans_for_x, replaced, replaced_in_a_row
from geodeck.undercover.events import (
    Answered,
    Event,
    Hidden,
    Named,
    Passed,
    Placed,
    Replaced,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Turned,
)
from geodeck.undercover.round import Asked, Round
from geodeck.undercover.shapes import UndercoverRecord, UndercoverView

HIDE, NAME, ANSWER, STONE, FINISHED = "hide", "name", "answer", "stone", "finished"


class UndercoverGame(Game[UndercoverAction, Event, UndercoverView, UndercoverRecord]):
    """One game of Undercover in Europa."""

    family = "undercover"
    games = (vr.GAME,)
    wire_actions = ACTIONS
    move_rules = MappingProxyType({HIDE: "B2.2", NAME: "B2.3", ANSWER: "B2.3", STONE: "B2.4"})
    end_rule = "B3"

    def __init__(
        self,
        *,
        variant: str | None,
        seats: Sequence[str],
        countries: Mapping[str, Country],
        questions: Mapping[str, Question],
        seed: int = 0,
        layouts: Sequence[Sequence[str]] = (),
        pile: Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
        shuffle: str = dl.SHA256,
        computers: Sequence[int] | None = None,
    ) -> None:
        """Set up a game. Rounds without a layout in ``layouts`` are dealt from ``seed``;
        without a ``pile`` the question pile is dealt from ``seed`` (after the hard
        variant's removal). A given ``pile`` is the draw pile as play starts. ``shuffle``
        says how the seed deals (``deal.SHA256``; ``deal.PYTHON`` for older records).
        ``computers`` lists the seats played by the computer (also accepted as the option
        ``computers``): geodeck's rule for computer players replaces the questions about a
        seeker that would go to or name one (docs/rules.md)."""
        self.game = vr.GAME
        self.rules = vr.variant_of(variant)
        self.variant = self.rules.id
        self.seats = tuple(check_seats(seats, *vr.PLAYERS, rule="B"))
        self.options = dict(options or {})
        remove = vr.removal(self.rules, self.options)
        listed = self.options.pop(vr.COMPUTERS, None)
        self.computers = vr.computer_seats(
            list(computers) if computers is not None else listed, len(self.seats)
        )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError(f"the seed must be a whole number, got {seed!r}")
        self.seed = seed
        self.shuffle = shuffle
        self.countries = dict(countries)
        self.questions = dict(questions)
        players = len(self.seats)
        self.rounds = vr.rounds_for(players)
        if len(layouts) > self.rounds:
            raise SetupError(
                f"setup.layouts has {len(layouts)} layouts; {players} players play "
                f"{self.rounds} rounds",
                rule="B3",
            )
        self.layouts = [
            dl.check_layout(layout, self.countries, self.rules, i)
            for i, layout in enumerate(layouts)
        ]
        for i in range(len(self.layouts), self.rounds):
            self.layouts.append(dl.deal_layout(self.countries, self.rules, seed, i, shuffle))
        if pile is None:
            removed = dl.removed_questions(self.questions, remove, seed, shuffle)
            pile = dl.deal_pile(self.questions, removed, seed, shuffle)
        self.pile = tuple(dl.check_pile(pile, self.questions))
        self._draw = list(reversed(self.pile))  # the top of the pile is the end of the list
        self.discard: list[str] = []
        self.reshuffles = 0
        self.history: list[Event] = []
        self.actions: list[UndercoverAction] = []
        self.scores = [0] * players
        self.small = [vr.SMALL_STONES] * players
        self.large = [vr.LARGE_STONES] * players
        self.results: list[RoundEnded] = []
        self.phase = HIDE
        self.round = self._start_round(0)

    # -- building -------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        game: str,
        seats: Sequence[str],
        *,
        variant: str | None,
        seed: int,
        options: Mapping[str, Any],
        deck: Mapping[str, object] | None,
    ) -> UndercoverGame:
        """A new game from a deck ``{"countries": {...}, "questions": {...}}`` (B2.1, B4)."""
        rules = vr.variant_of(variant)
        remove = vr.removal(rules, options)
        if deck is None:
            deck = decks.shipped_undercover()
        countries, questions = parse_deck(deck)
        removed = dl.removed_questions(questions, remove, seed)
        pile = dl.deal_pile(questions, removed, seed)
        if len(pile) < vr.QUESTIONS_PER_ROUND:
            raise SetupError(
                f"the question pile holds {len(pile)} questions; a round can need "
                f"{vr.QUESTIONS_PER_ROUND}",
                rule="B2.5",
            )
        return cls(
            variant=rules.id,
            seats=seats,
            countries=countries,
            questions=questions,
            seed=seed,
            pile=pile,
            options={k: v for k, v in options.items() if k != vr.COMPUTERS},
            computers=options.get(vr.COMPUTERS),
        )

    @classmethod
    def _from_record(cls, raw: Mapping[str, object]) -> UndercoverGame:
        record = cast(UndercoverRecord, raw)  # from_record has held it to the schema
        setup = record["setup"]
        countries = parse_countries(record["countries"])
        questions = parse_questions(record["questions"], countries)
        scheme = setup.get("shuffle", dl.PYTHON)
        try:
            game = cls(
                variant=record.get("variant", vr.STANDARD),
                seats=record["seats"],
                countries=countries,
                questions=questions,
                seed=setup.get("seed", 0),
                layouts=setup.get("layouts", ()),
                pile=setup.get("questions"),
                options=record.get("options"),
                shuffle=scheme,
                computers=setup.get(vr.COMPUTERS),
            )
        except SetupError as err:
            raise RecordError(err.message, rule=err.rule) from err
        game.replay(record.get("actions", []))
        return game

    def to_record(self) -> UndercoverRecord:
        """The record: the setup made explicit (every layout, the pile), then the actions."""
        setup: dict[str, object] = {
            "seed": self.seed,
            "layouts": [list(layout) for layout in self.layouts],
            "questions": list(self.pile),
        }
        record: dict[str, object] = {
            "format": FORMAT,
            "game": self.game,
            "variant": self.variant,
            "seats": list(self.seats),
            "countries": {cid: dict(c.data) for cid, c in self.countries.items()},
            "questions": {qid: dict(q.data) for qid, q in self.questions.items()},
            "setup": setup,
        }
        if self.shuffle == dl.SHA256:
            setup["shuffle"] = dl.SHA256
        if self.computers:
            setup[vr.COMPUTERS] = list(self.computers)
        if self.options:
            record["options"] = dict(self.options)
        if self.sealed_deal is not None:
            record["deal"] = dict(self.sealed_deal)
        record["actions"] = [a.to_wire() for a in self.actions]
        return cast(UndercoverRecord, record)  # built to the form, which tests hold to the schema

    # -- asking ---------------------------------------------------------------------------

    def expects(self) -> Expects:
        r = self.round
        if self.phase in (HIDE, ANSWER):
            return Expects((r.undercover,), self.phase)
        if self.phase == NAME:
            return Expects((r.asked[-1].reader,), NAME)
        if self.phase == STONE:
            return Expects((r.guessers[0],), STONE)
        return Expects((), None)

    def legal_actions(self, seat: int) -> list[UndercoverAction]:
        """Every action ``seat`` may take now; ``apply`` accepts exactly these, but for a
        hide: one is listed per laid-out country without a salt, and ``apply`` accepts it
        once the hider has added a salt of its own (``Hide.salted``; RULES.md B2.2). The
        engine never makes a salt: it would be as predictable as the game's seed."""
        seats, kind = self.expects()
        if seat not in seats:
            return []
        r = self.round
        if kind == HIDE:
            return [Hide(seat, country) for country in r.layout]
        if kind == NAME:
            return [Name(seat, s) for s in self.humans_for_x()]
        if kind == ANSWER:
            return [Answer(seat, a) for a in ANSWERS]
        sizes = [s for s, n in (("small", self.small[seat]), ("large", self.large[seat])) if n]
        legal: list[UndercoverAction] = [Stone(seat, c, s) for c in r.layout for s in sizes]
        legal.append(Pass(seat))
        return legal

    # -- acting ---------------------------------------------------------------------------

    def _perform(self, action: UndercoverAction) -> None:
        if isinstance(action, Hide):
            self._hide(action)
        elif isinstance(action, Name):
            self._name(action)
        elif isinstance(action, Answer):
            self._answer(action)
        elif isinstance(action, Stone):
            self._stone(action)
        else:
            self._pass(action)

    def _validate(self, action: UndercoverAction) -> None:
        """The game's own checks behind ``apply`` (after ``Game._check``);
        ``legal_actions`` lists what passes them."""
        check_action(
            action, self.round, self.seats, self.computers, small=self.small, large=self.large
        )

    def _hide(self, action: Hide) -> None:
        r = self.round
        assert action.salt is not None
        r.country, r.salt = action.country, action.salt
        r.commitment = commit(action.country, action.salt)
        self.history.append(
            Hidden(r.number, action.seat, r.commitment, action.country, action.salt)
        )
        self._turn_question()

    def _name(self, action: Name) -> None:
        self.round.asked[-1].seeker = action.seeker
        self.history.append(Named(action.seat, action.seeker))
        self.phase = ANSWER

    def _answer(self, action: Answer) -> None:
        r = self.round
        asked = r.asked[-1]
        asked.answer = action.answer
        self.history.append(Answered(action.seat, action.answer))
        r.guessers = r.seekers_from(asked.reader)
        self.phase = STONE

    def _stone(self, action: Stone) -> None:
        if action.size == "small":
            self.small[action.seat] -= 1
        else:
            self.large[action.seat] -= 1
        self.round.stones.setdefault(action.country, []).append((action.seat, action.size))
        self.history.append(Placed(action.seat, action.country, action.size))
        self._guessed()

    def _pass(self, action: Pass) -> None:
        self.history.append(Passed(action.seat))
        self._guessed()

    # -- flow -----------------------------------------------------------------------------

    def _guessed(self) -> None:
        """One seeker had their chance; after the last one, check for discovery (B2.5)."""
        r = self.round
        r.guessers.pop(0)
        if r.guessers:
            return
        assert r.country is not None
        if r.on(r.country) >= vr.DISCOVERY:
            self._end_round(discovered=True)
        elif len(r.asked) >= vr.QUESTIONS_PER_ROUND or not any(
            self.small[s] or self.large[s] for s in r.seekers_from(r.asked[-1].reader)
        ):
            self._end_round(discovered=False)
        else:
            self._turn_question()

    def _turn_question(self) -> None:
        """Turn over the top question for the next reader (B2.3), reshuffling the discard
        pile into a new draw pile when the draw pile is empty (B2.7)."""
        r = self.round
        if not self._draw and self.discard:
            self.reshuffles += 1
            pile = dl.reshuffle(self.discard, self.seed, self.reshuffles, self.shuffle)
            self._draw = list(reversed(pile))
            self.discard = []
            self.history.append(Reshuffled(len(self._draw)))
        if not self._draw:
            self._end_round(discovered=False)
            return
        question = self.questions[self._draw.pop()]
        reason = replaced(
            question.about_seeker, self.round.undercover, self.humans_for_x(), self.computers
        )
        if reason is not None:
            self.history.append(Replaced(question.id, reason))
            self.discard.append(question.id)
            if replaced_in_a_row(self.history) > len(self.questions):
                self._end_round(discovered=False)  # only questions about a seeker are left
                return
            self._turn_question()
            return
        reader = r.next_reader()
        r.asked.append(Asked(question.id, reader))
        self.history.append(Turned(len(r.asked), question.id, question.about, reader))
        self.phase = NAME if question.about_seeker else ANSWER

    def humans_for_x(self) -> list[int]:
        """The seats X may stand for (``computers.humans_for_x``)."""
        return humans_for_x(len(self.seats), self.round.undercover, self.computers)

    def _start_round(self, index: int) -> Round:
        players = len(self.seats)
        r = Round(index + 1, index % players, self.layouts[index], players)
        self.small = [vr.SMALL_STONES] * players
        self.large = [vr.LARGE_STONES] * players
        self.history.append(RoundStarted(r.number, r.undercover, tuple(r.layout)))
        self.phase = HIDE
        return r

    def _end_round(self, *, discovered: bool) -> None:
        """Reveal and score the round (B2.5, B2.6); its questions go to the discard pile
        (B2.7); the next seat clockwise goes undercover, or the game ends (B3)."""
        r = self.round
        for seat, p in enumerate(r.points()):
            self.scores[seat] += p
        result = r.ended(discovered=discovered)
        self.history.append(result)
        self.results.append(result)
        self.discard.extend(a.question for a in r.asked)
        if r.number < self.rounds:
            self.round = self._start_round(r.number)
            return
        self.phase = FINISHED
        self.history.append(self._finish(self.scores))

    # -- showing --------------------------------------------------------------------------

    def view(
        self, seat: int | None = None, *, since: int = 0, shared: bool = False
    ) -> UndercoverView:
        from geodeck.undercover.view import build_view

        return build_view(self, seat, since, shared=shared)

    def viewer(self) -> Viewer[UndercoverView]:
        from geodeck.undercover.view import Viewer

        return Viewer(self)

    @property
    def draw_left(self) -> int:
        """Questions left in the draw pile."""
        return len(self._draw)
