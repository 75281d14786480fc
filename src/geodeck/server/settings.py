"""How the server runs: ``geodeck serve`` fills ``Settings`` from its options.

Each field made with ``option`` is an option of ``geodeck serve`` (``--grace``), a key of
its configuration file (``grace``) and an environment variable (``GEODECK_GRACE``), with
the field's type and default and the help and checks given here (``options.py``); the
other fields are set by the server or by tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from geodeck.bots import LEVELS
from geodeck.server import dealing
from geodeck.server.options import (
    at_most,
    between,
    bytes_,
    host_port,
    one_of,
    option,
    positive,
    seconds,
    zero_or_more,
)
from geodeck.server.protocol import FINISHED

PAUSE_LIMIT = 120
"""The longest pause after a moment, in seconds, also for a table created with its own
(``protocol.CreateTable.pause``)."""

LOG_LEVELS = ("debug", "info", "warning", "error")
LOG_FORMATS = ("text", "json")
SAME = "Seconds until an address that sent them may send one more."


def _log_level(value: str) -> str | None:
    return one_of(LOG_LEVELS)(value.lower())


@dataclass
class Settings:
    """How the server runs; ``geodeck serve`` fills it from its options."""

    host: str = option("127.0.0.1", "Address to listen on.")
    port: int = option(8000, "Port to listen on (1 to 65535).", between(1, 65535))
    database_url: str | None = option(
        None,
        "sqlite:///FILE or postgresql://USER@HOST/DB; default: SQLite in the user's data "
        "directory.",
    )
    schema: str | None = option(
        None, "PostgreSQL schema to keep geodeck's tables in (default: public)."
    )
    deck: tuple[str, ...] = option(
        (),
        "Deck file for tables created without one: FILE for every game, or GAME=FILE for "
        "one game. May be repeated. Default: the deck geodeck ships.",
        metavar="[GAME=]FILE",
    )
    """The deck files as given; ``decks`` holds what they hold."""
    redis_url: str | None = option(
        None, "redis://HOST:PORT to share tables between several server processes."
    )
    decks: dict[str, Any] = field(default_factory=dict)
    """Decks by game; the key ``*`` is the deck for every game without its own."""
    grace: float = option(
        30.0, "Seconds before a bot stands in for a disconnected player.", seconds
    )
    bot_delay: float = option(0.5, "Seconds a bot waits before it moves.", seconds)
    pause: float = option(
        20.0,
        "Seconds a table waits at most after a verdict, a scoring or a round's result "
        "until its players continue, for tables created without a pause (0: none).",
        seconds,
        at_most(PAUSE_LIMIT, " seconds"),
    )
    """Seconds a table waits at most after a moment (a verdict, a scoring, a round's
    result) for its people to continue, for tables created without a ``pause``."""
    rematch_wait: float = option(
        120.0,
        "Seconds a rematch's table waits for its players to come before it starts "
        "without them (0: it starts at once).",
        seconds,
    )
    """Seconds a rematch's table waits, with nobody moving, until each of its players has
    come to it (``gathering.py``); then it starts, and whoever has not come is absent."""
    standin_level: str = option(
        "casual",
        f"Level of the bot that stands in for a disconnected player: {', '.join(LEVELS)}.",
        one_of(LEVELS),
    )
    min_clock: float = 5.0
    """The shortest per-move clock a table may ask for, in seconds."""
    new_secret: Callable[[], bytes] = dealing.new_secret
    """Where each new table's secret comes from (``dealing.py``): ``secrets``. A test may
    give the same secret to two tables to compare them."""
    linger: float = option(
        60.0,
        "Seconds a table nobody is connected to stays in memory after its last use; then "
        "it waits in storage until it is asked for.",
        seconds,
    )
    """Seconds a table nobody is connected to stays in memory after its last use (its
    creation, a lookup, its last client leaving); then it is released, and restored from
    storage when it is asked for again."""
    finished_linger: float = option(
        10.0,
        "Seconds a finished table nobody is connected to stays in memory after its last "
        "use, where that is less than --linger.",
        seconds,
    )
    """A finished table changes no more and is restored from storage in milliseconds, so it
    is held for less than ``linger``: a busy server would otherwise keep its last minute's
    finished tables (some 700 at saturation on two cores), whose objects every full pass
    of the garbage collector goes through while the server waits."""
    retention_days: float = option(
        0.0,
        "Days a finished table is kept after its last change, with its record and the names "
        "in it; then the server deletes it (0: kept for ever).",
        zero_or_more,
    )
    """Finished tables last changed more than this many days ago are deleted, with their
    records and names, once an hour (``purge.py``); 0 keeps them. ``geodeck admin purge``
    deletes them at once."""
    forwarded_allow_ips: str | None = option(
        None,
        "Addresses (or networks) of the reverse proxies whose X-Forwarded-For header gives "
        "the client's address, comma-separated, or *. Default: none, so every client is "
        "counted under the address it connects from; behind nginx on this machine, give "
        "127.0.0.1,::1.",
        show_default=False,
    )
    miss_burst: int = option(
        20, "Wrong table codes and seat tokens one client address may send at once.", positive
    )
    """Wrong table codes and seat tokens a client address may try in a row (``limits``)."""
    miss_refill: float = option(
        6.0, "Seconds until an address out of misses may send one more.", positive
    )
    """Seconds until an address that used up its misses may try once more."""
    miss_addresses: int = 20_000
    """The most client addresses whose misses are kept track of."""
    creations_burst: int = option(
        60, "Tables and classes one client address may create at once.", positive
    )
    creations_refill: float = option(
        6.0, "Seconds until an address that used them up may create one more.", positive
    )
    """Tables and classes one client address may create (``POST /api/tables``,
    ``/api/classes``, a class's games): this many at once, then one every
    ``creations_refill`` seconds; beyond, ``limit/too_many_tables``. A teacher of a class
    of 30 behind one school address makes a class and its games, a few requests."""
    answers_burst: int = option(
        600, "Practice answers one client address may send at once.", positive
    )
    answers_refill: float = option(0.05, SAME, positive)
    """Practice answers (``POST /api/practice/answers``) from one client address: this
    many at once, then one every ``answers_refill`` seconds (20 a second); a post costs
    its answers, at least one, whether they are stored or refused. Beyond,
    ``limit/too_many_requests``. A class of 30 practising behind one address answers a
    card every few seconds per pupil, 10 a second at most."""
    key_answers_burst: int = option(
        200, "Practice answers one player key may send at once.", positive
    )
    key_answers_refill: float = option(
        1.0, "Seconds until a key that sent them may send one more.", positive
    )
    """Practice answers of one player key (from any address): this many at once, then one
    a second, about as fast as a person places cards; beyond, ``limit/too_many_answers``."""
    card_answers_per_key: int = option(
        1, "Practice answers about one card stored for one player key, ever.", positive
    )
    card_answers_per_address: int = option(
        10, "Practice answers about one card stored for one address a day.", positive
    )
    """Practice answers about one card that are stored for its difficulty: of one player
    key, ever (its first answer), and of one client address, per UTC day; the others are
    accepted and dropped (``storage/practice.py``). With ``ratings.cards.PRACTICE_SHIFT``
    they bound how far one key, or one address in a day, moves a card."""
    deck_bytes: int = option(
        1_048_576, "The largest deck a request may send, in bytes of JSON.", positive
    )
    deck_cards: int = option(
        1000, "The most cards (or countries and questions) a sent deck holds.", positive
    )
    """The largest deck a request may send (its JSON, compact, and its cards, or an
    Undercover deck's countries and questions together): ``deck/too_large``. The shipped
    decks are 210 cards and 222 KB at most."""
    daily_grace: float = option(
        3600.0,
        "Seconds after a day has ended everywhere (24:00 at UTC-12) that its daily results "
        "are still taken.",
        seconds,
    )
    """Seconds after a day has ended everywhere on Earth (24:00 at UTC-12) that its daily
    results are still taken (``daily.results_window``); then ``daily/closed``."""
    daily_results_burst: int = option(
        60, "Daily results one client address may send at once, per game and day.", positive
    )
    daily_results_refill: float = option(600.0, SAME, positive)
    """Daily results one client address may send for one game's day: this many at once,
    then one every ``daily_results_refill`` seconds; beyond, ``limit/too_many_results``. A
    class of 30 behind one school address sends 30, one each."""
    now: Callable[[], float] = time.time
    """The server's clock, seconds since the epoch: which days' daily results are taken. A
    test may set a moment of its own."""
    established_games: int = option(
        10,
        "Games against bots or established players a player key needs in a rating family "
        "before its rating is established and it is on the board.",
        zero_or_more,
    )
    established_opponents: int = option(
        3,
        "Distinct opponents (each bot level one) among those games; 0 and 0: every key is "
        "established.",
        zero_or_more,
    )
    """A player key's rating in a family is provisional until it has this many games
    there that counted (against a bot or an established player) against at least this
    many distinct opponents (each bot level one); only established players are on the
    board (``standing.py``, docs/ratings.md)."""
    header_timeout: float = option(
        10.0, "Seconds a request's line and headers may take to arrive.", positive
    )
    """Seconds a request's line and headers may take to arrive (``guarded_http.py``)."""
    body_timeout: float = option(
        30.0, "Seconds a request's body may take to arrive after its headers.", positive
    )
    """Seconds a request's body may take to arrive after its headers."""
    hello_timeout: float = option(
        10.0, "Seconds a websocket may stay open before it has a seat or watches.", positive
    )
    """Seconds a websocket may stay open before its ``hello`` is answered with a seat or
    a place among the spectators (``protocol/no_hello``, close code 4408)."""
    max_connections: int = option(
        4096, "Open connections the process holds at most (HTTP and websocket).", positive
    )
    """Open connections (HTTP and websocket) the process holds at most; the next is
    answered ``server/busy`` (503) and closed."""
    connections_per_address: int = option(
        512,
        "Open connections one client address may hold (the proxies of --forwarded-allow-ips "
        "are not counted).",
        positive,
    )
    """Open connections one client address (an IPv4 address, an IPv6 /64) holds at most;
    the next is answered ``limit/too_many_connections`` (429) and closed. A class of 30
    behind one address needs about 210 (a browser opens up to 6 to one server, and a
    websocket). The proxies of ``--forwarded-allow-ips`` are not counted."""
    max_tables: int = option(2000, "Tables the process holds in memory at the most.", positive)
    """Tables one process holds in memory at the most. When it holds that many, tables
    nobody uses are released before their linger is over (the longest unused first; they
    are restored when asked for); only when all are in use is a new or restored table
    refused with ``server/busy``."""
    send_buffer: int = option(
        131_072, "Bytes of a websocket's send buffer in the kernel (0: the kernel's own).", bytes_
    )
    """Bytes of a websocket's socket send buffer (the kernel doubles it); 0 leaves it to
    the kernel, which lets it grow to 4 MiB for a client that stops reading."""
    queue_limit: int = option(
        256, "Messages waiting for a player's connection before it is let go.", positive
    )
    """Messages waiting to be written to a player's connection at the most; a connection
    that falls further behind is closed (4408) and may reconnect."""
    spectator_queue: int = option(
        64, "Messages waiting for a spectator's connection before it is let go.", positive
    )
    """The same for a spectator's connection. A spectator behind with its states and the
    seats message is sent only their newest, so only lines of chat fill its queue."""
    spectators_per_table: int = option(200, "Spectators one table takes at once.", positive)
    """Spectators one table takes at once; the next is refused with
    ``table/too_many_spectators`` until one leaves."""
    spectator_chat: int = option(
        10, "Lines of chat a table's spectators write together in 10 seconds.", positive
    )
    """Lines of chat all the spectators of a table write together in 10 seconds, where
    the chat is open to them; beyond, ``chat/too_fast``. Each seat keeps its own 5."""
    compress: bool | None = option(
        None,
        "Offer permessage-deflate on websockets (less traffic, more CPU). Default: off on a "
        "loopback address, on otherwise.",
        show_default=False,
    )
    log_format: str = option(
        "text",
        "How each log line is written: text, or json (one event a line, for a log collector).",
        one_of(LOG_FORMATS),
    )
    metrics: bool = option(
        False,
        "Serve Prometheus metrics at /metrics, to clients on this machine only (never "
        "through a proxy); see --metrics-address.",
    )
    metrics_address: str | None = option(
        None,
        "HOST:PORT to serve the metrics at instead, apart from the game (switches them on; "
        "with --workers N, ports PORT to PORT+N-1).",
        host_port,
        show_default=False,
    )
    """Where Prometheus scrapes this process (``metrics.py``; docs/hosting.md, Metrics)."""
    log_level: str = option(
        "info", f"How much the server logs: {', '.join(LOG_LEVELS)}.", _log_level
    )
    workers: int = option(
        1,
        "Server processes to start, on ports PORT to PORT+N-1, sharing the database and "
        "Redis (--redis-url); each table is played in one of them.",
        between(1, 64),
    )
    address: str | None = option(
        None,
        "With --redis-url: the URL other server processes reach this one at (default "
        "http://HOST:PORT).",
        show_default=False,
    )
    """With several processes: the base URL the others reach this one at
    (``http://HOST:PORT``), where they forward the requests of tables homed here."""
    slot: int | None = option(
        None, "With --redis-url: this process's place (from 0) in the proxy's list."
    )
    """With several processes behind nginx's ``hash $code;``: this process's place (from
    0) in the proxy's ``upstream`` list, of ``slots`` (``home.slot_of``)."""
    slots: int | None = option(None, "With --redis-url: how many processes the proxy lists.")
    lease: float = 3.0
    """Seconds a process's registration and its tables' homes live in Redis unless
    renewed: how soon the tables of a process that died find another home."""

    def linger_for(self, status: str) -> float:
        """Seconds a table of ``status`` nobody uses stays in memory (``linger``, or
        ``finished_linger`` for a finished table where that is less)."""
        return min(self.linger, self.finished_linger) if status == FINISHED else self.linger

    def base_url(self) -> str:
        """``address``, or ``http://HOST:PORT`` of this process."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return self.address or f"http://{host}:{self.port}"
