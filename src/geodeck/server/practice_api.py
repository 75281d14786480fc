"""Practice in the browser (docs/practice.md, docs/protocol.md):

- ``GET /api/practice/{game}/cards``: the practice cards of the deck this server deals
  ``game`` from (its ``--deck``, else the shipped one), public facts only: names, area,
  position and the value on each line a question asks about;
- ``POST /api/practice/answers``: a small batch of practice answers ``{card, right}``
  with the player's key, stored for card difficulty (``Storage.practice_answers``) within
  the quotas of the address and the key, and the bounds on what one key and one address
  weigh on a card (``Quotas``).

The rounds themselves run in the page, following ``geodeck.practice``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import TypedDict

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from geodeck.catalogue import catalogue
from geodeck.core.family import places_cards
from geodeck.cross.editions import COLUMN_VARIANTS, GEO
from geodeck.decks import SHIPPED_DECKS, shipped_deck_file
from geodeck.practice import PracticeCard, deck_hash, practice_cards, regions_of
from geodeck.server.bodies import parse, refusals
from geodeck.server.errors import ErrorCode
from geodeck.server.limits import MissLimiter, client_address
from geodeck.server.players import key_hash
from geodeck.server.protocol import Refusal
from geodeck.server.settings import Settings
from geodeck.server.storage import Storage
from geodeck.server.storage.practice import Sender, Weights
from geodeck.server.tokens import token_hash

log = logging.getLogger("geodeck.server")

MAX_ANSWERS = 50
"""The most answers one ``POST /api/practice/answers`` may carry."""


class AnswerIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    card: StrictStr = Field(min_length=1, max_length=64)
    right: StrictBool


class AnswersIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    game: StrictStr = Field(min_length=1, max_length=32)
    key: StrictStr = Field(max_length=200)
    """The player key (``players.KEY``), as the daily challenge takes it."""
    answers: list[AnswerIn]


class AnswersStored(BaseModel):
    game: str
    stored: int


class PracticeDeck(TypedDict):
    title: str
    hash: str
    cards: dict[str, PracticeCard]
    variants: list[str]


class Region(TypedDict):
    code: str
    cards: int


class CardsBody(TypedDict):
    """The answer of ``GET /api/practice/{game}/cards``."""

    game: str
    title: str
    deck: str
    variants: list[str]
    regions: list[Region]
    cards: list[dict[str, object]]


class PracticeDecks:
    """The practice cards of each cross game, worked out once from the server's decks."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.games = {g.id: g for g in catalogue() if places_cards(g.id)}
        self._made: dict[str, PracticeDeck] = {}

    def deck(self, game: str) -> PracticeDeck:
        """``{"title", "hash", "cards": {id: PracticeCard}, "variants"}``; a game that is
        no cross game, or has no deck here, is refused with ``practice/unknown_game``."""
        made = self._made.get(game)
        if made is not None:
            return made
        if game not in self.games:
            listed = ", ".join(sorted(self.games))
            raise Refusal(
                ErrorCode.PRACTICE_UNKNOWN_GAME,
                f"practice plays the cross games ({listed}), not {game[:32]!r}",
            )
        title = self.games[game].title
        raw = self.settings.decks.get(game, self.settings.decks.get("*"))
        if not _card_mapping(raw):
            if game not in SHIPPED_DECKS:
                raise Refusal(ErrorCode.PRACTICE_UNKNOWN_GAME, f"this server has no {game} deck")
            data = shipped_deck_file(game)
            raw, title = data["cards"], str(data.get("title") or title)
        assert isinstance(raw, Mapping)
        made = {
            "title": title,
            "hash": deck_hash(raw),
            "cards": practice_cards(raw),
            "variants": list(self.games[game].variants),
        }
        self._made[game] = made
        return made


def _card_mapping(raw: object) -> bool:
    return (
        isinstance(raw, Mapping)
        and bool(raw)
        and all(isinstance(c, Mapping) and "lat" in c and "lon" in c for c in raw.values())
    )


def card_json(card: PracticeCard) -> dict[str, object]:
    return {
        "id": card.id,
        "name": card.name,
        "names": dict(card.names),
        "area": card.area,
        "areas": list(card.areas),
        "lat": card.lat,
        "lon": card.lon,
        "values": dict(card.values),
    }


def cards_body(game: str, deck: PracticeDeck) -> CardsBody:
    cards = deck["cards"]
    regions = regions_of(cards.values())
    variants = [v for v in deck["variants"] if v == GEO or v in COLUMN_VARIANTS]
    return {
        "game": game,
        "title": deck["title"],
        "deck": deck["hash"][:12],
        "variants": variants,
        "regions": [{"code": c, "cards": n} for c, n in sorted(regions.items()) if n >= 2],
        "cards": [card_json(cards[i]) for i in sorted(cards)],
    }


def checked_answers(body: AnswersIn, known: Mapping[str, PracticeCard]) -> list[tuple[str, bool]]:
    if len(body.answers) > MAX_ANSWERS:
        raise Refusal(
            ErrorCode.PRACTICE_TOO_MANY_ANSWERS,
            f"at most {MAX_ANSWERS} answers at a time, not {len(body.answers)}",
        )
    unknown = [a.card for a in body.answers if a.card not in known]
    if unknown:
        raise Refusal(
            ErrorCode.PRACTICE_UNKNOWN_CARD,
            f"the {body.game} deck of this server has no card {unknown[0]!r}",
        )
    return [(a.card, a.right) for a in body.answers]


class Quotas:
    """How fast one client address and one player key may send practice answers
    (``Settings.answers_burst``, ``key_answers_burst``), and how many about one card are
    stored (``Settings.card_answers_per_key``, ``card_answers_per_address``)."""

    def __init__(self, settings: Settings) -> None:
        capacity = settings.miss_addresses
        self.addresses = MissLimiter(
            settings.answers_burst, settings.answers_refill, capacity=capacity
        )
        self.keys = MissLimiter(
            settings.key_answers_burst, settings.key_answers_refill, capacity=capacity
        )
        self.weights = Weights(settings.card_answers_per_key, settings.card_answers_per_address)

    def arrived(self, address: str) -> None:
        """A post from ``address``: it costs one answer, whatever it holds."""
        self.addresses.check(address, ErrorCode.LIMIT_TOO_MANY_REQUESTS)
        self.addresses.miss(address)

    def sender(self, address: str, key: str, answers: int) -> Sender:
        """Spend the rest of a post's ``answers`` from both quotas, or refuse it whole."""
        digest = key_hash(key)
        more = max(0, answers - 1)
        self.keys.check(
            digest, ErrorCode.LIMIT_TOO_MANY_ANSWERS, cost=answers, source="this player key"
        )
        self.addresses.check(address, ErrorCode.LIMIT_TOO_MANY_REQUESTS, cost=more)
        self.keys.miss(digest, answers)
        self.addresses.miss(address, more)
        return Sender(digest, "@" + token_hash(address)[:32])


def register(app: FastAPI, settings: Settings, storage: Storage) -> None:
    """Add the practice endpoints to ``app``."""
    decks = PracticeDecks(settings)
    quotas = Quotas(settings)
    refused = refusals(400, 429)

    @app.get("/api/practice/{game}/cards", responses=refusals(404))
    async def practice_deck(game: str) -> Mapping[str, object]:
        deck = await asyncio.to_thread(decks.deck, game)
        return cards_body(game, deck)

    @app.post("/api/practice/answers", responses=refused)
    async def practice_answers(request: Request) -> AnswersStored:
        address = client_address(request)
        quotas.arrived(address)  # every post counts, whether it is stored or refused
        body = await parse(request, AnswersIn)
        deck = await asyncio.to_thread(decks.deck, body.game)
        answers = checked_answers(body, deck["cards"])
        sender = quotas.sender(address, body.key, len(answers))
        try:
            stored = await asyncio.to_thread(
                storage.add_practice_answers, body.game, answers, sender, quotas.weights
            )
        except Exception:
            log.exception("practice answers of %s could not be stored", body.game)
            raise Refusal(
                ErrorCode.SERVER_STORAGE, "the answers could not be stored; try again"
            ) from None
        return AnswersStored(game=body.game, stored=stored)
