"""``geodeck play``: a game at one keyboard (hot seat), or against bots, for every game.

The game's family, from the catalogue, says which table plays it: ``cli.cross`` or
``cli.undercover``; both share the host (``cli.host``), the keyboard and the screens.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from geodeck.catalogue import catalogue
from geodeck.cli.autosave import choose_saved
from geodeck.cli.files import read_game
from geodeck.cli.front import cli_front
from geodeck.cli.host import fail
from geodeck.cli.invocation import geodeck_command
from geodeck.cli.options import PlayOptions
from geodeck.core.errors import GeodeckError


def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="uppsala, buxtehude, italia, world or undercover; with --resume, the FILE "
            "to continue, or the game whose unfinished games to list.",
            show_default=False,
        ),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Argument(
            metavar="FILE",
            help="With --resume: the game record to continue.",
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
        typer.Option(
            metavar="FILE",
            help="Write the game record to FILE after every move, instead of the games "
            "folder. A FILE that holds another game is not overwritten, unless --force.",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Let --save overwrite a FILE that holds another game.")
    ] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue a saved game: geodeck play --resume FILE (and keep saving to "
            "FILE, unless --save). Without FILE: list the unfinished games of the games "
            "folder, newest first, to choose one (only GAME's with a GAME).",
        ),
    ] = False,
) -> None:
    """Play a game with several players at one keyboard (hot seat), or against bots.

    Every secret is typed on a private screen, after the keyboard is passed: the guesses
    at a cross game's scoring, Undercover's hidden country and answers. On a terminal it is
    the alternate screen, which leaves nothing in the scrollback.

    Bots (--bots, or seat names such as 'Hal (expert)') see only their own seat's view;
    their moves stay on the screen for 0.8 s (--fast: no pause). A bot needs no private
    screen, and with one person among bots the keyboard is not passed around.

    At any question type help (or ?) for what can be typed there, rules for the rules in
    short, history for the game so far. Stop any time with Ctrl-C, Ctrl-D or by typing
    quit: the message says where the game is saved and the command that continues it.

    Every game is saved after every move: to --save FILE, or else to the games folder
    (on Linux ~/.local/share/geodeck/games), which keeps the newest 50 games and removes
    older ones as new games start (finished games are kept as ...-finished.json).
    geodeck play --resume alone lists the unfinished ones to choose from.
    """
    families = {g.id: g.family for g in catalogue()}
    record: Path | None = None
    if resume:
        game, record = _resume_target(game, file, families)
        held = _game_of(record)
        if held is None:
            _unreadable(record)
        elif game not in (None, held):
            article = "an" if held[0] in "aeiou" else "a"
            fail(f"{record} holds {article} {held} game, not {game}")
        game = held or game
    elif file is not None:
        fail(f"a record FILE goes with --resume:  {geodeck_command()} play --resume {file}")
    known = ", ".join(families)
    if game is None:
        fail(f"name the game to play ({known}), or continue one with --resume FILE")
    family = families.get(game)
    if family is None:
        fail(f"unknown game {game!r} (known: {known})")
    options = PlayOptions(
        seats=seats,
        variant=variant,
        seed=seed,
        deck=deck,
        max_difficulty=max_difficulty,
        remove_questions=remove_questions,
        save=save,
        resume=record,
        force=force,
        bots=bots,
        fast=fast,
    )
    cli_front(game).play(game, options)


def _resume_target(
    game: str | None, file: Path | None, families: dict[str, str]
) -> tuple[str | None, Path]:
    """The game named (if any) and the record to resume: ``FILE``, ``GAME`` when it is a
    file rather than a game's name, or one chosen from the games folder."""
    if file is not None:
        return game, file
    if game is not None and (game not in families or Path(game).exists()):
        return None, Path(game)
    return game, choose_saved(game)


def _game_of(path: Path) -> str | None:
    """The game a record file holds; ``None`` if it cannot be read (the family's own
    reading then says why)."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    game = data.get("game") if isinstance(data, dict) else None
    return game if isinstance(game, str) else None


def _unreadable(path: Path) -> NoReturn:
    """Fail saying why ``path`` is no record."""
    try:
        read_game(path)
    except GeodeckError as err:
        fail(str(err))
    fail(f"{path} is not a game record")
