"""The cross-family hot seat with some seats played by bots (``geodeck play --bots``)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from geodeck.cli.bot_seats import BotSeat, Pacer
from geodeck.cli.history import Story, card_name, seat_name
from geodeck.cli.labels import COLUMN, LINE_TITLES
from geodeck.cli.play import HotSeat, Saver, _own_guess
from geodeck.cli.prompts import Keyboard, ask_guess
from geodeck.cli.render import fitted_screen, scoring_screen, table_panel
from geodeck.core.seats import clockwise_from
from geodeck.cross.actions import Accept, Challenge, CrossAction, Guess, Place
from geodeck.cross.game import CrossGame

BOT = "bold cyan"


class BotHotSeat(HotSeat):
    """``HotSeat`` where the seats in ``bots`` move by themselves.

    A bot's move is shown on the table for a moment (``Pacer``). A bot's secret guess
    needs no private screen; a person's does, and when only one person plays there is
    nobody to pass the keyboard to, so that screen is not asked for.
    """

    def __init__(
        self,
        game: CrossGame,
        kb: Keyboard,
        saver: Saver | None,
        note: str,
        bots: dict[int, BotSeat],
        pacer: Pacer,
    ) -> None:
        super().__init__(game, kb, saver, note)
        self.bots = bots
        self.pacer = pacer
        self.people = len(game.seats) - len(bots)

    def _turn(self, view: dict[str, Any], kind: str) -> None:
        seat = view["next"]["seats"][0]
        player = self.bots.get(seat)
        if player is None:
            super()._turn(view, kind)
            return
        action = player.choose(self.game)
        said = _said(view, action)
        self._apply(action)
        after = self.game.view(None)
        self.kb.clear()
        self.kb.show(
            fitted_screen(self.kb.console, after, labels=False, spare=2),
            Text.assemble(("⚙ ", BOT), (player.name, BOT), " ", said),
        )
        self.pacer.pause()

    def _guesses(self, view: dict[str, Any]) -> None:
        kb = self.kb
        waiting = view["next"]["seats"]
        order = [s for s in clockwise_from(view["turn"], len(view["seats"])) if s in waiting]
        for seat in order:
            public = self.game.view(None)
            name = seat_name(public, seat)
            player = self.bots.get(seat)
            kind = "Final scoring" if public["guessing"]["final"] else "Interim scoring"
            kb.clear()
            kb.show(
                fitted_screen(kb.console, public, labels=False, spare=3),
                Text.assemble(
                    (kind, "bold magenta"),
                    ": everyone guesses in secret how many cards on the table are wrong.",
                ),
            )
            if player is not None:
                self._apply(player.choose(self.game))
                kb.show(Text.assemble(("⚙ ", BOT), (name, BOT), " has made a secret guess."))
                self.pacer.pause()
                continue
            if self.people > 1:
                kb.pause(f"Pass the keyboard to {name}, then press Enter.")
                kb.clear()
                kb.show(table_panel(public, labels=False))
            self._apply(Guess(seat, ask_guess(kb, name, public["guessing"]["most"])))
            if self.people > 1:
                mine = _own_guess(self.game.view(seat), seat)
                kb.pause(f"{name}, your guess of {mine} is in. Press Enter to hide it.")
                kb.clear()
        after = self.game.view(None)
        if after["outcome"] is None:
            kb.show(scoring_screen(after, Story(after).scorings[-1]))
            if self.people:
                kb.pause("Press Enter to play on.")
            else:
                self.pacer.pause(3)


def _said(view: dict[str, Any], action: CrossAction) -> Text:
    """A bot's move in words, for the line under the table."""
    if isinstance(action, Place):
        where = "in the column" if action.line == COLUMN else f"on the {LINE_TITLES[action.line]}"
        line = "" if action.line == COLUMN else " line"
        return Text.assemble(
            "puts ", (card_name(view, view["current"]), "bold"), f" {where}{line}."
        )
    if isinstance(action, Accept):
        return Text("accepts.")
    if isinstance(action, Challenge):
        return Text.assemble("challenges against ", (card_name(view, action.against), "bold"), ".")
    return Text("has made a secret guess.")
