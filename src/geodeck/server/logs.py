"""How the server logs: ``--log-format text`` (uvicorn's lines) or ``json``, one event a
line with its fields (docs/hosting.md, Logs).

A JSON event has ``time`` (UTC, ISO 8601), ``level``, ``logger`` and ``message``, and,
where the event has them, ``table`` (a table code), ``seat``, ``code`` (an error code),
``client``, ``method``, ``path`` and ``status`` (a request), ``exception`` (a traceback,
one string). Nothing that looks like a token or a player key (a run of 32 or more of
``A-Z a-z 0-9 - _``, which every token and key is) ever reaches a line: it is written
``[hidden]``, whatever logged it.
"""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime

import orjson

from geodeck.server.errors import ErrorCode

SECRET = re.compile(r"[A-Za-z0-9_-]{32,}")
TABLE = re.compile(
    r"\btables?[ /]([A-Z]{6}(?:[A-Z]{6})?)\b|/(?:ws|api/tables)/([A-Za-z]{6}(?:[A-Za-z]{6})?)\b"
)
"""A table's code in a log line: twelve letters, or six for a table made before."""
SEAT = re.compile(r"\bseat (\d+)\b")
CODE = re.compile(r"\b([a-z]+/[a-z_]+)\b")
CODES = {str(code.value) for code in ErrorCode}


def hidden(text: str) -> str:
    return SECRET.sub("[hidden]", text)


class JsonLines(logging.Formatter):
    """One JSON object a line for each event."""

    def format(self, record: logging.LogRecord) -> str:
        event: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
        }
        if (
            record.name == "uvicorn.access"
            and isinstance(record.args, tuple)
            and len(record.args) == 5
        ):
            client, method, path, _version, status = record.args
            event.update(client=str(client), method=str(method), path=hidden(str(path)))
            event["status"] = int(str(status)) if str(status).isdigit() else str(status)
            message = f"{method} {event['path']} {status}"
        else:
            message = hidden(record.getMessage())
        event["message"] = message
        for name in ("table", "seat", "code"):
            value = getattr(record, name, None)
            if value is not None:
                event[name] = value
        if "table" not in event and (found := TABLE.search(message)):
            event["table"] = found[1] or found[2].upper()
        if "seat" not in event and (found := SEAT.search(message)):
            event["seat"] = int(found[1])
        if "code" not in event and record.name != "uvicorn.access":
            found_codes = [c for c in CODE.findall(message) if c in CODES]
            if found_codes:
                event["code"] = found_codes[0]
        if record.exc_info:
            event["exception"] = hidden(self.formatException(record.exc_info))
        return orjson.dumps(event).decode()


def set_up(level: str, form: str) -> dict[str, object] | None:
    """Log at ``level`` in ``form`` (``text`` or ``json``); uvicorn's ``log_config``
    (``None``: its loggers write through the one set up here)."""
    if form == "text":
        logging.basicConfig(level=level.upper(), format="%(levelname)s %(name)s: %(message)s")
        from uvicorn.config import LOGGING_CONFIG

        return LOGGING_CONFIG
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    return None
