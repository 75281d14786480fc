"""The error codes of docs/protocol.md ("Error codes"), in one place.

Every refusal the server sends, over HTTP or the websocket, carries one of these codes;
no other module of the server spells one out. The engine's codes that reach the wire are
members too, taken from the engine's error classes (``geodeck.core.errors``, the deck
files' ``DeckError``) rather than written again. ``tests/server/test_codes_documented.py``
checks that the protocol document lists exactly them.
"""

from __future__ import annotations

from enum import StrEnum

from geodeck.core.errors import (
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    SetupError,
    WrongKind,
)
from geodeck.decks.files import DeckError


class ErrorCode(StrEnum):
    PROTOCOL_MALFORMED = "protocol/malformed"
    PROTOCOL_TOO_LARGE = "protocol/too_large"
    PROTOCOL_TOO_MANY = "protocol/too_many"
    PROTOCOL_UNKNOWN_TYPE = "protocol/unknown_type"
    PROTOCOL_HELLO_FIRST = "protocol/hello_first"
    PROTOCOL_HELLO_TWICE = "protocol/hello_twice"
    PROTOCOL_NO_HELLO = "protocol/no_hello"
    AUTH_BAD_TOKEN = "auth/bad_token"
    TABLE_NOT_FOUND = "table/not_found"
    ACT_SPECTATOR = "act/spectator"
    ACT_WRONG_SEAT = "act/wrong_seat"
    ACT_STALE = "act/stale"
    ACT_NOT_PLAYING = "act/not_playing"
    ACT_PAUSED = "act/paused"
    CONTINUE_NOT_PAUSED = "continue/not_paused"
    CONTINUE_STALE = "continue/stale"
    ACTION_MALFORMED = MalformedAction.code
    ACTION_NOT_YOUR_TURN = NotYourTurn.code
    ACTION_WRONG_KIND = WrongKind.code
    ACTION_ILLEGAL = IllegalAction.code
    ACTION_GAME_OVER = GameOver.code
    SERVER_STORAGE = "server/storage"
    SERVER_INTERNAL = "server/internal"
    SERVER_BUSY = "server/busy"
    SERVER_NOT_READY = "server/not_ready"
    REQUEST_MALFORMED = "request/malformed"
    REQUEST_TOO_LARGE = "request/too_large"
    SETUP_INVALID = SetupError.code
    DECK_INVALID = DeckError.code
    DECK_TOO_LARGE = "deck/too_large"
    TABLE_FULL = "table/full"
    TABLE_SEAT_TAKEN = "table/seat_taken"
    TABLE_BAD_SEAT = "table/bad_seat"
    TABLE_BAD_NAME = "table/bad_name"
    TABLE_STARTED = "table/started"
    TABLE_TOO_MANY_SPECTATORS = "table/too_many_spectators"
    RECORD_NOT_FINISHED = "record/not_finished"
    REPLAY_NOT_FINISHED = "replay/not_finished"
    STATS_NOT_FINISHED = "stats/not_finished"
    LIMIT_TOO_MANY_MISSES = "limit/too_many_misses"
    LIMIT_TOO_MANY_REQUESTS = "limit/too_many_requests"
    LIMIT_TOO_MANY_CONNECTIONS = "limit/too_many_connections"
    LIMIT_TOO_MANY_TABLES = "limit/too_many_tables"
    LIMIT_TOO_MANY_RESULTS = "limit/too_many_results"
    LIMIT_TOO_MANY_ANSWERS = "limit/too_many_answers"
    # players, ratings and the daily challenge (players.py, ratings_api.py, daily.py)
    PLAYER_BAD_KEY = "player/bad_key"
    PLAYER_BAD_NICKNAME = "player/bad_nickname"
    PLAYER_NICKNAME_TAKEN = "player/nickname_taken"
    RATINGS_UNKNOWN = "ratings/unknown"
    DAILY_UNKNOWN_GAME = "daily/unknown_game"
    DAILY_BAD_DATE = "daily/bad_date"
    DAILY_NOT_OUT = "daily/not_out"
    DAILY_BAD_MOVES = "daily/bad_moves"
    DAILY_ALREADY_PLAYED = "daily/already_played"
    DAILY_CLOSED = "daily/closed"
    # rematches and seat links (rematch.py, recovery.py)
    REMATCH_NOT_FINISHED = "rematch/not_finished"
    SEAT_MOVED = "seat/moved"
    CLASS_NOT_FOUND = "class/not_found"
    CLASS_BAD_TOKEN = "class/bad_token"
    CLASS_NOT_TEACHER = "class/not_teacher"
    CLASS_BAD_NAME = "class/bad_name"
    CLASS_NAME_TAKEN = "class/name_taken"
    CLASS_FULL = "class/full"
    CLASS_NO_PUPILS = "class/no_pupils"
    CLASS_TOO_MANY_ANSWERS = "class/too_many_answers"
    PRACTICE_UNKNOWN_GAME = "practice/unknown_game"
    PRACTICE_UNKNOWN_CARD = "practice/unknown_card"
    PRACTICE_TOO_MANY_ANSWERS = "practice/too_many_answers"
    # chat (chat.py)
    CHAT_NOT_ALLOWED = "chat/not_allowed"
    CHAT_EMPTY = "chat/empty"
    CHAT_TOO_LONG = "chat/too_long"
    CHAT_BAD_TEXT = "chat/bad_text"
    CHAT_BAD_EMOTE = "chat/bad_emote"
    CHAT_TOO_FAST = "chat/too_fast"


HTTP_STATUS = {
    ErrorCode.TABLE_NOT_FOUND: 404,
    ErrorCode.TABLE_FULL: 409,
    ErrorCode.TABLE_SEAT_TAKEN: 409,
    ErrorCode.TABLE_STARTED: 409,
    ErrorCode.RECORD_NOT_FINISHED: 409,
    ErrorCode.REPLAY_NOT_FINISHED: 409,
    ErrorCode.STATS_NOT_FINISHED: 409,
    ErrorCode.PRACTICE_UNKNOWN_GAME: 404,
    ErrorCode.REQUEST_TOO_LARGE: 413,
    ErrorCode.LIMIT_TOO_MANY_MISSES: 429,
    ErrorCode.LIMIT_TOO_MANY_REQUESTS: 429,
    ErrorCode.LIMIT_TOO_MANY_CONNECTIONS: 429,
    ErrorCode.LIMIT_TOO_MANY_TABLES: 429,
    ErrorCode.LIMIT_TOO_MANY_RESULTS: 429,
    ErrorCode.LIMIT_TOO_MANY_ANSWERS: 429,
    ErrorCode.DECK_TOO_LARGE: 413,
    ErrorCode.SERVER_STORAGE: 503,
    ErrorCode.SERVER_BUSY: 503,
    ErrorCode.SERVER_NOT_READY: 503,
    ErrorCode.RATINGS_UNKNOWN: 404,
    ErrorCode.PLAYER_NICKNAME_TAKEN: 409,
    ErrorCode.DAILY_UNKNOWN_GAME: 404,
    ErrorCode.DAILY_NOT_OUT: 404,
    ErrorCode.DAILY_ALREADY_PLAYED: 409,
    ErrorCode.DAILY_CLOSED: 409,
    # rematches and seat links
    ErrorCode.AUTH_BAD_TOKEN: 403,
    ErrorCode.REMATCH_NOT_FINISHED: 409,
    ErrorCode.CLASS_NOT_FOUND: 404,
    ErrorCode.CLASS_BAD_TOKEN: 403,
    ErrorCode.CLASS_NOT_TEACHER: 403,
    ErrorCode.CLASS_NAME_TAKEN: 409,
    ErrorCode.CLASS_FULL: 409,
    ErrorCode.CLASS_NO_PUPILS: 409,
    ErrorCode.CLASS_TOO_MANY_ANSWERS: 409,
}
"""The HTTP status of a refusal; any code not listed is 400."""

ACTION_REFUSALS = frozenset(
    {
        ErrorCode.ACTION_NOT_YOUR_TURN,
        ErrorCode.ACTION_WRONG_KIND,
        ErrorCode.ACTION_ILLEGAL,
        ErrorCode.ACTION_GAME_OVER,
    }
)
"""The codes of the engine's ``ActionError``s (``geodeck.core.errors``)."""

SETUP_REFUSALS = frozenset({ErrorCode.SETUP_INVALID, ErrorCode.DECK_INVALID})
"""The codes of the engine's errors in dealing a table that are passed on as they are."""


def engine_code(code: str, allowed: frozenset[ErrorCode], default: ErrorCode) -> ErrorCode:
    """The code for an engine error's ``code``: itself if it is ``allowed``, else ``default``
    (so that a refusal never carries a code this module does not list)."""
    for member in allowed:
        if member == code:
            return member
    return default


LIMIT_CODES = frozenset(
    {
        ErrorCode.SERVER_BUSY,
        ErrorCode.PROTOCOL_TOO_MANY,
        ErrorCode.PROTOCOL_NO_HELLO,
        ErrorCode.REQUEST_TOO_LARGE,
        ErrorCode.DECK_TOO_LARGE,
        ErrorCode.TABLE_TOO_MANY_SPECTATORS,
        ErrorCode.CHAT_TOO_FAST,
        ErrorCode.CLASS_FULL,
        ErrorCode.CLASS_TOO_MANY_ANSWERS,
    }
)
"""The refusals that are limits of docs/protocol.md, beside every ``limit/...``."""
