"""The evaluator of the question rules (the rule format is in ``tools.countries.questions``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

ANSWERS = ("yes", "no", "probably", "probably_not", "not_sure")


class RuleError(ValueError):
    """A rule names a missing field or an unknown operator."""


def value_at(card: Mapping[str, Any], path: str) -> Any:
    here: Any = card
    for key in path.split("."):
        if not isinstance(here, Mapping) or key not in here:
            raise RuleError(f"no field {path!r} on country {card.get('code')!r}")
        here = here[key]
    return here


OPERATORS: dict[str, Callable[[Any, Any], bool]] = {
    "gt": lambda value, x: value > x,
    "lt": lambda value, x: value < x,
    "le": lambda value, x: value <= x,
    "eq": lambda value, x: value == x,
    "in": lambda value, x: value in x,
    "contains": lambda value, x: x in value,
    "intersects": lambda value, x: bool(set(value) & set(x)),
    "has_text": lambda value, x: str(x).lower() in str(value).lower(),
    "count_gt": lambda value, x: len(value) > x,
    "count_eq": lambda value, x: len(value) == x,
}


def holds(condition: Mapping[str, Any], card: Mapping[str, Any]) -> bool:
    ops = [op for op in condition if op in OPERATORS]
    if len(ops) != 1:
        raise RuleError(f"a condition needs exactly one operator: {dict(condition)}")
    return OPERATORS[ops[0]](value_at(card, condition["field"]), condition[ops[0]])


def answer(rule: Mapping[str, Any], card: Mapping[str, Any]) -> str:
    """The answer a rule gives for one country card."""
    if "copy" in rule:
        result = value_at(card, rule["copy"])
    else:
        result = next(
            (c["answer"] for c in rule["tiers"] if holds(c, card)),
            rule["else"],
        )
    if result not in ANSWERS:
        raise RuleError(f"answer {result!r} for {card.get('code')!r} is not one of {ANSWERS}")
    return str(result)


def fields_of(rule: Mapping[str, Any]) -> list[str]:
    """The card fields a rule reads."""
    if "copy" in rule:
        return [rule["copy"]]
    return sorted({c["field"] for c in rule["tiers"]})
