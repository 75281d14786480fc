"""``geodeck play``: a cross-family game for several players at one keyboard (hot seat)."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Generic, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.text import Text

from geodeck.cli.bot_seats import BotSeat, Pacer, bots_for, seat_names
from geodeck.cli.files import read_deck_file, read_game
from geodeck.cli.history import Story, seat_name
from geodeck.cli.prompts import Keyboard, Quit, ask_guess, ask_place, ask_respond
from geodeck.cli.render import final_screen, fitted_screen, scoring_screen, table_panel
from geodeck.core.errors import GeodeckError
from geodeck.core.game import Game, new_game
from geodeck.core.seats import clockwise_from
from geodeck.cross.actions import Guess
from geodeck.cross.editions import EDITIONS, PLAYERS
from geodeck.cross.game import CrossGame

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


class HotSeat(Host[CrossGame]):
    """The game loop: show the table, ask whoever is due, apply, save, until the end."""

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

    def _turn(self, view: dict[str, Any], kind: str) -> None:
        self.kb.clear()
        spare = 2 if kind == "place" else 7
        self.kb.show(fitted_screen(self.kb.console, view, spare=spare), self._footer())
        seat = view["next"]["seats"][0]
        legal = self.game.legal_actions(seat)
        if kind == "place":
            self._apply(ask_place(self.kb, view, legal))
        else:
            self._apply(ask_respond(self.kb, view, legal))

    def _guesses(self, view: dict[str, Any]) -> None:
        """Each player in turn guesses in secret; then everyone sees the scoring (A6)."""
        kb = self.kb
        waiting = view["next"]["seats"]
        order = [s for s in clockwise_from(view["turn"], len(view["seats"])) if s in waiting]
        for seat in order:
            public = self.game.view(None)
            kind = "Final scoring" if public["guessing"]["final"] else "Interim scoring"
            kb.clear()
            kb.show(
                fitted_screen(kb.console, public, labels=False, spare=3),
                Text.assemble(
                    (kind, "bold magenta"),
                    ": everyone guesses in secret how many cards on the table are wrong.",
                ),
            )
            self._guess(public, seat)
        after = self.game.view(None)
        if after["outcome"] is None:
            kb.show(scoring_screen(after, Story(after).scorings[-1]))
            self._play_on()

    def _guess(self, public: dict[str, Any], seat: int) -> None:
        """A person's secret guess: with others at the keyboard, it is passed first and
        the screen cleared after."""
        kb = self.kb
        name = seat_name(public, seat)
        if self.people > 1:
            kb.pause(f"Pass the keyboard to {name}, then press Enter.")
            kb.clear()
            kb.show(table_panel(public, labels=False))
        self._apply(Guess(seat, ask_guess(kb, name, public["guessing"]["most"])))
        if self.people > 1:
            mine = _own_guess(self.game.view(seat), seat)
            kb.pause(f"{name}, your guess of {mine} is in. Press Enter to hide it.")
            kb.clear()

    def _the_end(self, view: dict[str, Any]) -> None:
        self.kb.clear()
        story = Story(view)
        if story.scorings:
            self.kb.show(scoring_screen(view, story.scorings[-1]))
        self.kb.show(final_screen(view))


def _own_guess(view: dict[str, Any], seat: int) -> int | None:
    """The seat's latest guess, as its own view's history shows it."""
    for event in reversed(view["history"]):
        if event["event"] == "guess" and event["seat"] == seat and "wrong" in event:
            return int(event["wrong"])
    return None


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


def _new(
    game: str | None,
    *,
    seats: str | None,
    bots: str | None,
    variant: str | None,
    seed: int | None,
    deck: Path | None,
    max_difficulty: int | None,
) -> tuple[CrossGame, int]:
    known = ", ".join([*EDITIONS, "undercover"])
    if game is None:
        fail(f"name the game to play ({known}), or continue one with --resume FILE")
    edition = EDITIONS.get(game)
    if edition is None:
        fail(f"unknown game {game!r} (known: {known})")
    try:
        names = seat_names(seats, bots, PLAYERS, game)
    except GeodeckError as err:
        fail(str(err))
    if variant is not None and variant not in edition.all_variants:
        fail(f"{game} has no variant {variant!r} (it has: {', '.join(edition.all_variants)})")
    options = {} if max_difficulty is None else {"max_difficulty": max_difficulty}
    return deal(CrossGame, game, names, variant=variant, seed=seed, options=options, deck=deck)


def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="uppsala, buxtehude, italia, world or undercover (not needed with --resume).",
            show_default=False,
        ),
    ] = None,
    *,
    seats: Annotated[
        str | None,
        typer.Option(
            help="The players in turn order, comma-separated: Ann,Ben,Cem (2 to 6; undercover "
            "3 to 6). A name ending in a bot level in brackets, 'Hal (expert)', is a bot."
        ),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(
            help="geo (the default) or a column variant: population, area, altitude; "
            "undercover: standard (the default), easy (12 countries) or hard."
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Shuffle seed; the same seed deals the same game.")
    ] = None,
    deck: Annotated[
        Path | None,
        typer.Option(
            help='Deck file to deal from (JSON: {"cards": {id: card}} or a list of cards); '
            "default: the deck geodeck ships for the game."
        ),
    ] = None,
    max_difficulty: Annotated[
        int | None, typer.Option(help="Leave out cards harder than this (1 to 3).")
    ] = None,
    remove_questions: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Undercover, hard variant: remove N questions about the country "
            "(implies --variant hard).",
        ),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            metavar="LEVEL[,LEVEL...]",
            help="Add seats played by the computer after the --seats players, one per level "
            "(random, novice, casual, expert, oracle), named 'Bot 1 (expert)', 'Bot 2 "
            "(casual)'... A resumed game finds its bots by those names, so --bots is not "
            "given again with --resume.",
        ),
    ] = None,
    fast: Annotated[bool, typer.Option("--fast", help="Show bots' moves without pausing.")] = False,
    save: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Write the game record to FILE after every move."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Continue the game recorded in FILE (and keep saving to it, unless --save).",
        ),
    ] = None,
) -> None:
    """Play a game with several players at one keyboard (hot seat), or against bots.

    Cross family: everyone sees the table; only the secret guesses at a scoring are typed
    unseen. Undercover: the undercover player chooses the country and answers on a private
    screen (the keyboard is passed, the screen cleared before and after).

    Bots (--bots, or seat names such as 'Hal (expert)') see only their own seat's view;
    their moves stay on the screen for 0.8 s (--fast: no pause). A bot needs no private
    screen, and with one person among bots the keyboard is not passed around.

    Stop any time with Ctrl-C, Ctrl-D or by typing quit.

    With --save FILE the game goes on later with: geodeck play --resume FILE
    """
    if game == "undercover" or (resume is not None and _holds_undercover(resume)):
        from geodeck.cli.undercover_play import play_undercover

        if game not in (None, "undercover"):
            fail(f"{resume} holds an undercover game, not {game}")
        play_undercover(
            seats=seats,
            variant=variant,
            seed=seed,
            deck=deck,
            max_difficulty=max_difficulty,
            remove_questions=remove_questions,
            save=save,
            resume=resume,
            bots=bots,
            fast=fast,
        )
        return
    if remove_questions is not None:
        fail("--remove-questions belongs to undercover's hard variant")
    if resume is not None:
        refuse_setup(
            {
                "--seats": seats,
                "--variant": variant,
                "--seed": seed,
                "--deck": deck,
                "--max-difficulty": max_difficulty,
                "--bots": bots,
            }
        )
        loaded = read_record(resume, CrossGame)
        if game is not None and game != loaded.game:
            fail(f"{resume} holds a {loaded.game} game, not {game}")
        note = f"resumed from {resume}"
        path: Path | None = save or resume
    else:
        loaded, dealt_seed = _new(
            game,
            seats=seats,
            bots=bots,
            variant=variant,
            seed=seed,
            deck=deck,
            max_difficulty=max_difficulty,
        )
        note = f"seed {dealt_seed}"
        path = save
    play_at_keyboard(loaded, _hot_seat, note=note, save=path, fast=fast)


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


def _hot_seat(
    game: CrossGame,
    kb: Keyboard,
    saver: Saver | None,
    note: str,
    bots: dict[int, BotSeat],
    pacer: Pacer,
) -> HotSeat:
    """The hot seat; with bots, the one that lets them move (``cross_bots``)."""
    if not bots:
        return HotSeat(game, kb, saver, note, bots, pacer)
    from geodeck.cli.cross_bots import BotHotSeat

    return BotHotSeat(game, kb, saver, note, bots, pacer)


def _holds_undercover(path: Path) -> bool:
    from geodeck.cli.undercover_play import is_undercover_record

    return is_undercover_record(path)


def _how_to_go_on(saver: Saver | None) -> str:
    if saver is None:
        return "It was not saved (next time, --save FILE keeps a game to continue)."
    return f"It is saved: continue with  geodeck play --resume {saver.path}"
