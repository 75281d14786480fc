"""``geodeck practice``: survival, timed and regional rounds at the terminal, with spaced
repetition per player, and ``--stats`` for the weak areas (docs/practice.md)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from geodeck.cli.deck.common import Lang
from geodeck.cli.errors import fail
from geodeck.cli.keyboard import Keyboard, Quit
from geodeck.cli.practice.decks import PracticeDeck, load_practice_deck
from geodeck.cli.practice.screens import (
    answer_screen,
    prompt_text,
    question_text,
    round_end,
    stats_screen,
)
from geodeck.cli.practice.store import PracticeStore, checked_player, deck_key, default_player
from geodeck.cross.editions import GEO, check_variant
from geodeck.decks import SHIPPED_DECKS
from geodeck.practice import MODES, Question, Round
from geodeck.practice.boxes import Progress
from geodeck.practice.cards import in_region
from geodeck.practice.maps import extent_of

TIMED_SECONDS = 60


def practice(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="uppsala, buxtehude, italia or world (with --stats: only this game's decks).",
            show_default=False,
        ),
    ] = None,
    *,
    mode: Annotated[
        str, typer.Option(help="survival (until the first mistake), timed (60 s) or region.")
    ] = "survival",
    region: Annotated[
        str | None,
        typer.Option(
            metavar="CODE",
            help="Only the cards of one country, Land or region: DE, DE-BY, IT-45... "
            "(needed by --mode region).",
        ),
    ] = None,
    variant: Annotated[
        str, typer.Option(help="geo (the default) or a column variant: population, area, altitude.")
    ] = GEO,
    deck: Annotated[
        Path | None,
        typer.Option(help="Deck file to practise with; default: the game's shipped deck."),
    ] = None,
    player: Annotated[
        str | None,
        typer.Option(help="Whose progress this is (default: GEODECK_PLAYER or the login name)."),
    ] = None,
    lang: Annotated[Lang, typer.Option(help="Card names in en, de or it.")] = Lang.en,
    stats: Annotated[
        bool, typer.Option("--stats", help="Show the weak areas: where the mistakes lie.")
    ] = False,
    seconds: Annotated[int, typer.Option(hidden=True, min=1)] = TIMED_SECONDS,
) -> None:
    """Learn the map: place each card west or east, south or north of the one before
    (higher or lower in a column variant).

    Misplaced cards come back sooner (Leitner boxes, kept per player in the user's data
    directory); --stats shows where the mistakes lie.
    """
    name = checked_player(player if player is not None else default_player())
    store = PracticeStore(name)
    console = Console(highlight=False)
    if stats:
        _show_stats(console, store, game)
        return
    if game is None:
        fail("name the game to practise (uppsala, buxtehude, italia, world), or give --stats")
    if mode not in MODES:
        fail(f"--mode must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == "region" and region is None:
        fail("--mode region needs --region CODE (a country, Land or region of the deck)")
    loaded = load_practice_deck(game, deck)
    check_variant(loaded.game, variant)
    cards = list(loaded.cards.values())
    if region is not None:
        cards = in_region(cards, region)
    key = deck_key(game, variant, loaded.hash)
    progress = store.progress(key)
    session = progress.start()
    seed = f"{name}/{key}/{session}"
    order = progress.schedule((c.id for c in cards), seed)
    practice_round = Round(cards, mode=mode, variant=variant, seed=seed, order=order)
    keyboard = Keyboard(console)
    deadline = time.monotonic() + seconds if mode == "timed" else None
    try:
        _play(keyboard, practice_round, loaded, deadline, lang, progress)
    except (Quit, EOFError):
        console.print()
        practice_round.stop()
    store.keep(key, loaded.title, progress)
    console.print(
        round_end(
            practice_round.score, len(practice_round.answers), mode, practice_round.mistakes, lang
        )
    )
    console.print(Text(f"Progress kept for {name} in {store.path}", "dim"))


def _play(
    keyboard: Keyboard,
    practice_round: Round,
    loaded: PracticeDeck,
    deadline: float | None,
    lang: str,
    progress: Progress,
) -> None:
    places = [(c.lat, c.lon) for c in loaded.cards.values()]
    extent = extent_of(places)
    header = f"{loaded.title}: {practice_round.mode}"
    last = None
    while not practice_round.over:
        question = practice_round.question()
        keyboard.clear()
        left = "" if deadline is None else f", {max(0, round(deadline - time.monotonic()))} s left"
        keyboard.show(Rule(Text(f"{header} (score {practice_round.score}{left})", "bold")))
        if last is not None:
            keyboard.show(last)
        keyboard.show(question_text(question, len(practice_round.answers) + 1, lang))
        side = _side(keyboard, question)
        if deadline is not None and time.monotonic() > deadline:
            keyboard.show(Text("Time is up: that answer came too late.", "yellow"))
            practice_round.stop()
            break
        answer = practice_round.answer(side)
        progress.record(question.card, answer.right)
        last = answer_screen(answer, extent, places, lang)
    if last is not None:
        keyboard.show(last)


def _side(keyboard: Keyboard, question: Question) -> str:
    """The side the player names: a word or its first letter."""
    sides = question.sides
    choices = [(s[0], s) for s in sides]
    while True:
        said = keyboard.line(prompt_text(question), choices).lower()
        for side in sides:
            if said in (side, side[0]):
                return side
        keyboard.error(f"type {sides[0][0]} ({sides[0]}) or {sides[1][0]} ({sides[1]}), or quit")


def _show_stats(console: Console, store: PracticeStore, game: str | None) -> None:
    titles = store.titles()
    keys = [k for k in sorted(titles) if game is None or k.split("/")[0] == game]
    if not keys:
        which = f" of {game}" if game else ""
        console.print(f"{store.player} has no practice{which} yet: geodeck practice GAME")
        return
    for key in keys:
        game_id, variant, short = key.split("/")
        places = _shipped_places(game_id, short)
        console.print(stats_screen(f"{titles[key]} ({variant})", store.progress(key), places))


def _shipped_places(game: str, short_hash: str) -> list[tuple[float, float]]:
    """The places of the shipped deck a practice key names, for the map's backdrop; none
    for a deck file's key (or an older shipped deck)."""
    if game not in SHIPPED_DECKS:
        return []
    loaded = load_practice_deck(game, None)
    if not loaded.hash.startswith(short_hash):
        return []
    return [(c.lat, c.lon) for c in loaded.cards.values()]
