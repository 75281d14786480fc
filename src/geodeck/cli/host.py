"""A game at one keyboard, for both families: the host that saves after every move (to
``--save FILE``, the resumed file, or the games folder of ``cli.autosave``), dealing a new
game or reading a saved one, and the loop's way out (Ctrl-C, Ctrl-D, quit), which says
where the game is and the command that goes on with it."""

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

import orjson
import typer
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from geodeck.cli import autosave
from geodeck.cli.bot_seats import BotSeat, Pacer, bots_for
from geodeck.cli.files import read_deck_file, read_game
from geodeck.cli.invocation import geodeck_command, shell_path
from geodeck.cli.keyboard import Keyboard, Quit
from geodeck.cli.options import PlayOptions
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game, new_game

INTERRUPTED = 130


G = TypeVar("G", bound=Game)


class Saver:
    """Writes the game's record after every move: to a temporary file, then renamed over.
    ``auto``: the file is the games folder's own (``cli.autosave``)."""

    def __init__(self, path: Path, *, auto: bool = False) -> None:
        self.path = path
        self.auto = auto

    def save(self, game: Game) -> None:
        # orjson: a record with its deck embedded is hundreds of KB, written after every
        # move; the standard library's indenting encoder took 75 ms a move for Undercover.
        data = orjson.dumps(game.to_record(), option=orjson.OPT_INDENT_2) + b"\n"
        folder = self.path.parent
        handle, temporary = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".tmp", dir=folder
        )
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
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
    saved (when there is a ``saver``). The host is the keyboard's guide: it says what
    ``rules`` and ``history`` show at any question."""

    game: G
    kb: Keyboard
    saver: Saver | None
    note: str
    bots: dict[int, BotSeat]
    pacer: Pacer

    def __post_init__(self) -> None:
        self.kb.guide = self

    @property
    def people(self) -> int:
        """The seats persons play; with one, the keyboard is never passed."""
        return len(self.game.seats) - len(self.bots)

    def run(self) -> None:
        raise NotImplementedError

    def rules(self, topic: str) -> RenderableType:
        raise NotImplementedError

    def history(self) -> list[Text]:
        raise NotImplementedError

    def legend(self) -> list[Text]:
        return []

    def _apply(self, action: object) -> None:
        self.game.apply(action)
        if self.saver is not None:
            self.saver.save(self.game)

    def _footer(self) -> Text:
        if self.saver is None:
            where = "not saved"
        elif self.saver.auto:
            where = "saved after every move"
        else:
            where = f"saved to {shell_path(self.saver.path)} after every move"
        return Text(f"{self.note} · {where} · type help, rules, history or quit", "dim")

    def _play_on(self, topic: str = "") -> None:
        """After a scoring: wait for Enter, or with only bots playing, pause a while."""
        if self.people:
            self.kb.pause("Press Enter to play on.", topic)
        else:
            self.pacer.pause(3)


def rules_text(title: str, rules: list[tuple[str, str, str]], topic: str) -> Group:
    """The rules in short: one line per RULES.md section (number, name, text), the one
    that applies now (``topic``) marked."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for number, name, text in rules:
        now = number == topic
        grid.add_row(
            Text("▶" if now else " ", "bold green"),
            Text(f"{number} {name}", "bold green" if now else "bold"),
            Text(text),
        )
    return Group(Text(f"{title}: the rules in short (RULES.md section numbers)", "bold"), grid)


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
    options: Mapping[str, object],
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


def resumed_note(path: Path) -> str:
    """The footer's note for a resumed game."""
    if autosave.in_folder(path):
        return "resumed from the games folder"
    return f"resumed from {shell_path(path)}"


def resume_game(options: PlayOptions, kind: type[G]) -> tuple[G, str]:
    """The game of ``kind`` in ``options.resume`` and the note for its footer; fail if any
    option that sets up a game is given too (the record holds the setup)."""
    assert options.resume is not None
    flags = {
        "--seats": options.seats,
        "--variant": options.variant,
        "--seed": options.seed,
        "--deck": options.deck,
        "--max-difficulty": options.max_difficulty,
        "--remove-questions": options.remove_questions,
        "--bots": options.bots,
    }
    given = [flag for flag, value in flags.items() if value is not None]
    if given:
        fail(
            f"{', '.join(given)} cannot be used with --resume: the record holds the setup "
            "(and its seat names say which seats are bots)"
        )
    return read_record(options.resume, kind), resumed_note(options.resume)


def play_at_keyboard(
    game: G,
    host: Callable[[G, Keyboard, Saver | None, str, dict[int, BotSeat], Pacer], Host[G]],
    *,
    note: str,
    options: PlayOptions,
) -> None:
    """Play ``game`` at this keyboard with ``host`` until it ends or is stopped (Ctrl-C,
    Ctrl-D, quit), saving it first and after every move: to ``options.save``, else back to
    the ``options.resume`` file, else to a new file in the games folder."""
    save, resumed, force, fast = options.save, options.resume, options.force, options.fast
    try:
        bots = bots_for(game)
    except GeodeckError as err:
        fail(str(err))
    if force and save is None:
        fail("--force goes with --save FILE: it lets --save overwrite FILE")
    if save is not None and not (resumed is not None and _same_file(save, resumed)):
        refuse_overwrite(save, game, force)
    saver = _saver(game, save or resumed)
    console = Console(highlight=False)
    try:
        host(game, Keyboard(console), saver, note, bots, Pacer(fast)).run()
    except (EOFError, Quit, KeyboardInterrupt) as stop:
        console.print()
        console.print(Text("Game stopped.", "bold"), Text(_how_to_go_on(saver)), soft_wrap=True)
        raise typer.Exit(INTERRUPTED if isinstance(stop, KeyboardInterrupt) else 0) from None
    if saver is not None and saver.auto and game.finished:
        saver.path = autosave.mark_finished(saver.path)
        kept = shell_path(saver.path, relative=False)
        console.print(Text(f"The game's record is kept in {kept}", "dim"), soft_wrap=True)


def _saver(game: Game, path: Path | None) -> Saver | None:
    """The saver for ``path``, or for a new file in the games folder; the game saved once.
    A games folder that cannot be written leaves the game unsaved, with a warning."""
    if path is not None:
        saver = Saver(path, auto=autosave.in_folder(path))
        try:
            saver.save(game)
        except OSError as err:
            fail(f"cannot save to {path}: {err.strerror or err}")
        return saver
    saver = Saver(autosave.new_game_file(game), auto=True)
    try:
        saver.path.parent.mkdir(parents=True, exist_ok=True)
        saver.save(game)
    except OSError as err:
        typer.echo(
            f"geodeck play: cannot save to {saver.path.parent}: {err.strerror or err}; "
            "this game is not saved (--save FILE saves it elsewhere)",
            err=True,
        )
        return None
    autosave.prune(spare=saver.path)
    return saver


def refuse_overwrite(path: Path, game: Game, force: bool) -> None:
    """Fail if ``path`` is a file that holds anything but this game so far (a game whose
    moves ``game`` continues), unless ``force``."""
    if force or not path.is_file():
        return
    try:
        held = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        held = None
    ours = game.to_record()
    moves = _moves_of(held, ours)
    if moves is not None and len(moves) <= len(ours["actions"]):
        return
    shown = shell_path(path)
    if moves is not None:
        further = len(moves) - len(ours["actions"])
        fail(
            f"{shown} holds this game {further} move{'s' if further > 1 else ''} further on; "
            f"continue it with  {geodeck_command()} play --resume {shown}  "
            "(or add --force to overwrite it)"
        )
    fail(
        f"{shown} already holds {_what(held)}; --save will not overwrite it: choose another "
        "file, or add --force to overwrite it"
    )


def _moves_of(held: object, ours: Mapping[str, Any]) -> list[object] | None:
    """The moves of the record ``held`` if it is ``ours`` (the same setup, with moves
    that one of the two continues); else ``None``."""
    if not isinstance(held, dict) or not isinstance(held.get("actions"), list):
        return None
    if {k: v for k, v in held.items() if k != "actions"} != {
        k: v for k, v in ours.items() if k != "actions"
    }:
        return None
    moves: list[object] = held["actions"]
    shorter = min(len(moves), len(ours["actions"]))
    return moves if moves[:shorter] == ours["actions"][:shorter] else None


def _what(held: object) -> str:
    """What a file to be overwritten holds, in words."""
    if isinstance(held, dict) and isinstance(held.get("game"), str):
        seats = held.get("seats")
        names = ", ".join(map(str, seats)) if isinstance(seats, list) else "?"
        actions = held.get("actions")
        count = len(actions) if isinstance(actions, list) else 0
        return f"another {held['game']} game ({names}; {count} move{'' if count == 1 else 's'})"
    return "something that is not a record of this game"


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return False


def _how_to_go_on(saver: Saver | None) -> str:
    if saver is None:
        return "It could not be saved."
    where = shell_path(saver.path, relative=not saver.auto)
    command = geodeck_command()
    text = f"It is saved in {where}\nContinue it with:  {command} play --resume {where}"
    if saver.auto:
        text += f"\n(or  {command} play --resume  to choose among the unfinished games)"
    return text
