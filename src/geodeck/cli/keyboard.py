"""The keyboard the players share and the console they look at.

When stdin is a terminal, answers are read with line editing and secret answers with
``getpass`` (no echo). When it is not (a pipe, a test), each answer is one plain line, and
the answers that are not secret are echoed so that the transcript reads like a session.
"""

from __future__ import annotations

import getpass
import sys
from typing import TextIO

from rich.console import Console, RenderableType
from rich.text import Text

QUIT_WORDS = ("quit", "exit")


class Quit(Exception):
    """A player typed ``quit``."""


class Keyboard:
    """The console to show things on and the keyboard the players share."""

    def __init__(self, console: Console, stdin: TextIO | None = None) -> None:
        self.console = console
        self.stdin = stdin if stdin is not None else sys.stdin

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

    def line(self, prompt: Text) -> str:
        """One answer, stripped; ``quit`` raises ``Quit``; end of input raises ``EOFError``."""
        self.console.print(prompt, end="")
        if self.interactive:
            answer = input()
        else:
            answer = self._read()
            self.console.print(Text(answer.strip()), highlight=False)
        return _checked(answer)

    def secret(self, question: Text, prompt: str) -> str:
        """An answer that is not shown as it is typed.

        ``getpass`` writes ``prompt`` itself once echo is off, so nothing typed after the
        prompt appears can show.
        """
        self.console.print(question)
        if self.interactive:
            answer = getpass.getpass(prompt)
        else:
            self.console.print(prompt, end="", markup=False, highlight=False)
            answer = self._read()
            self.console.print()
        return _checked(answer)

    def pause(self, message: str) -> None:
        """Wait for Enter (any text typed before it is ignored, but ``quit`` still quits)."""
        self.line(Text(message + " ", "bold"))

    def _read(self) -> str:
        answer = self.stdin.readline()
        if not answer:
            raise EOFError
        return answer


def _checked(answer: str) -> str:
    answer = answer.strip()
    if answer.lower() in QUIT_WORDS:
        raise Quit
    return answer
