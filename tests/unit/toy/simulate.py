"""The toy family's simulate front: nothing of its own to count."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from geodeck.simulate.runner import Result, Spec


def describe(game: Any, result: Result) -> None:
    pass


def summarise(spec: Spec, results: Sequence[Result]) -> dict[str, Any]:
    return {"stones": 7}


def plot(axes: Any, summary: dict[str, Any], bars: Any) -> None:
    pass
