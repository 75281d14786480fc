"""The error codes: each is used, none is spelled out outside ``errors.py``, the engine's
map to listed ones (that docs/protocol.md lists them: ``test_codes_documented.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import geodeck.server
from geodeck.core import errors as engine_errors
from geodeck.core.errors import ActionError, GeodeckError
from geodeck.decks.files import DeckError
from geodeck.server.errors import (
    ACTION_REFUSALS,
    SETUP_REFUSALS,
    ErrorCode,
    engine_code,
)

SERVER = Path(geodeck.server.__file__).parent


def server_sources() -> dict[str, str]:
    return {
        str(path.relative_to(SERVER)): path.read_text("utf-8")
        for path in sorted(SERVER.rglob("*.py"))
    }


def test_every_code_is_used_and_none_is_spelled_out_elsewhere() -> None:
    """Each code is refused with somewhere (``ErrorCode.NAME``); no module but errors.py
    writes a code as a string, so a new refusal cannot bypass the list."""
    sources = server_sources()
    used = "\n".join(sources.values())
    for code in ErrorCode:
        assert f"ErrorCode.{code.name}" in used, code
    for name, text in sources.items():
        if name == "errors.py":
            continue
        for code in ErrorCode:
            assert f'"{code.value}"' not in text, (name, code)
        assert not re.search(r"Refusal\(\s*[\"']", text), name


def test_engine_codes_map_to_listed_ones() -> None:
    classes: list[type[ActionError]] = [ActionError, *ActionError.__subclasses__()]
    for cls in classes:
        assert engine_code(cls.code, ACTION_REFUSALS, ErrorCode.ACTION_ILLEGAL) == cls.code
    assert engine_code(DeckError.code, SETUP_REFUSALS, ErrorCode.SETUP_INVALID) == "deck/invalid"
    for code in (GeodeckError.code, engine_errors.RecordError.code, "deck/build"):
        assert engine_code(code, SETUP_REFUSALS, ErrorCode.SETUP_INVALID) == "setup/invalid"
        assert engine_code(code, ACTION_REFUSALS, ErrorCode.ACTION_ILLEGAL) == "action/illegal"
