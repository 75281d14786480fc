"""``geodeck play`` for the cross family (uppsala, buxtehude, italia, world)."""

from __future__ import annotations

from pathlib import Path

from geodeck.cli.bot_seats import BotSeat, Pacer, seat_names
from geodeck.cli.cross.bots import BotHotSeat
from geodeck.cli.cross.table import HotSeat
from geodeck.cli.host import Saver, deal, fail, play_at_keyboard, resume_game
from geodeck.cli.keyboard import Keyboard
from geodeck.cli.options import PlayOptions
from geodeck.core.errors import GeodeckError
from geodeck.cross.editions import EDITIONS, PLAYERS
from geodeck.cross.game import CrossGame


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
    return BotHotSeat(game, kb, saver, note, bots, pacer)


def play_cross(game: str, options: PlayOptions) -> None:
    """``geodeck play GAME`` for a cross edition (see ``geodeck.cli.play.play``)."""
    if options.remove_questions is not None:
        fail("--remove-questions belongs to undercover's hard variant")
    if options.resume is not None:
        loaded, note = resume_game(options, CrossGame)
    else:
        loaded, dealt_seed = _new(
            game,
            seats=options.seats,
            bots=options.bots,
            variant=options.variant,
            seed=options.seed,
            deck=options.deck,
            max_difficulty=options.max_difficulty,
        )
        note = f"seed {dealt_seed}"
    play_at_keyboard(loaded, _hot_seat, note=note, options=options)
