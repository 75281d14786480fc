"""The cross family's game loop at one keyboard: show the table, ask whoever is due, apply."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from geodeck.cli.cross.guide import GUESS, cross_rules
from geodeck.cli.cross.history import Story, seat_name
from geodeck.cli.cross.prompts import ask_guess, ask_place, ask_respond
from geodeck.cli.cross.render import end_pages, fitted_screen, fitted_table, scoring_pages
from geodeck.cli.host import Host
from geodeck.cli.screens import show_pages
from geodeck.core.seats import clockwise_from
from geodeck.cross.actions import Guess
from geodeck.cross.game import CrossGame
from geodeck.cross.shapes import CrossView


class HotSeat(Host[CrossGame]):
    """The game loop: show the table, ask whoever is due, apply, save, until the end."""

    def rules(self, topic: str) -> RenderableType:
        return cross_rules(self.game.view(None), topic)

    def history(self) -> list[Text]:
        """The whole story so far, as everyone saw it (no secret guess before its reveal)."""
        return Story(self.game.view(None)).entries

    def run(self) -> None:
        while True:
            view = self.game.view(None)
            kind = view["next"]["expects"]
            if kind is None:
                self._the_end(view)
                return
            if kind == "guess":
                self._guesses(view)
            else:
                self._turn(view, kind)

    def _turn(self, view: CrossView, kind: str) -> None:
        self.kb.clear()
        spare = 2 if kind == "place" else 6
        footer = self._footer()
        self.kb.show(fitted_screen(self.kb.console, view, spare=spare, below=[footer]), footer)
        seat = view["next"]["seats"][0]
        legal = self.game.legal_actions(seat)
        if kind == "place":
            self._apply(ask_place(self.kb, view, legal))
        else:
            self._apply(ask_respond(self.kb, view, legal))

    def _guesses(self, view: CrossView) -> None:
        """Each player in turn guesses in secret; then everyone sees the scoring (A6)."""
        kb = self.kb
        waiting = view["next"]["seats"]
        order = [s for s in clockwise_from(view["turn"], len(view["seats"])) if s in waiting]
        for seat in order:
            public = self.game.view(None)
            guessing = public["guessing"]
            assert guessing is not None, "guesses are asked only in a scoring"
            kind = "Final scoring" if guessing["final"] else "Interim scoring"
            kb.clear()
            said = Text.assemble(
                (kind, "bold magenta"),
                ": everyone guesses in secret how many cards on the table are wrong.",
            )
            kb.show(fitted_screen(kb.console, public, labels=False, spare=2, below=[said]), said)
            self._guess(public, seat)
        after = self.game.view(None)
        if after["outcome"] is None:
            kb.clear()
            scoring = scoring_pages(kb.console, after, Story(after).scorings[-1])
            show_pages(kb, scoring, None if self.people else self.pacer.pause)
            self._play_on(GUESS)

    def _guess(self, public: CrossView, seat: int) -> None:
        """A person's secret guess, on the private screen: with others at the keyboard,
        the keyboard is passed first and the guess shown back before the screen goes."""
        kb = self.kb
        name = seat_name(public, seat)
        if self.people > 1:
            kb.pause(f"Pass the keyboard to {name}, then press Enter.", GUESS)
        with kb.private(name):
            kb.show(fitted_table(kb.console, public, labels=False, spare=3))
            guessing = public["guessing"]
            assert guessing is not None, "guesses are asked only in a scoring"
            self._apply(Guess(seat, ask_guess(kb, name, guessing["most"])))
            if self.people > 1:
                mine = _own_guess(self.game.view(seat), seat)
                kb.pause(f"{name}, your guess of {mine} is in. Press Enter to hide it.", GUESS)

    def _the_end(self, view: CrossView) -> None:
        self.kb.clear()
        pause = None if self.people else self.pacer.pause
        show_pages(self.kb, end_pages(self.kb.console, view), pause)


def _own_guess(view: CrossView, seat: int) -> int | None:
    """The seat's latest guess, as its own view's history shows it."""
    for event in reversed(view["history"]):
        wrong = event.get("wrong")
        if event["event"] == "guess" and event["seat"] == seat and isinstance(wrong, int):
            return wrong
    return None
