"""What a new table is made of: its seats' names, its deck, its options and its deal.

``Lobby.create`` (``lobby.py``) asks here whether a request fits and deals the table from
its secret; a request that does not fit is a ``Refusal`` with its code, before anything
is stored.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, cast

import orjson

from geodeck.core.errors import GeodeckError, RecordError
from geodeck.core.family import computer_options, family_of, known, places_cards
from geodeck.core.game import Game, new_game
from geodeck.core.records import validate
from geodeck.decks.cards import Card, parse_cards
from geodeck.decks.files import DeckError, table_deck
from geodeck.names import BadName, clean_name, same_name
from geodeck.server import bots as botplay
from geodeck.server import dealing
from geodeck.server.bodies import CreateTable
from geodeck.server.errors import SETUP_REFUSALS, ErrorCode, engine_code
from geodeck.server.protocol import NAME_LENGTH, Refusal
from geodeck.server.settings import Settings

log = logging.getLogger("geodeck.server")


def deck_for(settings: Settings, game: str, given: object) -> Any:
    """The deck a new table of ``game`` is dealt from: the one the request gave, else the
    server's deck for that game, else the server's deck for every game (``*``); the
    server's deck of a cross-family game as its ``Card`` objects, parsed once."""
    if given is not None:
        check_size(settings, given)
        try:
            return table_deck(given)
        except DeckError as err:
            raise Refusal(ErrorCode.DECK_INVALID, err.message) from None
    decks = settings.decks
    deck = decks[game] if game in decks else decks.get("*")
    if deck is None or not places_cards(game):
        return deck
    return _parsed(deck)


def check_size(settings: Settings, deck: object) -> None:
    """``deck/too_large`` for a sent deck over ``Settings.deck_bytes`` or ``deck_cards``."""

    def count(part: object) -> int:
        return len(part) if isinstance(part, dict | list) else 0

    if isinstance(deck, dict) and isinstance(deck.get("cards"), dict | list):
        cards = count(deck["cards"])
    elif isinstance(deck, dict) and "countries" in deck:
        cards = count(deck.get("countries")) + count(deck.get("questions"))
    else:
        cards = count(deck)
    if cards > settings.deck_cards:
        raise Refusal(
            ErrorCode.DECK_TOO_LARGE,
            f"a deck may hold at most {settings.deck_cards} cards, not {cards}",
        )
    try:
        size = len(orjson.dumps(deck))
    except orjson.JSONEncodeError:
        raise Refusal(ErrorCode.DECK_INVALID, "the deck is not JSON a deck file can hold") from None
    if size > settings.deck_bytes:
        raise Refusal(
            ErrorCode.DECK_TOO_LARGE,
            f"a deck may be at most {settings.deck_bytes:,} bytes of JSON, not {size:,}",
        )


_PARSED: dict[int, tuple[Any, dict[str, Card]]] = {}
"""The server's cross-family decks as ``Card`` objects (``parse_cards``), by the deck's
id; each entry holds its deck, so that the id stays its own."""


def _parsed(deck: Any) -> Any:
    """``deck``'s cards, parsed once (every table dealt from it shares the ``Card``
    objects, which nothing changes); a deck that does not parse is dealt as it is, and
    the dealing says what is wrong with it."""
    known = _PARSED.get(id(deck))
    if known is not None and known[0] is deck:
        return known[1]
    try:
        cards = parse_cards(deck)
    except GeodeckError:
        return deck
    _PARSED[id(deck)] = (deck, cards)
    return cards


def computer_seats(request: CreateTable) -> dict[str, object]:
    """The table's options, with the bot seats added as the option by which the game's
    family lists its computer seats (``Family.computers``: Undercover's ``computers``,
    geodeck's rule for computer players, docs/rules.md), which only the server sets."""
    options: dict[str, object] = dict(request.options)
    reserved = sorted(computer_options() & options.keys())
    if reserved:
        raise Refusal(
            ErrorCode.SETUP_INVALID, f"{reserved[0]!r} is set by the server from the bot seats"
        )
    bots = [i for i, spec in enumerate(request.seats) if spec.bot is not None]
    computers = family_of(request.game).computers if known(request.game) else None
    if computers is not None and bots:
        options[computers] = bots
    return options


def seat_name(text: str) -> str:
    """A seat's name by the name rule (``geodeck.names``), or ``table/bad_name``."""
    try:
        return clean_name(text, limit=NAME_LENGTH, what="a seat name")
    except BadName as err:
        raise Refusal(ErrorCode.TABLE_BAD_NAME, err.reason) from None


def seating(settings: Settings, request: CreateTable) -> tuple[list[str], list[int]]:
    """The seats' names and the seats the creator claims; ``Refusal`` if they do not fit."""
    specs = request.seats
    for spec in specs:
        if spec.bot is not None:
            try:
                botplay.check_level(spec.bot)
            except GeodeckError as err:
                raise Refusal(ErrorCode.SETUP_INVALID, err.message) from None
    names: list[str] = []
    for i, spec in enumerate(specs):
        default = f"Bot {i + 1}" if spec.bot else f"Player {i + 1}"
        given = (spec.name or "").strip()
        names.append(seat_name(given) if given else default)
    for i, name in enumerate(names):
        if any(same_name(name, other) for other in names[:i]):
            raise Refusal(ErrorCode.TABLE_BAD_NAME, f"two seats are called {name!r} (or alike)")
    if request.clock is not None and request.clock < settings.min_clock:
        raise Refusal(
            ErrorCode.REQUEST_MALFORMED,
            f"clock: at least {settings.min_clock:g} seconds, or null for no clock",
        )
    if request.bank and request.clock is None:
        raise Refusal(ErrorCode.REQUEST_MALFORMED, "bank: a time bank needs a clock")
    humans = [i for i, s in enumerate(specs) if s.bot is None]
    claim = request.claim if request.claim is not None else humans[:1]
    if len(set(claim)) != len(claim) or any(c not in humans for c in claim):
        raise Refusal(ErrorCode.TABLE_BAD_SEAT, "claim lists human seats of this table, each once")
    return names, claim


def dealt(
    game: str,
    names: list[str],
    *,
    deck: Any,
    variant: str | None = None,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> tuple[Game, dict[str, object]]:
    """``new_game`` and the head of its record (the record without its actions). With a
    ``deck`` other than the shipped one, ``RecordError`` if the record breaks the schema
    (a card the engine deals but a record cannot hold): the table could not be restored
    from storage."""
    new = new_game(game, names, variant=variant, seed=seed, options=options, deck=deck)
    head: dict[str, object] = new.to_record()
    if deck is not None:
        validate(head)
    head.pop("actions", None)
    return new, head


def deal(
    settings: Settings, request: CreateTable, names: list[str], secret: bytes
) -> tuple[Game, dict[str, object]]:
    """The table's game, dealt from its secret, and its record's head with the deal
    commitment (``dealing.py``); ``Refusal`` if it cannot be dealt. Blocking: the lobby
    runs it off the event loop."""
    deck = deck_for(settings, request.game, request.deck)
    options = computer_seats(request)
    try:
        game, head = dealt(
            request.game,
            names,
            variant=request.variant,
            seed=dealing.deal_seed(secret, request.seed),
            options=options,
            deck=deck,
        )
    except RecordError as err:
        raise Refusal(
            ErrorCode.SETUP_INVALID, f"the table's record would not be valid: {err.message}"
        ) from None
    except GeodeckError as err:
        refused = engine_code(err.code, SETUP_REFUSALS, ErrorCode.SETUP_INVALID)
        raise Refusal(refused, err.message, rule=err.rule) from None
    except Exception:
        log.exception("a table of %s could not be dealt", request.game)
        raise Refusal(ErrorCode.SERVER_INTERNAL, "the table could not be dealt") from None
    setup = cast("Mapping[str, object]", head["setup"])  # as the engine wrote it
    head["deal"] = dealing.seal(setup, secret)
    return game, head
