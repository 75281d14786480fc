"""Every screen of ``geodeck play`` fits the terminal: games played on tmux terminals of
80x24 and 150x50 through the installed command.

At every prompt the screen is read as a player sees it: its first row is the header (so
nothing scrolled off the top), the prompt is on the row with the cursor, and what the
player needs is there: every card on the table, every gap label, the north end, the last
challenge with both revealed values; in Undercover every country of the layout. A scoring
or a round's end taller than the terminal comes in pages, each of which fits. Each screen
is saved as text under ``artifacts/terminal/`` to look at.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import geodeck
from geodeck import Accept, Challenge, Guess, Place
from geodeck.undercover import Answer, Hide, Name, Pass, Stone
from tests.cli.command import KEYS, label
from tests.cli.tmux_screen import TMUX, Screen, screen
from tests.support import FIXTURES, sample_cards

pytestmark = pytest.mark.skipif(
    TMUX is None, reason="tmux is not installed (scripts/browser-deps installs it)"
)

DECK = FIXTURES / "sample-europe.json"
SIZES = [(80, 24), (150, 50)]
LONE_N = re.compile(r"(?<!\S)N(?!\S)")


def prompt_row(shown: Screen, lines: list[str]) -> str:
    """The row the cursor is on: where the player types."""
    return lines[shown.cursor()[1]]


# -- the cross -----------------------------------------------------------------------------


def table_rows(lines: list[str]) -> list[str]:
    """The rows that show the table: under the header, down to the chips (the compact
    form) or to the panel's bottom edge (the full form)."""
    out = []
    for line in lines[1:]:
        if line.startswith(("chips:", "╰")):
            break
        out.append(line)
    return out


def on_the_table(view: dict[str, Any]) -> list[str]:
    cards = {c for ids in view["lines"].values() for c in ids}
    return sorted(view["cards"][c]["name"] for c in cards)


def gap_labels(view: dict[str, Any]) -> list[str]:
    return [
        f"[{label(line, at, len(ids))}]"
        for line, ids in view["lines"].items()
        for at in range(len(ids) + 1)
    ]


class CrossPlay:
    """A game of Uppsala for Ann and Ben on a tmux terminal, its moves chosen here: the
    first five cards on the north-south line, the rest on the west-east line, the third
    and the eighth card challenged."""

    def __init__(self, shown: Screen, columns: int, rows: int, seed: int) -> None:
        self.screen = shown
        self.size = f"{columns}x{rows}"
        self.game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=seed, deck=sample_cards())
        self.placed = 0
        self.shots = 0
        self.seen_counts: set[int] = set()
        self.challenge: tuple[str, str] | None = None

    def save(self, what: str) -> None:
        self.shots += 1
        self.screen.save(f"cross-{self.size}-{self.shots:02d}-{what}")

    def check_table(self, lines: list[str], view: dict[str, Any], *, labels: bool) -> None:
        rows = table_rows(lines)
        table = "\n".join(rows)
        for name in on_the_table(view):
            assert name in table, f"{name} is not on the table:\n{table}"
        if labels:
            for gap in gap_labels(view):
                assert gap in table, f"no gap {gap} on the table:\n{table}"
        assert LONE_N.search(table), f"no north end:\n{table}"

    def check_challenge(self, lines: list[str]) -> None:
        """The last challenge is whole in the log: who challenged which card, the Revealed
        line with both values, who was right."""
        assert self.challenge is not None
        placed, against = self.challenge
        text = "\n".join(lines)
        assert f"challenges {placed} against {against}." in text, text
        at = next(i for i, line in enumerate(lines) if "Revealed: " in line)
        revealed = lines[at] + lines[at + 1]
        assert placed in lines[at]
        assert against in revealed
        assert len(re.findall(r"\d+° \d\d' [NS], \d+° \d\d' [EW]", revealed)) == 2, revealed
        assert re.search(rf"{re.escape(placed)} is (right|wrong) against", text), text
        assert " was right; " in text

    def place(self) -> None:
        game = self.game
        view = game.view(None)
        lines = self.screen.prompt("where does")
        assert lines[0].startswith("Ausgerechnet Uppsala"), "\n".join(lines)
        assert prompt_row(self.screen, lines).rstrip().endswith(":")
        self.check_table(lines, view, labels=True)
        count = len(on_the_table(view)) - 1
        self.seen_counts.add(count)
        if self.challenge is not None:
            self.check_challenge(lines)
        self.save(f"place-{count}-cards")
        seat = game.expects().seats[0]
        line = "north-south" if self.placed < 5 else "west-east"
        spots = [a for a in game.legal_actions(seat) if isinstance(a, Place) and a.line == line]
        action = spots[len(spots) // 2]
        self.screen.type(label(action.line, action.at, len(view["lines"][action.line])))
        game.apply(action)
        self.placed += 1

    def respond(self) -> None:
        game = self.game
        view = game.view(None)
        lines = self.screen.prompt("Your answer")
        assert lines[0].startswith("Ausgerechnet Uppsala"), "\n".join(lines)
        assert prompt_row(self.screen, lines).startswith("Your answer (a/")
        self.check_table(lines, view, labels=True)
        placed = view["cards"][view["placed"]["card"]]["name"]
        assert f"»{placed}«" in "\n".join(table_rows(lines))
        self.save("respond")
        seat = game.expects().seats[0]
        challenges = [a for a in game.legal_actions(seat) if isinstance(a, Challenge)]
        if self.placed in (3, 8) and challenges:
            chosen = challenges[0]
            where = view["placed"]
            lower = view["lines"][where["line"]].index(chosen.against) < where["at"]
            self.screen.type(KEYS[where["line"]][0 if lower else 1])
            self.challenge = (placed, view["cards"][chosen.against]["name"])
            game.apply(chosen)
        else:
            self.screen.type("a")
            game.apply(Accept(seat))

    def guesses(self) -> None:
        game = self.game
        for _ in game.expects().seats:
            view = game.view(None)
            lines = self.screen.prompt("Pass the keyboard to")
            name = re.findall(r"Pass the keyboard to (\w+)", "\n".join(lines))[-1]
            seat = game.seats.index(name)
            assert lines[0].startswith("Ausgerechnet Uppsala"), "\n".join(lines)
            assert "scoring now" in lines[0]
            self.check_table(lines, view, labels=False)
            self.save("scoring-called")
            self.screen.type("")
            lines = self.screen.prompt("hidden as you type")
            top = 1 if "private screen" in lines[0] else 0
            assert lines[top].startswith(("╭─ The table", "west–east:")), "\n".join(lines)
            for name in on_the_table(view):
                assert name in "\n".join(lines)
            self.save("secret-guess")
            self.screen.type("2")
            game.apply(Guess(seat, 2))
            self.screen.prompt("Press Enter to hide it.")
            self.screen.type("")

    def scoring(self, scored: dict[str, Any], *, one_page: bool) -> None:
        """The scoring's pages up to "Press Enter to play on.": each fits, together they
        show every card that was on the table, the check and the payouts."""
        names = on_the_table(scored)
        seen: list[str] = []
        while True:
            lines = self.screen.prompt("Press Enter")
            row = prompt_row(self.screen, lines)
            number = len(seen) + 1
            if number == 1:
                assert lines[0].startswith("Ausgerechnet Uppsala"), "\n".join(lines)
                assert lines[1] == "Interim scoring 1"
            else:
                assert lines[0].startswith(f"Interim scoring 1 · page {number} of "), lines[0]
            seen.append("\n".join(lines))
            self.save(f"scoring-page-{number}")
            self.screen.type("")
            if row.startswith("Press Enter to play on."):
                break
            assert row.startswith(f"Press Enter for more (page {number + 1} of "), row
        assert len(seen) == 1 if one_page else len(seen) > 1
        text = "\n".join(seen)
        for name in names:
            assert name in text, f"{name} is missing from the scoring"
        assert "The check finds " in text
        assert "The west–east line, west to east" in text
        assert "The north–south line, north to south" in text
        assert "supply" in text


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_a_cross_game_fits_the_terminal(tmp_path: Path, columns: int, rows: int) -> None:
    args: list[str | Path] = [
        "play",
        "uppsala",
        "--seats",
        "Ann,Ben",
        "--seed",
        "11",
        "--deck",
        DECK,
    ]
    with screen(tmp_path, *args, columns=columns, rows=rows) as shown:
        play = CrossPlay(shown, columns, rows, seed=11)
        game = play.game
        scored: dict[str, Any] | None = None
        while game.expects().kind != "guess":
            if game.expects().kind == "place":
                play.place()
            else:
                play.respond()
            scored = game.view(None)
        assert scored is not None
        play.guesses()
        play.scoring(scored, one_page=rows >= 50)
        lines = shown.prompt("where does")
        assert lines[0].startswith("Ausgerechnet Uppsala")
        assert "until scoring 14" in lines[0] or "scoring in 14" in lines[0]
        play.save("next-round")
        shown.type("quit")
        shown.wait_for("Game stopped.")
    assert 5 in play.seen_counts
    assert max(play.seen_counts) >= 11


# -- Undercover ----------------------------------------------------------------------------


class UndercoverPlay:
    """Round 1 of Undercover for Ann, Ben, Cem and Dan on a tmux terminal: Ann hides in the
    second country; after the first question the seekers put stones elsewhere, after the
    next ones on her country, until six are on it."""

    def __init__(self, shown: Screen, columns: int, rows: int, seed: int) -> None:
        self.screen = shown
        self.columns, self.rows = columns, rows
        self.size = f"{columns}x{rows}"
        self.game = geodeck.new_game("undercover", ["Ann", "Ben", "Cem", "Dan"], seed=seed)
        self.shots = 0
        self.answers = 0
        self.layout: list[dict[str, Any]] = []

    def save(self, what: str) -> None:
        self.shots += 1
        self.screen.save(f"undercover-{self.size}-{self.shots:02d}-{what}")

    def check(self, lines: list[str], *, private: bool = False) -> None:
        """The header on top (under the private screen's rule), every country on a row of
        its own: one a line below 120 columns, as cards above."""
        view = self.game.view(None)
        top = 1 if private else 0
        if private:
            assert "private screen" in lines[0], "\n".join(lines)
        assert f"round {view['round']} of 8" in lines[top], "\n".join(lines)
        text = "\n".join(lines)
        for number, card in enumerate(view["layout"], 1):
            found = [
                line for line in lines if re.search(rf"(?<!\d){number} {card['flag_emoji']}", line)
            ]
            assert len(found) == 1, f"country {number} not on one row:\n{text}"
            assert card["name"] in found[0], f"{card['name']} is cut:\n{found[0]}"
        if self.columns < 120:
            assert sum(line.startswith("▌") for line in lines) == len(view["layout"])
        else:
            assert text.count("╭─ ") + text.count("╔═ ") >= len(view["layout"])
        assert prompt_row(self.screen, lines).rstrip().endswith((":", "."))

    def hide(self) -> None:
        lines = self.screen.prompt("Pass the keyboard to Ann")
        self.check(lines)
        self.save("goes-undercover")
        self.screen.type("")
        lines = self.screen.prompt("where do you hide?")
        self.check(lines, private=True)
        self.save("hide")
        self.screen.type("2")
        self.screen.prompt("Press Enter to hide there")
        self.screen.type("")
        self.layout = list(self.game.view(None)["layout"])
        self.game.apply(Hide(0, self.layout[1]["id"], "0" * 32))

    def name(self) -> None:
        lines = self.screen.prompt("name X")
        self.check(lines)
        self.save("name-x")
        seat = self.game.expects().seats[0]
        action = next(a for a in self.game.legal_actions(seat) if isinstance(a, Name))
        self.screen.type(str(action.seeker + 1))
        self.game.apply(action)

    def answer(self) -> None:
        lines = self.screen.prompt("Pass the keyboard to Ann")
        self.check(lines)
        self.screen.type("")
        lines = self.screen.prompt("your answer")
        self.check(lines, private=True)
        assert "★" in "\n".join(lines)
        self.save("answer")
        self.screen.type("y")
        self.game.apply(Answer(0, "yes"))
        self.answers += 1

    def stone(self) -> None:
        game = self.game
        seat = game.expects().seats[0]
        legal = game.legal_actions(seat)
        if all(isinstance(a, Pass) for a in legal):
            game.apply(legal[0])  # no stone left: the command passes without asking
            return
        lines = self.screen.prompt("your stone:")
        self.check(lines)
        assert re.search(r"question \d+ of 12", lines[0]), lines[0]
        self.save("stone")
        layout = game.view(None)["layout"]
        if self.answers == 1:
            number = 4 + seat
            self.screen.type(str(number))
            game.apply(Stone(seat, layout[number - 1]["id"], "small"))
            return
        size = "large" if seat == 1 and self.answers == 2 else "small"
        self.screen.type("2 L" if size == "large" else "2")
        game.apply(Stone(seat, layout[1]["id"], size))

    def reveal(self) -> None:
        """The end of round 1 up to "Press Enter to play on.", in pages where it is taller
        than the terminal."""
        seen: list[str] = []
        while True:
            lines = self.screen.prompt("Press Enter")
            row = prompt_row(self.screen, lines)
            number = len(seen) + 1
            if number == 1:
                assert "End of round 1" in lines[:3], "\n".join(lines)
            else:
                assert lines[0].startswith(f"End of round 1 · page {number} of "), lines[0]
            seen.append("\n".join(lines))
            self.save(f"reveal-page-{number}")
            self.screen.type("")
            if row.startswith("Press Enter to play on."):
                break
            assert row.startswith(f"Press Enter for more (page {number + 1} of "), row
        assert len(seen) == 1 if self.rows >= 50 else len(seen) > 1
        text = "\n".join(seen)
        assert "Ann was hiding in" in text
        assert "Discovered after 3 questions: 6 stones lie on" in text
        assert "✓ sha256(" in text
        assert "Scoring of round 1" in text
        for card in self.layout:
            assert card["name"] in text, f"{card['name']} is missing from the round's end"


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_an_undercover_round_fits_the_terminal(tmp_path: Path, columns: int, rows: int) -> None:
    args = ["play", "undercover", "--seats", "Ann,Ben,Cem,Dan", "--seed", "5"]
    with screen(tmp_path, *args, columns=columns, rows=rows) as shown:
        play = UndercoverPlay(shown, columns, rows, seed=5)
        game = play.game
        while not game.view(None)["results"]:
            kind = game.expects().kind
            if kind == "hide":
                play.hide()
            elif kind == "name":
                play.name()
            elif kind == "answer":
                play.answer()
            else:
                play.stone()
        play.reveal()
        lines = shown.prompt("Pass the keyboard to Ben")
        assert "round 2 of 8" in lines[0]
        play.save("round-2")
        shown.type("quit")
        shown.wait_for("Game stopped.")
