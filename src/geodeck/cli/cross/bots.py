"""The cross-family hot seat with some seats played by bots (``geodeck play --bots``)."""

from __future__ import annotations

from rich.text import Text

from geodeck.cli.bot_seats import bot_said
from geodeck.cli.cross.history import card_name, seat_name
from geodeck.cli.cross.labels import COLUMN, LINE_TITLES
from geodeck.cli.cross.render import fitted_screen
from geodeck.cli.cross.table import HotSeat
from geodeck.cross.actions import Accept, Challenge, CrossAction, Place
from geodeck.cross.shapes import CrossView


class BotHotSeat(HotSeat):
    """``HotSeat`` where the seats in ``bots`` move by themselves.

    A bot's move is shown on the table for a moment (``Pacer``). A bot's secret guess
    needs no private screen; a person's does, and when only one person plays there is
    nobody to pass the keyboard to, so that screen is not asked for.
    """

    def _turn(self, view: CrossView, kind: str) -> None:
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
            bot_said(player.name, said),
        )
        self.pacer.pause()

    def _guess(self, public: CrossView, seat: int) -> None:
        player = self.bots.get(seat)
        if player is None:
            super()._guess(public, seat)
            return
        action = player.choose(self.game)
        self._apply(action)
        self.kb.show(bot_said(seat_name(public, seat), _said(public, action)))
        self.pacer.pause()


def _said(view: CrossView, action: CrossAction) -> Text:
    """A bot's move in words, for the line under the table."""
    if isinstance(action, Place):
        where = "in the column" if action.line == COLUMN else f"on the {LINE_TITLES[action.line]}"
        line = "" if action.line == COLUMN else " line"
        card = view["current"]
        assert card is not None, "a card is placed only while one is drawn"
        return Text.assemble("puts ", (card_name(view, card), "bold"), f" {where}{line}.")
    if isinstance(action, Accept):
        return Text("accepts.")
    if isinstance(action, Challenge):
        return Text.assemble("challenges against ", (card_name(view, action.against), "bold"), ".")
    return Text("has made a secret guess.")
