"""How the server runs: ``geodeck serve`` fills ``Settings`` from its options."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from geodeck.server import dealing


@dataclass
class Settings:
    """How the server runs; ``geodeck serve`` fills it from its options."""

    database_url: str | None = None
    schema: str | None = None
    redis_url: str | None = None
    decks: dict[str, Any] = field(default_factory=dict)
    """Decks by game; the key ``*`` is the deck for every game without its own."""
    grace: float = 30.0
    bot_delay: float = 0.5
    standin_level: str = "casual"
    min_clock: float = 5.0
    """The shortest per-move clock a table may ask for, in seconds."""
    pause: float = 20.0
    """Seconds a table waits at most after a moment (a verdict, a scoring, a round's
    result) for its people to continue, for tables created without a ``pause``."""
    new_secret: Callable[[], bytes] = dealing.new_secret
    """Where each new table's secret comes from (``dealing.py``): ``secrets``. A test may
    give the same secret to two tables to compare them."""
    linger: float = 60.0
    """Seconds a table nobody is connected to stays in memory after its last use (its
    creation, a lookup, its last client leaving); then it is released, and restored from
    storage when it is asked for again."""
    miss_burst: int = 20
    """Wrong table codes and seat tokens a client address may try in a row (``limits``)."""
    miss_refill: float = 6.0
    """Seconds until an address that used up its misses may try once more."""
    miss_addresses: int = 20_000
    """The most client addresses whose misses are kept track of."""
    answer_posts_burst: int = 120
    answer_posts_refill: float = 0.1
    """``POST /api/practice/answers`` from one client address: at most this many at once,
    then one every ``answer_posts_refill`` seconds (a class practising behind one address
    posts a batch of 5 answers every few seconds per pupil); beyond that it is refused with
    ``limit/too_many_requests``, so that no client fills the database."""
    creations_burst: int = 60
    creations_refill: float = 6.0
    """Tables and classes one client address may create (``POST /api/tables``,
    ``/api/classes``, a class's games): this many at once, then one every
    ``creations_refill`` seconds; beyond, ``limit/too_many_tables``. A teacher of a class
    of 30 behind one school address makes a class and its games, a few requests."""
    deck_bytes: int = 1_048_576
    deck_cards: int = 1000
    """The largest deck a request may send (its JSON, compact, and its cards, or an
    Undercover deck's countries and questions together): ``deck/too_large``. The shipped
    decks are 210 cards and 222 KB at most."""
    established_games: int = 10
    established_opponents: int = 3
    """A player key's rating in a family is provisional until it has this many games
    there that counted (against a bot or an established player) against at least this
    many distinct opponents (each bot level one); only established players are on the
    board (``standing.py``, docs/ratings.md)."""
    header_timeout: float = 10.0
    """Seconds a request's line and headers may take to arrive (``guarded_http.py``)."""
    body_timeout: float = 30.0
    """Seconds a request's body may take to arrive after its headers."""
    hello_timeout: float = 10.0
    """Seconds a websocket may stay open before its ``hello`` is answered with a seat or
    a place among the spectators (``protocol/no_hello``, close code 4408)."""
    max_connections: int = 4096
    """Open connections (HTTP and websocket) the process holds at most; the next is
    answered ``server/busy`` (503) and closed."""
    connections_per_address: int = 512
    """Open connections one client address (an IPv4 address, an IPv6 /64) holds at most;
    the next is answered ``limit/too_many_connections`` (429) and closed. A class of 30
    behind one address needs about 210 (a browser opens up to 6 to one server, and a
    websocket). The proxies of ``--forwarded-allow-ips`` are not counted."""
    address: str | None = None
    """With several processes: the base URL the others reach this one at
    (``http://HOST:PORT``), where they forward the requests of tables homed here."""
    slot: int | None = None
    """With several processes behind nginx's ``hash $code;``: this process's place (from
    0) in the proxy's ``upstream`` list, of ``slots`` (``home.slot_of``)."""
    slots: int | None = None
    lease: float = 3.0
    """Seconds a process's registration and its tables' homes live in Redis unless
    renewed: how soon the tables of a process that died find another home."""
