"""Validating ``geodeck/1`` records against the JSON Schema shipped with the package.

Two validators read the same schema. A quick one says whether a record is valid:
``fastjsonschema``'s validator, compiled once to Python (pure Python, so the browser's
Pyodide, which replays record files in the page, runs it too: docs/browser.md). Only for
a record the quick one refuses does ``jsonschema`` walk the record again to name the most
telling place where it breaks; where the two ever disagree, ``jsonschema``'s verdict
stands. ``jsonschema`` is imported only then.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

import fastjsonschema

from geodeck.core.errors import RecordError

if TYPE_CHECKING:
    import jsonschema


@cache
def schema() -> dict[str, Any]:
    """The ``geodeck/1`` JSON Schema (``geodeck/schema/geodeck-1.schema.json``)."""
    text = files("geodeck.schema").joinpath("geodeck-1.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _quick() -> Callable[[object], bool]:
    """Whether a record is valid, by ``fastjsonschema``'s validator compiled to Python."""
    check = fastjsonschema.compile(schema())

    def valid(record: object) -> bool:
        try:
            check(record)
        except fastjsonschema.JsonSchemaException:
            return False
        return True

    return valid


@cache
def _validator() -> jsonschema.Draft202012Validator:
    import jsonschema

    return jsonschema.Draft202012Validator(schema())


def validate(record: object) -> None:
    """Raise ``RecordError`` naming the first place where ``record`` breaks the schema."""
    if not isinstance(record, dict):
        raise RecordError(f"a record must be a JSON object, got {type(record).__name__}")
    if record.get("format") != "geodeck/1":
        raise RecordError(f"format must be 'geodeck/1', got {record.get('format')!r}")
    if _quick()(record):
        return
    from jsonschema.exceptions import best_match

    error = best_match(_validator().iter_errors(record))
    if error is None:
        return
    path = list(error.absolute_path)
    index = path[1] if len(path) > 1 and path[0] == "actions" else None
    where = "/".join(str(p) for p in path) or "record"
    message = f"{where}: {error.message}"
    if index is not None:
        raise RecordError(f"malformed action: {message}", index=int(index))
    raise RecordError(message)
