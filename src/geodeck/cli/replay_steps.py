"""A record told one action at a time, in words (``geodeck replay --step``).

The record is replayed from its setup; after each action, what a spectator saw happen
(the events of the spectator's view, so a secret guess or a hidden country is told only
when the game reveals it) is said in plain sentences, with cards, countries and seats by
name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from geodeck.cli.cross.labels import COLUMN, LINE_TITLES, SIDES, beside
from geodeck.cli.summary import names_of
from geodeck.core.game import Game

Event = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Step:
    """One action of the record (``index`` from 0; ``None`` for the deal) and what it did."""

    index: int | None
    seat: int | None
    said: list[str]


def steps(game: Game) -> Iterator[Step]:
    """The deal, then every action of ``game``'s record, told in words."""
    record = game.to_record()
    actions = record.get("actions") or []
    table = Game.from_record({**record, "actions": []})
    teller = Teller(table, record)
    yield Step(None, None, teller.opening())
    for index, raw in enumerate(actions):
        mark = len(table.history)
        table.apply(table.action_from_wire(raw))
        view = table.view(None, since=mark)
        seat = raw.get("seat") if isinstance(raw, Mapping) else None
        yield Step(index, seat, teller.tell(view))


class Teller:
    """Says what events mean, with the names the record holds."""

    def __init__(self, game: Game, record: Mapping[str, Any]) -> None:
        self.game = game
        self.names = names_of(game)
        self.questions = {
            key: str(q.get("text") or key) for key, q in (record.get("questions") or {}).items()
        }
        self.seats = list(game.seats)
        self.challenger: int | None = None
        self.placed: str | None = None

    def seat(self, seat: int | None) -> str:
        return "the supply" if seat is None else self.seats[seat]

    def name(self, key: str) -> str:
        return self.names.get(key, key)

    def opening(self) -> list[str]:
        """The deal: who plays what, and the start card or the first round."""
        view = self.game.view(None)
        who = _listed(self.seats)
        said = [f"{who} play {view.get('title') or self.game.game} ({self.game.variant})."]
        return said + self.tell(view)

    def tell(self, view: Mapping[str, Any]) -> list[str]:
        """The sentences for the events of ``view``'s history."""
        said: list[str] = []
        for event in view["history"]:
            handler: Callable[[Event, Mapping[str, Any]], str | None] | None = getattr(
                self, f"_on_{event['event']}", None
            )
            line = handler(event, view) if handler is not None else None
            if line:
                said.append(line)
        return said

    # -- the cross family -----------------------------------------------------------------

    def _on_start(self, event: Event, _view: Mapping[str, object]) -> str:
        return f"The start card is {self.name(event['card'])}."

    def _on_draw(self, event: Event, _view: Mapping[str, object]) -> str:
        return f"{self.seat(event['seat'])} draws {self.name(event['card'])}."

    def _on_place(self, event: Event, view: Mapping[str, Any]) -> str:
        line, at, card = event["line"], event["at"], event["card"]
        self.placed = card
        ids = view["lines"].get(line, [])
        low, high = SIDES[line]
        before = ids[at - 1] if 0 < at <= len(ids) else None
        after = ids[at + 1] if at + 1 < len(ids) else None
        if before and after:
            where = f" between {self.name(before)} and {self.name(after)}"
        elif before:
            where = f" {beside(high)} {self.name(before)}"
        elif after:
            where = f" {beside(low)} {self.name(after)}"
        else:
            where = ""
        on = "in the column" if line == COLUMN else f"on the {LINE_TITLES[line]} line"
        return f"{self.seat(event['seat'])} puts {self.name(card)} {on}{where}."

    def _on_accept(self, event: Event, _view: Mapping[str, object]) -> str:
        return f"{self.seat(event['seat'])} accepts."

    def _on_challenge(self, event: Event, _view: Mapping[str, object]) -> str:
        self.challenger = event["seat"]
        placed = self.name(self.placed) if self.placed else "the card"
        against = self.name(event["against"])
        return f"{self.seat(event['seat'])} challenges {placed} against {against}."

    def _on_reveal(self, event: Event, view: Mapping[str, Any]) -> str:
        if "cards" not in event:
            return self._on_round_end(event, view)
        shown = []
        for card in event["cards"]:
            data = view.get("cards", {}).get(card) or {}
            facts = data.get("printed")
            variant = self.game.variant
            if variant in ("population", "area", "altitude") and data.get(variant) is not None:
                facts = f"{variant} {data[variant]:,}"
            shown.append(f"{self.name(card)} ({facts})" if facts else self.name(card))
        return "Turned over: " + "; ".join(shown) + "."

    def _on_judge(self, event: Event, _view: Mapping[str, object]) -> str:
        card, against = self.name(event["card"]), self.name(event["against"])
        if event["right"]:
            return f"{card} lies right against {against}: the challenge fails."
        return f"{card} lies wrong against {against}: the challenge succeeds, the card leaves."

    def _on_pay(self, event: Event, _view: Mapping[str, object]) -> str:
        payer, receiver, amount = event["from"], event["to"], _chips(event["amount"])
        if receiver is None:
            return f"{self.seat(payer)} pays {amount} into the supply."
        if payer is None:
            return f"{self.seat(receiver)} takes {amount} from the supply."
        return f"{self.seat(payer)} pays {self.seat(receiver)} {amount}."

    def _on_exchange(self, event: Event, _view: Mapping[str, object]) -> str:
        card = self.name(event["card"])
        return f"{self.seat(event['seat'])} exchanges 5 chips for {card} (worth 5 at the end)."

    def _on_lapse(self, event: Event, _view: Mapping[str, object]) -> str:
        amount = _chips(event["amount"])
        return f"{amount} of {self.seat(event['seat'])} lapse: the supply is empty."

    def _on_remove(self, event: Event, _view: Mapping[str, object]) -> str:
        return f"The table is cleared: {len(event['cards'])} cards leave the game."

    def _on_scoring(self, event: Event, _view: Mapping[str, object]) -> str:
        kind = "Final" if event["final"] else "Interim"
        return f"{kind} scoring: everyone secretly guesses how many cards lie wrong."

    def _on_guess(self, event: Event, _view: Mapping[str, object]) -> str:
        return f"{self.seat(event['seat'])} has guessed."

    def _on_check(self, event: Event, _view: Mapping[str, object]) -> str:
        guesses = ", ".join(f"{self.seat(s)} {g}" for s, g in enumerate(event["guesses"]))
        wrong = event["wrong"]
        aside = ", ".join(self.name(c) for c in event["set_aside"])
        found = f"{wrong} wrong" + (f" ({aside})" if aside else "")
        return f"The guesses: {guesses}. The check finds {found}."

    def _on_end(self, event: Event, _view: Mapping[str, object]) -> str:
        winners = [self.seat(s) for s in event["winners"]]
        best = max(event["scores"]) if event["scores"] else 0
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"Game over: {_listed(winners)} {verb} with {best} points."

    # -- Undercover -----------------------------------------------------------------------

    def _on_round(self, event: Event, _view: Mapping[str, object]) -> str:
        layout = ", ".join(self.name(c) for c in event["layout"])
        who = self.seat(event["undercover"])
        return f"Round {event['round']}: {who} is undercover. The countries: {layout}."

    def _on_hide(self, event: Event, _view: Mapping[str, object]) -> str:
        shown = str(event["commitment"])[:12]
        return f"{self.seat(event['seat'])} hides in one of them (commitment {shown}…)."

    def _on_reshuffle(self, event: Event, _view: Mapping[str, object]) -> str:
        return f"The {event['cards']} discarded questions are shuffled into a new pile."

    def _on_replace(self, event: Event, _view: Mapping[str, object]) -> str:
        text = self.questions.get(event["question"], event["question"])
        return f"Set aside unread (the rule for computer players): {text}"

    def _on_question(self, event: Event, _view: Mapping[str, object]) -> str:
        text = self.questions.get(event["question"], event["question"])
        return f"Question {event['number']}, read by {self.seat(event['reader'])}: {text}"

    def _on_name(self, event: Event, _view: Mapping[str, object]) -> str:
        return f"{self.seat(event['seat'])} names {self.seat(event['seeker'])} as X."

    def _on_answer(self, event: Event, _view: Mapping[str, object]) -> str:
        answer = str(event["answer"]).replace("_", " ")
        return f"{self.seat(event['seat'])} answers: {answer}."

    def _on_stone(self, event: Event, _view: Mapping[str, object]) -> str:
        country = self.name(event["country"])
        return f"{self.seat(event['seat'])} lays a {event['size']} stone on {country}."

    def _on_pass(self, event: Event, _view: Mapping[str, object]) -> str:
        return f"{self.seat(event['seat'])} lays no stone."

    def _on_round_end(self, event: Event, _view: Mapping[str, object]) -> str:
        who, country = self.seat(event["undercover"]), self.name(event["country"])
        found = "discovered" if event["discovered"] else "not discovered"
        points = ", ".join(f"{self.seat(s)} {p}" for s, p in enumerate(event["points"]))
        return (
            f"{who} was in {country}: {found} after {event['asked']} questions. "
            f"Points this round: {points}."
        )


def _chips(amount: int) -> str:
    return f"{amount} chip" + ("" if amount == 1 else "s")


def _listed(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
