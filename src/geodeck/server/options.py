"""What makes a field of ``Settings`` an option of ``geodeck serve``: its help and its checks.

Each option is written once, as a field of ``Settings`` made with ``option``: its name,
type and default are the field's, and ``geodeck serve`` makes of it a command-line option
(``--miss-burst``), a key of the configuration file (``miss_burst``) and an environment
variable (``GEODECK_MISS_BURST``) (``cli/serve_config.py``). A check says what is wrong
with a value in the words that follow the option's name, or ``None``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Check = Callable[[Any], "str | None"]

OPTION = "geodeck.option"
"""The key of an option's ``OptionInfo`` among its field's metadata."""


@dataclass(frozen=True, slots=True)
class OptionInfo:
    help: str
    checks: tuple[Check, ...] = ()
    metavar: str | None = None
    show_default: bool = True


def option(
    default: object,
    help: str,
    *checks: Check,
    metavar: str | None = None,
    show_default: bool = True,
) -> Any:
    """A field of ``Settings`` that is an option of ``geodeck serve``."""
    return field(
        default=default, metadata={OPTION: OptionInfo(help, checks, metavar, show_default)}
    )


def seconds(value: float) -> str | None:
    if not math.isfinite(value) or value < 0:
        return f"is a number of seconds, 0 or more, not {value}"
    return None


def positive(value: float) -> str | None:
    if not math.isfinite(value) or value <= 0:
        return f"must be more than 0, not {value:g}"
    return None


def bytes_(value: int) -> str | None:
    return f"is a number of bytes, 0 or more, not {value}" if value < 0 else None


def zero_or_more(value: float) -> str | None:
    return f"must be 0 or more, not {value}" if value < 0 else None


def at_most(limit: float, unit: str = "") -> Check:
    def check(value: float) -> str | None:
        if value > limit:
            return f"must be at most {limit:g}{unit}, not {value:g}"
        return None

    return check


def between(low: int, high: int) -> Check:
    def check(value: int) -> str | None:
        return f"must be from {low} to {high}, not {value}" if not low <= value <= high else None

    return check


def host_port(value: str) -> str | None:
    host, sep, port = value.rpartition(":")
    if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        return f"must be HOST:PORT (127.0.0.1:9100), not {value!r}"
    return None


def one_of(choices: Sequence[str]) -> Check:
    def check(value: str) -> str | None:
        if value not in choices:
            return f"must be one of {', '.join(choices)}, not {value!r}"
        return None

    return check
