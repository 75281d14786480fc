"""Card difficulty: each card rated as the opponent of the people who place it.

Every answer about a card is a duel between the player and the card, rated with the same
Plackett-Luce model as the players (``geodeck.ratings.players``): a card placed right is
a win for the player, a card placed wrong (out of order against a neighbour, which is
what a challenge shows and what sets it aside at a check) a win for the card. A card that
beats strong players gains more than one that beats beginners. The answerers' own
ratings in these duels are kept here too, apart from their game ratings.

A card starts from the deck's printed difficulty (1 easy, 2, 3 hard): ``mu`` 20, 25 or 30
(a card without one: 25), with ``sigma`` ``PRIOR_SIGMA``, tighter than a new player's,
so a few answers move the player more than the card. ``difficulty`` gives the rating on
the printed scale again, ``2 + (mu - 25) / 5``: a card rated 2.6 is found a little
harder than its printed 2.

Answers come from game records (every placement, by the seat's name) and from practice
memories (per card, how often a player answered it right and wrong; the answers are
taken in an even interleaving, the cards in turn). The same answers in the same order
give the same ratings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from openskill.models import PlackettLuceRating

from geodeck.ratings.players import MODEL, Rating

PRIOR_SIGMA = 4.0
STEP = 5.0
"""How far apart in ``mu`` two printed difficulties are."""
PRACTICE_SHIFT = STEP / 2
"""The most one practice answer sent to a server moves a card's ``mu``: half a step of
the printed scale (``geodeck.server.cards``; the model alone moves a card by at most
about 2.25 in one answer while its ``sigma`` is 4)."""


def prior(card: Mapping[str, object] | None) -> Rating:
    """A card's rating before any answer, from its printed difficulty."""
    printed = (card or {}).get("difficulty")
    if isinstance(printed, int) and not isinstance(printed, bool) and 1 <= printed <= 3:
        return Rating(MODEL.mu + STEP * (printed - 2), PRIOR_SIGMA)
    return Rating(MODEL.mu, PRIOR_SIGMA)


def on_printed_scale(rating: Rating) -> float:
    """A card rating on the printed scale (1 easy ... 3 hard), not bounded to it."""
    return 2.0 + (rating.mu - MODEL.mu) / STEP


class CardRatings:
    """The difficulty ratings of cards, from the answers ingested so far."""

    def __init__(self, cards: Mapping[str, Mapping[str, object]] | None = None) -> None:
        self.cards: dict[str, Rating] = {key: prior(card) for key, card in (cards or {}).items()}
        self.players: dict[str, Rating] = {}
        self.counts: dict[str, list[int]] = {}
        """Per card, ``[right, wrong]`` answers ingested."""
        self._duelists: tuple[PlackettLuceRating, PlackettLuceRating] | None = None
        """The openskill ratings each duel sets and rates (``_duel``): one object's
        answers are taken one at a time, by one thread."""

    def answer(
        self,
        player: str,
        card: str,
        right: bool,
        data: Mapping[str, object] | None = None,
        *,
        most: float | None = None,
    ) -> None:
        """One answer: ``player`` placed ``card`` right or wrong. ``data``: the card's
        data, for its prior if the card is new here. ``most``: the card's ``mu`` moves by
        no more than this."""
        mine = self.players.get(player, Rating())
        theirs = self.cards.get(card) or prior(data)
        duel = self._duel(mine, theirs)
        # The winner first and no ranks: ``rate`` takes the order as the ranks (given
        # ranks, it would sort by them and back with closures that hold each other,
        # garbage only the cyclic collector frees).
        rated = MODEL.rate(duel if right else duel[::-1])
        after_player, after_card = (
            (rated[0][0], rated[1][0]) if right else (rated[1][0], rated[0][0])
        )
        self.players[player] = Rating(after_player.mu, after_player.sigma)
        mu = after_card.mu
        if most is not None:
            mu = min(theirs.mu + most, max(theirs.mu - most, mu))
        self.cards[card] = Rating(mu, after_card.sigma)
        count = self.counts.setdefault(card, [0, 0])
        count[0 if right else 1] += 1

    def _duel(self, mine: Rating, theirs: Rating) -> list[list[PlackettLuceRating]]:
        """The two teams of a duel, as ``MODEL.rate`` takes them: one pair of openskill
        ratings, made once and set afresh for every duel (``rate`` rates copies and leaves
        them as they are), which costs less than two new ones each time."""
        if self._duelists is None:
            self._duelists = (MODEL.rating(), MODEL.rating())
        player, card = self._duelists
        player.mu, player.sigma = mine.mu, mine.sigma
        card.mu, card.sigma = theirs.mu, theirs.sigma
        return [[player], [card]]

    def ingest_record(self, record: Mapping[str, Any]) -> int:
        """Every placement of a cross-family game record (finished or not); the number of
        answers taken. Raises ``GeodeckError`` for a record that does not replay."""
        from geodeck.ratings.placements import placements

        cards: Mapping[str, Mapping[str, object]] = record.get("cards") or {}
        taken = 0
        for seat, card, right in placements(record):
            self.answer(seat, card, right, cards.get(card))
            taken += 1
        return taken

    def ingest_practice(
        self,
        player: str,
        memories: Mapping[str, Mapping[str, object]],
        cards: Mapping[str, Mapping[str, object]] | None = None,
    ) -> int:
        """One player's practice memories of a deck (``{card: {"right": n, "wrong": m}}``,
        as the practice store keeps them); the number of answers taken."""
        taken = 0
        for card, right in _interleaved(memories):
            self.answer(player, card, right, (cards or {}).get(card))
            taken += 1
        return taken

    def rating(self, card: str) -> Rating:
        return self.cards.get(card) or prior(None)

    def answers(self, card: str) -> int:
        return sum(self.counts.get(card, (0, 0)))

    def difficulty(self, card: str) -> float:
        """The card's rated difficulty on the printed scale."""
        return on_printed_scale(self.rating(card))

    def difficulties(self, *, answered_only: bool = True) -> dict[str, float]:
        """Every card's rated difficulty on the printed scale (by default only the cards
        with an answer), as the novice and casual bots take it."""
        return {
            key: on_printed_scale(r)
            for key, r in sorted(self.cards.items())
            if not answered_only or key in self.counts
        }

    def to_json(self) -> dict[str, object]:
        return {
            "cards": {
                k: {**r.to_json(), "answers": self.counts.get(k, [0, 0])}
                for k, r in sorted(self.cards.items())
            },
            "players": {k: r.to_json() for k, r in sorted(self.players.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CardRatings:
        out = cls()
        for key, entry in (data.get("cards") or {}).items():
            out.cards[str(key)] = Rating.from_json(entry)
            right, wrong = entry.get("answers", [0, 0])
            if right or wrong:
                out.counts[str(key)] = [int(right), int(wrong)]
        for key, entry in (data.get("players") or {}).items():
            out.players[str(key)] = Rating.from_json(entry)
        return out


def _spread(right: int, wrong: int) -> list[bool]:
    """``right`` and ``wrong`` answers in an even order (wrong ones spread out)."""
    n = right + wrong
    return [(k + 1) * wrong // n == k * wrong // n for k in range(n)]


def _interleaved(memories: Mapping[str, Mapping[str, object]]) -> Iterator[tuple[str, bool]]:
    queues = {}
    for card, memory in sorted(memories.items()):
        right, wrong = _count(memory.get("right")), _count(memory.get("wrong"))
        if right + wrong:
            queues[card] = _spread(right, wrong)
    turn = 0
    while queues:
        for card in list(queues):
            queue = queues[card]
            if turn < len(queue):
                yield card, queue[turn]
            else:
                del queues[card]
        turn += 1


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0
    return max(0, min(int(value), 10_000))
