"""What each seat did in a cross-family game, and its hardest cards, from the history a
spectator sees (docs/stats.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, TypedDict, cast

from geodeck.core.game import Game
from geodeck.stats.shapes import Caught, CrossPlayer, CrossStats, HardCard

if TYPE_CHECKING:
    from geodeck.core.shapes import EventWire, Face
    from geodeck.cross.shapes import CrossView, SeatRow

CAUSES = ("challenging", "challenged", "guesses", "exchanges")
"""Why chips moved: a seat's own challenges (A4.3), challenges of its cards (A4.3),
payouts for guesses at a scoring (A6.3), and chips returned for a removed card (A5)."""

HARDEST = 5
"""How many cards the hardest list keeps."""


class Seen(TypedDict):
    """What the counts read of a spectator's view (a ``CrossView`` is one)."""

    cards: dict[str, Face]
    seats: list[SeatRow]
    history: list[EventWire]


class _Place(TypedDict):
    seat: int
    card: str
    line: str


class _Challenge(TypedDict):
    seat: int


class _Judge(TypedDict):
    card: str
    against: str
    right: bool


class _Check(TypedDict):
    guesses: list[int]
    wrong: int
    set_aside: list[str]


_Pay = TypedDict("_Pay", {"from": int | None, "to": int | None, "amount": int})


class _Lapse(TypedDict):
    seat: int
    amount: int


def family_stats(game: Game, view: CrossView) -> CrossStats:
    """The cross family's statistics (``geodeck.stats.game_stats``)."""
    return cross_stats(view)


def cross_stats(view: Seen) -> CrossStats:
    """``players`` (one object per seat) and ``hardest`` (the cards placed wrong)."""
    tally = _Tally(view)
    for event in view["history"]:
        tally.read(event)
    return {"players": tally.players, "hardest": tally.hardest()}


def _player(seat: SeatRow) -> CrossPlayer:
    return {
        "seat": seat["seat"],
        "name": seat["name"],
        "score": seat["score"],
        "chips": seat["chips"],
        "exchanged": len(seat["exchanged"]),
        "placed": 0,
        "placed_right": 0,
        "placed_wrong": 0,
        "challenges_made": 0,
        "challenges_won": 0,
        "challenged": 0,
        "challenged_lost": 0,
        "guesses": [],
        "exact_guesses": 0,
        "chips_won": dict.fromkeys(CAUSES, 0),
        "chips_lost": dict.fromkeys(CAUSES, 0),
        "lapsed": 0,
    }


class _Tally:
    """The counts so far while the history is read event by event."""

    def __init__(self, view: Seen) -> None:
        self.cards: Mapping[str, Mapping[str, object]] = view["cards"]
        self.players = [_player(s) for s in view["seats"]]
        self.order: list[str] = []
        """The cards placed, in the order of play."""
        self.placer: dict[str, int] = {}
        self.line: dict[str, str] = {}
        self.on_table: list[str] = []
        """Placed cards out since the last check, not yet judged wrong."""
        self.wrong: dict[str, Caught] = {}
        self.last: str | None = None
        self.roles: tuple[int, int] | None = None
        """The challenger and the placer of the challenge being paid, or ``None`` while a
        scoring is paid."""

    def read(self, event: EventWire) -> None:
        """Count one event of the view's history; each kind has the wire form of its
        event class (``geodeck.cross.events``), which the casts name."""
        kind = event["event"]
        if kind == "place":
            self._place(cast(_Place, event))
        elif kind == "challenge":
            self._challenge(cast(_Challenge, event))
        elif kind == "judge":
            self._judge(cast(_Judge, event))
        elif kind == "check":
            self._check(cast(_Check, event))
        elif kind == "pay":
            pay = cast(_Pay, event)
            self._pay(pay["from"], pay["to"], pay["amount"])
        elif kind == "lapse":
            lapse = cast(_Lapse, event)
            self.players[lapse["seat"]]["lapsed"] += lapse["amount"]

    def _place(self, event: _Place) -> None:
        card, seat = event["card"], event["seat"]
        self.players[seat]["placed"] += 1
        self.order.append(card)
        self.placer[card] = seat
        self.line[card] = event["line"]
        self.on_table.append(card)
        self.last = card

    def _challenge(self, event: _Challenge) -> None:
        assert self.last is not None
        challenger, placer = event["seat"], self.placer[self.last]
        self.players[challenger]["challenges_made"] += 1
        self.players[placer]["challenged"] += 1
        self.roles = (challenger, placer)

    def _judge(self, event: _Judge) -> None:
        """A4.2-A4.3: a wrong card leaves the game; a right one waits for the check."""
        assert self.roles is not None
        challenger, placer = self.roles
        if event["right"]:
            return
        card = event["card"]
        self.players[challenger]["challenges_won"] += 1
        self.players[placer]["challenged_lost"] += 1
        self.players[placer]["placed_wrong"] += 1
        self.on_table.remove(card)
        self.wrong[card] = {"caught": "challenge", "by": challenger, "against": event["against"]}

    def _check(self, event: _Check) -> None:
        """A6.2-A6.3: the cards set aside were wrong, every other placed card right."""
        answer = event["wrong"]
        for seat, guess in enumerate(event["guesses"]):
            player = self.players[seat]
            player["guesses"].append({"guess": guess, "wrong": answer})
            player["exact_guesses"] += int(guess == answer)
        aside = set(event["set_aside"])
        for card in self.on_table:
            placer = self.players[self.placer[card]]
            if card not in aside:
                placer["placed_right"] += 1
            else:
                placer["placed_wrong"] += 1
                self.wrong[card] = {"caught": "check", "by": None, "against": None}
        self.on_table = []
        self.roles = None

    def _pay(self, payer: int | None, receiver: int | None, amount: int) -> None:
        """A5: an exchange returns chips to the supply; any other move is paid for the
        challenge just judged or for the guesses just checked."""
        if receiver is None:
            assert payer is not None
            self.players[payer]["chips_lost"]["exchanges"] += amount
            return
        self.players[receiver]["chips_won"][self._cause(receiver)] += amount
        if payer is not None:
            self.players[payer]["chips_lost"][self._cause(payer)] += amount

    def _cause(self, seat: int) -> str:
        if self.roles is None:
            return "guesses"
        return "challenging" if seat == self.roles[0] else "challenged"

    def hardest(self) -> list[HardCard]:
        """The cards placed wrong: those a challenge caught first (they cost a chip), then
        the harder ones by the deck's difficulty, then in the order of play."""
        rank = {card: i for i, card in enumerate(self.order)}

        def key(card: str) -> tuple[int, int, int]:
            caught = 0 if self.wrong[card]["caught"] == "challenge" else 1
            difficulty = self._face(card).get("difficulty", 0)
            return (caught, -difficulty if isinstance(difficulty, int) else 0, rank[card])

        return [
            {
                "card": card,
                "name": str(self._face(card).get("name", card)),
                "placed_by": self.placer[card],
                "line": self.line[card],
                **self.wrong[card],
            }
            for card in sorted(self.wrong, key=key)[:HARDEST]
        ]

    def _face(self, card: str) -> Mapping[str, object]:
        face = self.cards.get(card)
        return face if isinstance(face, Mapping) else {}
