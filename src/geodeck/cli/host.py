"""A game at one keyboard, for both families: the host that saves after every move, dealing
a new game or reading a saved one, and the loop's way out (Ctrl-C, Ctrl-D, quit)."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.text import Text

from geodeck.cli.bot_seats import BotSeat, Pacer, bots_for
from geodeck.cli.files import read_deck_file, read_game
from geodeck.cli.keyboard import Keyboard, Quit
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game, new_game

INTERRUPTED = 130
G = TypeVar("G", bound=Game)


class Saver:
    """Writes the game's record after every move: to a temporary file, then renamed over."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def save(self, game: Game) -> None:
        text = json.dumps(game.to_record(), ensure_ascii=False, indent=1) + "\n"
        folder = self.path.parent
        handle, temporary = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".tmp", dir=folder
        )
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise


@dataclass(eq=False)
class Host(Generic[G]):
    """A game at one keyboard: the seats in ``bots`` move by themselves, every move is
    saved (when there is a ``saver``)."""

    game: G
    kb: Keyboard
    saver: Saver | None
    note: str
    bots: dict[int, BotSeat]
    pacer: Pacer

    @property
    def people(self) -> int:
        """The seats persons play; with one, the keyboard is never passed."""
        return len(self.game.seats) - len(self.bots)

    def run(self) -> None:
        raise NotImplementedError

    def _apply(self, action: Any) -> None:
        self.game.apply(action)
        if self.saver is not None:
            self.saver.save(self.game)

    def _footer(self) -> Text:
        where = f"saved to {self.saver.path} after every move" if self.saver else "not saved"
        return Text(f"{self.note} · game {where} · type quit to stop", "dim")

    def _play_on(self) -> None:
        """After a scoring: wait for Enter, or with only bots playing, pause a while."""
        if self.people:
            self.kb.pause("Press Enter to play on.")
        else:
            self.pacer.pause(3)


def fail(message: str) -> NoReturn:
    """A one-line error on stderr and exit status 2."""
    typer.echo(f"geodeck play: {message}", err=True)
    raise typer.Exit(2)


def read_record(path: Path, kind: type[G]) -> G:
    """The game of ``kind`` saved in a record file, replayed to where it stopped."""
    try:
        game = read_game(path)
    except GeodeckError as err:
        fail(str(err))
    if not isinstance(game, kind):
        fail(f"{path} records a {game.game} game, which geodeck play cannot play")
    return game


def deal(
    kind: type[G],
    game: str,
    names: list[str],
    *,
    variant: str | None,
    seed: int | None,
    options: dict[str, Any],
    deck: Path | None = None,
) -> tuple[G, int]:
    """A new game of ``kind`` dealt with ``seed`` (default: a random one), and the seed."""
    seed = secrets.randbelow(1_000_000) if seed is None else seed
    try:
        cards = read_deck_file(deck)["cards"] if deck is not None else None
        dealt = new_game(game, names, variant=variant, seed=seed, options=options, deck=cards)
    except GeodeckError as err:
        fail(str(err))
    assert isinstance(dealt, kind)
    return dealt, seed


def refuse_setup(flags: Mapping[str, object]) -> None:
    """Fail if any of ``flags`` (value by flag) is given with --resume."""
    given = [flag for flag, value in flags.items() if value is not None]
    if given:
        fail(
            f"{', '.join(given)} cannot be used with --resume: the record holds the setup "
            "(and its seat names say which seats are bots)"
        )


def play_at_keyboard(
    game: G,
    host: Callable[[G, Keyboard, Saver | None, str, dict[int, BotSeat], Pacer], Host[G]],
    *,
    note: str,
    save: Path | None,
    fast: bool,
) -> None:
    """Play ``game`` at this keyboard with ``host`` until it ends or is stopped (Ctrl-C,
    Ctrl-D, quit), saving it to ``save`` first and after every move."""
    try:
        bots = bots_for(game)
    except GeodeckError as err:
        fail(str(err))
    saver = Saver(save) if save is not None else None
    if saver is not None:
        try:
            saver.save(game)
        except OSError as err:
            fail(f"cannot save to {saver.path}: {err.strerror or err}")
    console = Console(highlight=False)
    try:
        host(game, Keyboard(console), saver, note, bots, Pacer(fast)).run()
    except (EOFError, Quit, KeyboardInterrupt) as stop:
        console.print()
        console.print(Text("Game stopped.", "bold"), Text(_how_to_go_on(saver)), soft_wrap=True)
        raise typer.Exit(INTERRUPTED if isinstance(stop, KeyboardInterrupt) else 0) from None


def _how_to_go_on(saver: Saver | None) -> str:
    if saver is None:
        return "It was not saved (next time, --save FILE keeps a game to continue)."
    return f"It is saved: continue with  geodeck play --resume {saver.path}"
