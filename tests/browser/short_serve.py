"""``geodeck serve`` dealing short games: ``python -m tests.browser.short_serve serve
OPTIONS...``.

A browser test that only repeats a case of the matrix (an edition, a language, a screen,
a rematch) plays the same moments as a whole game (placements, verdicts, two interim
scorings, the final one, the end and its deal check) but with ``STACK`` cards a stack
instead of fifteen: a third of the clicks. The deal is still the server's own, drawn from
the table's secret and sealed; only its three stacks are cut before the commitment is
made, so the page's deal check checks the short setup.

An Undercover game here has one round a player (everyone is undercover once: the rounds of
a game of five or six, B3) instead of two with three or four players: every moment of a
round (hiding, questions, stones, the reveal and its commitment check, the scoring) and
the end, in half the rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from geodeck.cli.main import run
from geodeck.core.game import Game, new_game
from geodeck.cross.editions import INTERMEZZO
from geodeck.server import creation
from geodeck.undercover import variants

STACK = 5
"""Cards a stack in a short deal (the printed game has fifteen)."""


def short_setup(draw: Sequence[str], stack: int = STACK) -> list[str]:
    """The draw pile with each stack cut to its first ``stack`` cards."""
    stacks: list[list[str]] = [[]]
    for card in draw:
        if card == INTERMEZZO:
            stacks.append([])
        else:
            stacks[-1].append(card)
    out: list[str] = []
    for i, cards in enumerate(stacks):
        if i:
            out.append(INTERMEZZO)
        out.extend(cards[:stack])
    return out


def shortened(game: Game) -> Game:
    """A cross game dealt again from its own setup with short stacks; any other as it is."""
    if game.family != "cross":
        return game
    record = game.to_record()
    setup = record["setup"]
    setup["draw"] = short_setup(setup["draw"])
    used = {setup["start"], *setup["draw"], *setup["reserve"]}
    record["cards"] = {cid: card for cid, card in record["cards"].items() if cid in used}
    return Game.from_record(record)


def short_new_game(game: str, seats: Sequence[str], **setup: Any) -> Game:
    """``new_game``, shortened: what the server's dealing calls instead."""
    return shortened(new_game(game, seats, **setup))


def short_rounds(players: int) -> int:
    """One round a player: what ``variants.rounds_for`` gives for five or six."""
    return players


if __name__ == "__main__":
    creation.new_game = short_new_game  # type: ignore[attr-defined]
    variants.rounds_for = short_rounds
    run()
