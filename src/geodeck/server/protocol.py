"""The wire models of docs/protocol.md: websocket messages, and the tables' HTTP answers
(the other HTTP bodies are in ``bodies.py``).

Client messages are parsed strictly (no coercion, no unknown fields); a message that does
not fit raises ``Refusal`` with a stable code. Every field a client can receive is listed
in the server message models here; ``state`` messages, the hot path, are encoded by
``state_frame`` and ``state_text`` with exactly the fields of
``StateMessage``.
"""

from __future__ import annotations

from typing import Annotated, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from geodeck.server import observe
from geodeck.server.errors import ErrorCode

MAX_MESSAGE = 4096
"""The largest client websocket message, in bytes."""

MAX_BODY = 2 * 1024 * 1024
"""The largest HTTP request body, in bytes."""

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects in an HTTP request body."""

NAME_LENGTH = 40
CLOCK_LIMIT = 3600

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"
"""A table's status: seats still free, in play, over."""


class Refusal(Exception):
    """A refused request or message: nothing changed. ``code`` is stable."""

    def __init__(self, code: ErrorCode, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# -- client → server ------------------------------------------------------------------------


class Hello(Strict):
    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=128)] | None = None
    spectator: bool = False
    delta: bool = False
    """After the first full state, send only what changed (docs/protocol.md, Delta states)."""
    move: bool = False
    """The seat moves to this connection: its other connections are told and closed
    (docs/protocol.md, Seat links; ``recovery.py``)."""


class Act(Strict):
    type: Literal["act"]
    version: Annotated[int, Field(ge=0)]
    action: dict[str, object]


class Ping(Strict):
    type: Literal["ping"]
    id: int | Annotated[str, Field(max_length=64)] | None = None


class Continue(Strict):
    """The seat has seen the moment the table waits after (docs/protocol.md, Moments)."""

    type: Literal["continue"]
    version: Annotated[int, Field(ge=0)]
    """The version of the state that showed the moment (``pause.version``)."""


# -- chat (chat.py) --


class Chat(Strict):
    """A line of the table's chat: a ``text`` or one ``emote`` of ``chat.EMOTES``."""

    type: Literal["chat"]
    text: Annotated[str, Field(max_length=1000)] | None = None
    emote: Annotated[str, Field(max_length=32)] | None = None


ChatMode = Literal["players", "everyone", "off"]
"""Who may write in a table's chat: its players, also spectators, nobody."""

LANGUAGES = ("en", "de", "it")
Language = Literal["en", "de", "it"]

# -- end of chat --

ClientMessage = Hello | Act | Ping | Continue | Chat

_CLIENT_TYPES: dict[str, type[Hello] | type[Act] | type[Ping] | type[Continue] | type[Chat]] = {
    "hello": Hello,
    "act": Act,
    "ping": Ping,
    "continue": Continue,
    "chat": Chat,
}


def parse_client(text: str | bytes) -> ClientMessage:
    """One client message, or ``Refusal`` saying why not. orjson refuses what is not
    UTF-8 JSON, lone surrogates (``"\\ud800"``) and ``NaN`` included."""
    if isinstance(text, bytes):
        raise Refusal(ErrorCode.PROTOCOL_MALFORMED, "messages are JSON text, not binary frames")
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise Refusal(ErrorCode.PROTOCOL_TOO_LARGE, f"a message may be at most {MAX_MESSAGE} bytes")
    try:
        raw = orjson.loads(text)
    except ValueError as err:
        raise Refusal(ErrorCode.PROTOCOL_MALFORMED, f"a message must be JSON: {err}") from None
    if not isinstance(raw, dict):
        raise Refusal(ErrorCode.PROTOCOL_MALFORMED, "a message must be a JSON object")
    kind = raw.get("type")
    model = _CLIENT_TYPES.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise Refusal(
            ErrorCode.PROTOCOL_UNKNOWN_TYPE,
            f"unknown message type {kind!r} (hello, act, ping, continue, chat)",
        )
    try:
        message = model.model_validate(raw)
    except ValidationError as err:
        raise Refusal(ErrorCode.PROTOCOL_MALFORMED, _first_problem(err)) from None
    if isinstance(message, Hello) and (message.token is None) == (not message.spectator):
        raise Refusal(
            ErrorCode.PROTOCOL_MALFORMED,
            'hello needs either a "token" or "spectator": true, not both',
        )
    return message


def _first_problem(err: ValidationError) -> str:
    problem = err.errors(include_url=False)[0]
    where = ".".join(str(p) for p in problem["loc"]) or "message"
    return f"{where}: {problem['msg']}"


# -- server → client ------------------------------------------------------------------------


class SeatInfo(BaseModel):
    seat: int
    name: str
    bot: str | None
    claimed: bool
    connected: bool
    standin: bool


class ExpectsInfo(BaseModel):
    seats: list[int]
    kind: str | None


class ClockInfo(BaseModel):
    seconds: float
    bank: float
    """Seconds of extra time each seat has for the whole game (0: no bank)."""
    deadlines: dict[str, int]
    """Per awaited human seat, when (Unix milliseconds) the server plays for it."""
    banks: dict[str, float]
    """What is left of the bank of each awaited seat and of each seat that used some."""


class PauseInfo(BaseModel):
    version: int
    """The version whose moment the table waits after."""
    until: int
    """When the pause ends at the latest (Unix milliseconds)."""
    waiting: list[int]
    """The seats still to continue."""


class GatheringInfo(BaseModel):
    seats: list[int]
    """The human seats whose player has not come to the table yet."""
    until: int
    """When the table starts without them (Unix milliseconds)."""


class DealInfo(BaseModel):
    commitment: str
    """The deal commitment (``geodeck.core.deal``), shown from the table's creation on."""
    salt: str | None
    """Its salt, once the game has ended (``null`` before)."""


class StateMessage(BaseModel):
    type: Literal["state"] = "state"
    table: str
    status: str
    version: int
    delta: bool = False
    """True when ``view`` holds only what changed since this connection's previous state."""
    merge: list[str] = Field(default_factory=list)
    """In a delta state, the view keys whose object holds only its new or changed entries."""
    by: int | None = None
    """The seat whose action led to this state; ``None`` for anything else."""
    you: int | None
    seats: list[SeatInfo]
    expects: ExpectsInfo
    legal: list[dict[str, object]]
    clock: ClockInfo | None
    pause: PauseInfo | None = None
    """Set while the table waits after a moment (docs/protocol.md, Moments)."""
    gathering: GatheringInfo | None = None
    """Set while a rematch's table waits for its players (docs/protocol.md, Rematch)."""
    spectators: int = 0
    timeouts: list[int] = Field(default_factory=list)
    """The numbers of the history events that begin a move the server played for a seat
    whose time ran out."""
    deal: DealInfo | None
    view: dict[str, object]


class EventsMessage(BaseModel):
    type: Literal["events"] = "events"
    version: int
    by: int | None
    events: list[dict[str, object]]


class SeatsMessage(BaseModel):
    type: Literal["seats"] = "seats"
    version: int
    seats: list[SeatInfo]
    spectators: int = 0


class ErrorMessage(BaseModel):
    type: Literal["error"] = "error"
    code: str
    message: str
    rule: str | None = None
    version: int | None = None


class LimitedMessage(ErrorMessage):
    """``limit/too_many_misses`` on a websocket, which is closed right after it."""

    retry_after: int
    """Seconds until this address may try a table code or seat token again."""


class PongMessage(BaseModel):
    type: Literal["pong"] = "pong"
    id: int | str | None = None


ServerMessage = (
    StateMessage | EventsMessage | SeatsMessage | ErrorMessage | LimitedMessage | PongMessage
)


_OPTIONS = orjson.OPT_NON_STR_KEYS


def encode(value: object) -> str:
    """Compact JSON of a JSON-ready value; non-string keys become strings. A ``str``, which
    takes only the memory it needs (orjson's ``bytes`` keep a larger buffer)."""
    return orjson.dumps(value, option=_OPTIONS).decode()


StateFrame = tuple[str, str, str, str]
"""What a ``state`` message of one change says alike to every recipient, encoded, in the
four pieces around the fields that differ (``delta`` and ``merge``, ``you``, ``legal``,
``view``): see ``state_frame`` and ``state_text``."""


def state_frame(
    *,
    table: str,
    status: str,
    version: int,
    by: int | None,
    seats: str,
    expects: str,
    clock: str,
    pause: str,
    gathering: str,
    spectators: int,
    timeouts: str,
    deal: str,
) -> StateFrame:
    """The fields of a ``state`` message that are the same for every recipient, encoded
    once; the strings are encoded parts, put in as they are."""
    return (
        f'{{"type":"state","table":{encode(table)},"status":{encode(status)},'
        f'"version":{encode(version)},"delta":',
        f',"by":{encode(by)},"you":',
        f',"seats":{seats},"expects":{expects},"legal":',
        f',"clock":{clock},"pause":{pause},"gathering":{gathering},'
        f'"spectators":{encode(spectators)},'
        f'"timeouts":{timeouts},"deal":{deal},"view":',
    )


def state_text(
    frame: StateFrame, *, delta: bool, merge: list[str], you: int | None, legal: str, view: str
) -> str:
    """A ``state`` message (``StateMessage``, its fields in that order): ``frame`` with one
    recipient's fields. ``legal`` and ``view`` are encoded; ``view`` holds all the view's
    keys, or in a delta those that changed, with ``history`` (the events from
    ``history_from`` on) and ``history_from``."""
    head, by, seats, tail = frame
    return "".join(
        (
            head,
            "true" if delta else "false",
            ',"merge":',
            encode(merge),
            by,
            encode(you),
            seats,
            legal,
            tail,
            view,
            "}",
        )
    )


def error_message(refusal: Refusal, version: int | None) -> str:
    observe.HOOKS.refused(refusal.code)
    return ErrorMessage(
        code=refusal.code, message=refusal.message, rule=refusal.rule, version=version
    ).model_dump_json()


# -- HTTP ---------------------------------------------------------------------------------------


class TableInfo(BaseModel):
    code: str
    link: str
    game: str
    variant: str
    status: str
    version: int
    clock: float | None
    bank: float = 0
    pause: float = 0
    seats: list[SeatInfo]
    spectators: int
    outcome: dict[str, object] | None
    deal: DealInfo | None = None
    """The deal commitment, and its salt once the game has ended."""
    ratings: list[RatingChange | None] | None = None
    """Once a finished table is rated: per seat, its displayed rating before and after
    (``null`` for a person who played without a player key)."""
    rematch: str | None = None
    """The code of the table that plays this one again, once there is one."""
    public: bool = False
    language: str = "en"
    chat: str = "players"


class RatingChange(BaseModel):
    before: int
    after: int


class Created(BaseModel):
    table: TableInfo
    tokens: dict[str, str]


class Joined(BaseModel):
    seat: int
    token: str
    table: TableInfo
