"""A game's story as the screen tells it, rebuilt from the history in a view.

Everything here reads only a view (``game.view(seat)``): the card fronts, the data of
revealed cards and the filtered history. Replaying the history also gives the table as it
stood at any moment, which the log and the scoring screen need. The latest challenge of a
round (the placement, the challenge, the revealed cards, the verdict and the payment) is
kept whole in the log however short it is cut.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions
from rich.segment import Segment
from rich.text import Text

from geodeck.cli.cross.labels import COLUMN, LINE_TITLES, SIDES, beside
from geodeck.cli.cross.shapes import Event, events
from geodeck.cross.shapes import CrossView

NAME = "bold"
GOOD = "green"
BAD = "red"
CHIPS = "yellow"
UNITS = {"population": "inhabitants", "area": "km²", "altitude": "m"}


def card_name(view: CrossView, card: str) -> str:
    known = view["cards"].get(card)
    return str(known["name"]) if known else card


def number_text(variant: str, value: float) -> str:
    """A column variant's number as a card prints it: ``3,426,354 inhabitants``."""
    shown = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"
    return f"{shown} {UNITS.get(variant, '')}".rstrip()


def card_facts(view: CrossView, card: str, *, brief: bool = False) -> str | None:
    """The back of a revealed card: its position, and its number in a column variant
    (``brief``: only what the variant compares)."""
    data = view["cards"].get(card)
    if not data or "printed" not in data:
        return None
    variant = view["variant"]
    parts = [str(data["printed"])]
    value = data.get(variant)
    if variant in UNITS and isinstance(value, int | float):
        number = number_text(variant, float(value))
        parts = [number] if brief else [number, *parts]
    return " · ".join(parts)


def seat_name(view: CrossView, seat: int | None) -> str:
    return "the supply" if seat is None else str(view["seats"][seat]["name"])


def chips(amount: int) -> str:
    return f"{amount} chip" + ("" if amount == 1 else "s")


class Revealed(Text):
    """The two cards a challenge turns over, with their values: on one line where it fits
    (``  Revealed: Oslo  59° 55' N, 10° 45' E · Rome  41° 54' N, 12° 30' E``), else the
    second card on a line of its own under the first, so that no value is broken."""

    def __init__(self, cards: list[Text]) -> None:
        super().__init__()
        self.cards = cards
        self.append("  Revealed: ")
        self.append_text(Text(" · ").join(cards))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        if self.cell_len <= options.max_width:
            yield from super().__rich_console__(console, options)
            return
        lead = "  Revealed: "
        for number, card in enumerate(self.cards):
            line = Text(lead if number == 0 else " " * len(lead)) + card
            yield from console.render(line, options)


@dataclass
class Scoring:
    """One interim (or the final) scoring, as the history shows it once the guesses are in."""

    number: int
    final: bool
    lines: dict[str, list[str]]
    start: str
    guesses: list[int]
    wrong: int
    set_aside: list[str]
    after: list[Event] = field(default_factory=list)
    """The events that followed the check: payouts, exchanges, the new start card."""


def first_start(view: CrossView) -> str:
    """The start card of the game's first round: the first ``start`` event."""
    for event in events(view["history"]):
        if event["event"] == "start":
            return str(event["card"])
    return str(view["start"])


class Story:
    """The log lines and scorings of a view's history, with the table replayed alongside."""

    def __init__(self, view: CrossView) -> None:
        self.view = view
        start = first_start(view)
        self.start = start
        self.lines: dict[str, list[str]] = {line: [start] for line in view["lines"]}
        self.entries: list[Text] = []
        self.scorings: list[Scoring] = []
        self._placed: tuple[str, str] | None = None
        self._placer: int | None = None
        self._challenger: int | None = None
        self._placing_line = 0
        self.challenge: tuple[int, int] | None = None
        """Where in ``entries`` the round's latest challenge is told: first and end index."""
        self._telling = False
        self._accepting: list[str] = []
        self._scoring: Scoring | None = None
        self._final = False
        for event in events(view["history"]):
            self._step(event)
        self._flush()

    def recent(self, count: int) -> list[Text]:
        """The last ``count`` lines of the log; if they leave out some of the round's latest
        challenge, that challenge whole, then ``…`` and as many of the newest lines as fit
        (at least one)."""
        shown = self.entries[-count:] if count > 0 else []
        if self.challenge is None:
            return shown
        first, end = self.challenge
        if first >= len(self.entries) - len(shown):
            return shown
        told = self.entries[first:end]
        newer = max(end, len(self.entries) - max(1, count - len(told) - 1))
        gap = [Text("  …", "dim")] if newer > end else []
        return [*told, *gap, *self.entries[newer:]]

    def _say(self, *parts: str | tuple[str, str]) -> None:
        self._flush()
        self.entries.append(Text.assemble(*parts))
        if self._telling and self.challenge is not None:
            self.challenge = (self.challenge[0], len(self.entries))

    def _flush(self) -> None:
        if self._accepting:
            names = ", ".join(self._accepting)
            verb = "accepts" if len(self._accepting) == 1 else "accept"
            self.entries.append(Text.assemble((names, NAME), f" {verb}."))
            self._accepting = []

    def _step(self, event: Event) -> None:
        kind = event["event"]
        if self._telling and kind not in ("reveal", "judge", "pay", "exchange", "lapse"):
            self._telling = False
        handler = getattr(self, f"_on_{kind}", None)
        if handler is not None:
            handler(event)

    def _name(self, card: str) -> tuple[str, str]:
        return (card_name(self.view, card), NAME)

    def _on_place(self, event: Event) -> None:
        line, at, card = event["line"], event["at"], event["card"]
        ids = self.lines[line]
        ids.insert(at, card)
        self._placed = (line, card)
        self._placer = event["seat"]
        self._placing_line = len(self.entries) + (1 if self._accepting else 0)
        low, high = SIDES[line]
        before = ids[at - 1] if at > 0 else None
        after = ids[at + 1] if at + 1 < len(ids) else None
        where: list[str | tuple[str, str]]
        if before and after:
            where = [" between ", self._name(before), " and ", self._name(after)]
        elif before:
            where = [f" {beside(high)} ", self._name(before)]
        elif after:
            where = [f" {beside(low)} ", self._name(after)]
        else:
            where = []
        self._say(
            (seat_name(self.view, event["seat"]), NAME),
            " puts ",
            self._name(card),
            *where,
            "." if line == COLUMN else f" ({LINE_TITLES[line]}).",
        )

    def _on_accept(self, event: Event) -> None:
        self._accepting.append(seat_name(self.view, event["seat"]))

    def _on_challenge(self, event: Event) -> None:
        placed = self._placed[1] if self._placed else "?"
        self._challenger = event["seat"]
        self._telling = True
        self.challenge = (self._placing_line, len(self.entries))
        self._say(
            (seat_name(self.view, event["seat"]), NAME),
            " challenges ",
            self._name(placed),
            " against ",
            self._name(event["against"]),
            ".",
        )

    def _on_reveal(self, event: Event) -> None:
        if not self._telling or len(event["cards"]) != 2:
            return
        cards = [
            Text.assemble(self._name(card), f"  {card_facts(self.view, card, brief=True) or '?'}")
            for card in event["cards"]
        ]
        self._flush()
        self.entries.append(Revealed(cards))
        if self.challenge is not None:
            self.challenge = (self.challenge[0], len(self.entries))

    def _on_judge(self, event: Event) -> None:
        card, against = self._name(event["card"]), self._name(event["against"])
        placer = seat_name(self.view, self._placer)
        challenger = seat_name(self.view, self._challenger)
        if event["right"]:
            self._say(
                "  ", card, (" is right", GOOD), " against ", against, ": ", (placer, NAME),
                " was right; both go face down again.",
            )  # fmt: skip
        else:
            self._say(
                "  ", card, (" is wrong", BAD), " against ", against, ": ", (challenger, NAME),
                " was right; it leaves the game.",
            )  # fmt: skip
            if self._placed:
                self.lines[self._placed[0]].remove(event["card"])

    def _on_pay(self, event: Event) -> None:
        payer, receiver, amount = event["from"], event["to"], event["amount"]
        if self._scoring is not None:
            self._scoring.after.append(event.copy())
        if receiver is None:
            return
        who = (seat_name(self.view, receiver), NAME)
        if payer is None:
            self._say("  ", who, " takes ", (chips(amount), CHIPS), " from the supply.")
        else:
            self._say(
                "  ",
                (seat_name(self.view, payer), NAME),
                " pays ",
                who,
                " ",
                (chips(amount), CHIPS),
                ".",
            )

    def _on_exchange(self, event: Event) -> None:
        if self._scoring is not None:
            self._scoring.after.append(event.copy())
        self._say(
            "  ",
            (seat_name(self.view, event["seat"]), NAME),
            " exchanges ",
            ("5 chips", CHIPS),
            " for the removed card ",
            self._name(event["card"]),
            " (worth 5 at the end).",
        )

    def _on_lapse(self, event: Event) -> None:
        if self._scoring is not None:
            self._scoring.after.append(event.copy())
        self._say(
            "  ",
            (chips(event["amount"]), CHIPS),
            " for ",
            (seat_name(self.view, event["seat"]), NAME),
            (" lapse", BAD),
            ": the supply is empty and nobody can exchange.",
        )

    def _on_remove(self, event: Event) -> None:
        if self._scoring is None:
            return
        self.challenge = None
        for ids in self.lines.values():
            ids.clear()
        self._say(f"  The table is cleared: {len(event['cards'])} cards leave the game.")

    def _on_scoring(self, event: Event) -> None:
        self._final = bool(event["final"])
        label = "Final scoring" if self._final else "Interim scoring"
        self._say((label, "bold magenta"), ": everyone secretly guesses how many cards are wrong.")

    def _on_guess(self, event: Event) -> None:
        who = (seat_name(self.view, event["seat"]), NAME)
        if "wrong" in event:
            self._say("  ", who, f" guessed {event['wrong']} (only you see this).")
        else:
            self._say("  ", who, " has guessed.")

    def _on_check(self, event: Event) -> None:
        scoring = Scoring(
            number=len(self.scorings) + 1,
            final=self._final,
            lines={line: list(ids) for line, ids in self.lines.items()},
            start=self.start,
            guesses=list(event["guesses"]),
            wrong=int(event["wrong"]),
            set_aside=list(event["set_aside"]),
        )
        self.scorings.append(scoring)
        self._scoring = scoring
        guesses = ", ".join(f"{seat_name(self.view, s)} {g}" for s, g in enumerate(scoring.guesses))
        names = [card_name(self.view, c) for c in scoring.set_aside]
        if len(names) > 4:
            names[3:] = [f"{len(names) - 3} more"]
        aside = ", ".join(names)
        self._say(
            f"  Guesses: {guesses}. The check finds ",
            (f"{scoring.wrong} wrong", BAD if scoring.wrong else GOOD),
            f" ({aside})." if aside else ".",
        )

    def _on_start(self, event: Event) -> None:
        card = event["card"]
        self.start = card
        for ids in self.lines.values():
            ids[:] = [card]
        if not self.scorings:
            return  # the first start card is dealt, not news
        if self._scoring is not None:
            self._scoring.after.append(event.copy())
        self._scoring = None
        self._say("  New start card: ", self._name(card), ".")

    def _on_end(self, event: Event) -> None:
        self._scoring = None
        names = [seat_name(self.view, s) for s in event["winners"]]
        self._say(("Game over", "bold magenta"), ": ", (" and ".join(names), NAME), " won.")
