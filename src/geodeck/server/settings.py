"""How the server runs: ``geodeck serve`` fills ``Settings`` from its options."""

from __future__ import annotations

import time
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
    answers_burst: int = 600
    answers_refill: float = 0.05
    """Practice answers (``POST /api/practice/answers``) from one client address: this
    many at once, then one every ``answers_refill`` seconds (20 a second); a post costs
    its answers, at least one, whether they are stored or refused. Beyond,
    ``limit/too_many_requests``. A class of 30 practising behind one address answers a
    card every few seconds per pupil, 10 a second at most."""
    key_answers_burst: int = 200
    key_answers_refill: float = 1.0
    """Practice answers of one player key (from any address): this many at once, then one
    a second, about as fast as a person places cards; beyond, ``limit/too_many_answers``."""
    card_answers_per_key: int = 1
    card_answers_per_address: int = 10
    """Practice answers about one card that are stored for its difficulty: of one player
    key, ever (its first answer), and of one client address, per UTC day; the others are
    accepted and dropped (``storage/practice.py``). With ``ratings.cards.PRACTICE_SHIFT``
    they bound how far one key, or one address in a day, moves a card."""
    creations_burst: int = 60
    creations_refill: float = 6.0
    """Tables and classes one client address may create (``POST /api/tables``,
    ``/api/classes``, a class's games): this many at once, then one every
    ``creations_refill`` seconds; beyond, ``limit/too_many_tables``. A teacher of a class
    of 30 behind one school address makes a class and its games, a few requests."""
    daily_grace: float = 3600.0
    """Seconds after a day has ended everywhere on Earth (24:00 at UTC-12) that its daily
    results are still taken (``daily.results_window``); then ``daily/closed``."""
    daily_results_burst: int = 60
    daily_results_refill: float = 600.0
    """Daily results one client address may send for one game's day: this many at once,
    then one every ``daily_results_refill`` seconds; beyond, ``limit/too_many_results``. A
    class of 30 behind one school address sends 30, one each."""
    now: Callable[[], float] = time.time
    """The server's clock, seconds since the epoch: which days' daily results are taken. A
    test may set a moment of its own."""
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
    max_tables: int = 2000
    """Tables one process holds in memory at the most. When it holds that many, tables
    nobody uses are released before their linger is over (the longest unused first; they
    are restored when asked for); only when all are in use is a new or restored table
    refused with ``server/busy``."""
    send_buffer: int = 131_072
    """Bytes of a websocket's socket send buffer (the kernel doubles it); 0 leaves it to
    the kernel, which lets it grow to 4 MiB for a client that stops reading."""
    queue_limit: int = 256
    """Messages waiting to be written to a player's connection at the most; a connection
    that falls further behind is closed (4408) and may reconnect."""
    spectator_queue: int = 64
    """The same for a spectator's connection. A spectator behind with its states and the
    seats message is sent only their newest, so only lines of chat fill its queue."""
    spectators_per_table: int = 200
    """Spectators one table takes at once; the next is refused with
    ``table/too_many_spectators`` until one leaves."""
    spectator_chat: int = 10
    """Lines of chat all the spectators of a table write together in 10 seconds, where
    the chat is open to them; beyond, ``chat/too_fast``. Each seat keeps its own 5."""
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
