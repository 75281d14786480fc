"""The keyboard the players share and the console they look at.

When stdin is a terminal, answers are read with line editing and secret answers with
``getpass`` (no echo). When it is not (a pipe, a test), each answer is one plain line, and
the answers that are not secret are echoed so that the transcript reads like a session.

At every question a player may also type ``help`` (or ``?``): what can be typed there;
``rules``: the rules in short; ``history``: what has happened so far; and ``quit``. After
help, rules or history the same question is asked again, and nothing is played.

Secret input is typed on a private screen (``Keyboard.private``): on a terminal the
alternate screen, which leaves nothing in the scrollback.
"""

from __future__ import annotations

import contextlib
import getpass
import sys
from collections.abc import Iterator, Sequence
from typing import Protocol, TextIO

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

QUIT_WORDS = ("quit", "exit")
HELP_WORDS = ("help", "?")
RULES_WORD = "rules"
HISTORY_WORD = "history"
KEY = "bold cyan"
SECRET = "bold magenta"

Choice = tuple[str, str]
"""What a player may type at a question, and what it does: ``("a", "accept")``."""


class Quit(Exception):
    """A player typed ``quit``."""


class Guide(Protocol):
    """What the commands typed at any question show, from the game being played."""

    def rules(self, topic: str) -> RenderableType:
        """The rules in short, with ``topic`` (a RULES.md section such as ``A4``) marked."""
        ...

    def history(self) -> list[Text]:
        """Everything that has happened in the game so far, one event a line."""
        ...

    def legend(self) -> list[Text]:
        """What the marks on the screen mean, for the help (may be empty)."""
        ...


class Keyboard:
    """The console to show things on and the keyboard the players share."""

    def __init__(self, console: Console, stdin: TextIO | None = None) -> None:
        self.console = console
        self.stdin = stdin if stdin is not None else sys.stdin
        self.guide: Guide | None = None

    @property
    def interactive(self) -> bool:
        return self.stdin.isatty()

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()

    def show(self, *things: RenderableType) -> None:
        for thing in things:
            self.console.print(thing)

    def error(self, message: str) -> None:
        self.console.print(Text(message, "red"))

    def line(self, prompt: Text, choices: Sequence[Choice] = (), topic: str = "") -> str:
        """One answer, stripped; ``quit`` raises ``Quit``; end of input raises ``EOFError``.

        ``choices`` are what the help lists for this question; ``topic`` is the rule
        section the rules mark. Help, rules and history are answered here, and the
        question asked again.
        """
        while True:
            self.console.print(prompt, end="")
            if self.interactive:
                answer = input()
            else:
                answer = self._read()
                self.console.print(Text(answer.strip()), highlight=False)
            if not self._command(answer, choices, topic):
                return _checked(answer)

    def secret(
        self, question: Text, prompt: str, choices: Sequence[Choice] = (), topic: str = ""
    ) -> str:
        """An answer that is not shown as it is typed.

        ``getpass`` writes ``prompt`` itself once echo is off, so nothing typed after the
        prompt appears can show.
        """
        self.console.print(question)
        while True:
            if self.interactive:
                answer = getpass.getpass(prompt)
            else:
                self.console.print(prompt, end="", markup=False, highlight=False)
                answer = self._read()
                self.console.print()
            if not self._command(answer, choices, topic):
                return _checked(answer)

    def pause(self, message: str, topic: str = "") -> None:
        """Wait for Enter (any text typed before it is ignored, but ``quit`` still quits
        and help, rules and history are answered)."""
        self.line(Text(message + " ", "bold"), [("Enter", "go on")], topic)

    @contextlib.contextmanager
    def private(self, name: str) -> Iterator[None]:
        """A screen that only ``name`` may see, for every secret the game asks for.

        On a terminal it is the alternate screen, cleared on the way in and on the way
        out: what is shown and typed there never reaches the scrollback, and the screen
        before it comes back as it was. Off a terminal a rule marks where it starts and
        ends in the transcript.
        """
        console = self.console
        title = Rule(Text(f"🔒 {name}'s private screen", SECRET), style="magenta")
        if not console.is_terminal:
            self.show(title)
            try:
                yield
            finally:
                self.show(Rule(Text(f"end of {name}'s private screen", "dim"), style="dim"))
            return
        console.set_alt_screen(True)
        console.clear()
        try:
            self.show(title)
            yield
        finally:
            console.clear()
            console.set_alt_screen(False)

    def _command(self, answer: str, choices: Sequence[Choice], topic: str) -> bool:
        """Answer ``help``, ``rules`` or ``history``; ``False`` if ``answer`` is none."""
        word = answer.strip().lower()
        if word in HELP_WORDS:
            self.show(self._help(choices))
        elif word == RULES_WORD:
            self.show(self.guide.rules(topic) if self.guide else Text("No rules to show here."))
        elif word == HISTORY_WORD:
            self._page(self.guide.history() if self.guide else [])
        else:
            return False
        return True

    def _help(self, choices: Sequence[Choice]) -> RenderableType:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style=KEY, no_wrap=True)
        grid.add_column()
        for key, meaning in choices:
            grid.add_row(key, meaning)
        grid.add_row("help or ?", "this help")
        grid.add_row(RULES_WORD, "the rules in short, with the section numbers of RULES.md")
        grid.add_row(HISTORY_WORD, "everything that has happened in the game so far")
        grid.add_row(
            "quit", "stop here (Ctrl-C or Ctrl-D too); the game is saved and can go on later"
        )
        parts: list[RenderableType] = [Text("What you can type here:", "bold"), _indented(grid)]
        legend = self.guide.legend() if self.guide else []
        if legend:
            parts.append(Text("What the marks mean:", "bold"))
            parts.extend(_indented(line) for line in legend)
        parts.append(Text("Then the same question comes again.", "dim"))
        return Group(*parts)

    def _page(self, lines: Sequence[Text]) -> None:
        """``lines`` under a heading; on a terminal a screenful at a time (Enter shows
        more, any other answer stops)."""
        self.show(Text("The game so far:", "bold"))
        if not lines:
            self.show(Text("Nothing has happened yet.", "dim"))
            return
        console = self.console
        room = max(3, console.size.height - 2) if console.is_terminal else len(lines)
        used = 0
        for number, line in enumerate(lines):
            height = len(console.render_lines(line, console.options, pad=False))
            if used + height > room and used and self.interactive:
                left = len(lines) - number
                more = Text(f"-- {left} more: Enter shows them, any other answer stops -- ", "dim")
                self.console.print(more, end="")
                if input().strip():
                    return
                used = 0
            self.show(line)
            used += height
        self.show(Text("(end of the history)", "dim"))

    def _read(self) -> str:
        answer = self.stdin.readline()
        if not answer:
            raise EOFError
        return answer


def _indented(thing: RenderableType) -> Padding:
    return Padding(thing, (0, 0, 0, 2))


def _checked(answer: str) -> str:
    answer = answer.strip()
    if answer.lower() in QUIT_WORDS:
        raise Quit
    return answer
