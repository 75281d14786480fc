"""``geodeck play``: a game at one keyboard (hot seat), or against bots, for every game.

The game's family, from the catalogue, says which table plays it: ``cli.cross`` or
``cli.undercover``; both share the host (``cli.host``), the keyboard and the screens.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from geodeck.catalogue import catalogue
from geodeck.cli.files import read_game
from geodeck.cli.host import fail
from geodeck.core.errors import GeodeckError


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
    if resume is not None:
        held = _game_of(resume)
        if held is None:
            _unreadable(resume)
        elif game not in (None, held):
            article = "an" if held[0] in "aeiou" else "a"
            fail(f"{resume} holds {article} {held} game, not {game}")
        game = held or game
    families = {g.id: g.family for g in catalogue()}
    known = ", ".join(families)
    if game is None:
        fail(f"name the game to play ({known}), or continue one with --resume FILE")
    family = families.get(game)
    if family is None:
        fail(f"unknown game {game!r} (known: {known})")
    options: dict[str, Any] = {
        "seats": seats,
        "variant": variant,
        "seed": seed,
        "deck": deck,
        "max_difficulty": max_difficulty,
        "remove_questions": remove_questions,
        "save": save,
        "resume": resume,
        "bots": bots,
        "fast": fast,
    }
    if family == "undercover":
        from geodeck.cli.undercover.play import play_undercover

        play_undercover(**options)
    else:
        from geodeck.cli.cross.play import play_cross

        play_cross(game, **options)


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
