"""The 73 question cards: 50 about the country, each answered by a rule over the card data,
and 23 about a seeker (X), which carry no answers. The texts are in ``questions.toml``, the
rules here, the evaluator in ``tools.countries.rules``.

A rule is data, shipped with the question, so anyone can recompute every answer from the
country cards: ``{"copy": FIELD}`` takes a curated answer stored on the card, and
``{"tiers": [CONDITION, ...], "else": ANSWER}`` gives the answer of the first condition that
holds. A condition names a ``field`` (dotted for nested fields), one operator and the
``answer``. Operators: ``gt``, ``lt``, ``le``, ``eq``, ``in`` (the value is one of a list),
``contains`` (a list field holds the value), ``intersects`` (a list field shares an item
with a list), ``has_text`` (a text field contains the words, ignoring case), ``count_gt``
and ``count_eq`` (the length of a list field).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tools.countries.build import SLAVIC
from tools.countries.paths import HERE
from tools.countries.rules import answer, fields_of

TEXTS = HERE / "questions.toml"


@dataclass(frozen=True, slots=True)
class Spec:
    """One question card: its texts and, for a question about the country, its rule."""

    id: str
    en: str
    de: str
    it: str
    rule: dict[str, Any] | None = None

    @property
    def about(self) -> str:
        return "seeker" if self.rule is None else "country"


def copy(field: str) -> dict[str, Any]:
    return {"copy": field}


def when(field: str, op: str, value: Any, answer: str = "yes") -> dict[str, Any]:
    return {"field": field, op: value, "answer": answer}


def tiers(*conditions: dict[str, Any], otherwise: str = "no") -> dict[str, Any]:
    return {"tiers": list(conditions), "else": otherwise}


def yes_if(field: str, op: str, value: Any) -> dict[str, Any]:
    return tiers(when(field, op, value))


def borders(code: str) -> dict[str, Any]:
    return yes_if("borders", "contains", code)


RULES: dict[str, dict[str, Any]] = {
    "q01": copy("winter_sports"),
    "q02": borders("DE"),
    "q03": borders("FR"),
    "q04": borders("IT"),
    "q05": borders("AT"),
    "q06": borders("RU"),
    "q07": borders("RS"),
    "q08": borders("HU"),
    "q09": yes_if("landlocked", "eq", True),
    "q10": yes_if("borders", "count_gt", 4),
    "q11": yes_if("borders", "count_eq", 1),
    "q12": yes_if("borders", "count_eq", 0),
    "q13": yes_if("population", "gt", 10_000_000),
    "q14": yes_if("population", "gt", 50_000_000),
    "q15": yes_if("population", "lt", 1_000_000),
    "q16": yes_if("area", "gt", 100_000),
    "q17": yes_if("area", "gt", 500_000),
    "q18": yes_if("area", "lt", 1_000),
    "q19": yes_if("density", "gt", 200),
    "q20": yes_if("density", "lt", 50),
    "q21": yes_if("highest_point_m", "gt", 2_000),
    "q22": yes_if("highest_point_m", "gt", 4_000),
    "q23": yes_if("highest_point_m", "lt", 1_000),
    "q24": yes_if("coastline_km", "gt", 1_000),
    "q25": copy("seas.mediterranean"),
    "q26": copy("seas.baltic"),
    "q27": copy("seas.black_sea"),
    "q28": copy("seas.north_sea"),
    "q29": tiers(
        when("capital_coast_km", "le", 3),
        when("capital_coast_km", "le", 12, "probably"),
        when("capital_coast_km", "le", 30, "probably_not"),
    ),
    "q30": yes_if("capital_lat", "gt", 50),
    "q31": yes_if("capital_lon", "gt", 20),
    "q32": copy("capital_largest"),
    "q33": yes_if("memberships.eu", "eq", True),
    "q34": yes_if("memberships.euro", "in", ["euro_area", "agreement", "unilateral"]),
    "q35": tiers(
        when("memberships.schengen", "eq", "member"),
        when("memberships.schengen", "eq", "de_facto", "probably"),
    ),
    "q36": yes_if("memberships.nato", "eq", True),
    "q37": copy("soviet_union"),
    "q38": copy("yugoslavia"),
    "q39": tiers(
        when("government_type", "has_text", "monarchy"),
        when("government_type", "has_text", "principality", "probably"),
    ),
    "q40": copy("german"),
    "q41": tiers(
        when("main_language", "in", sorted(SLAVIC)),
        when("official_languages", "intersects", sorted(SLAVIC), "probably_not"),
    ),
    "q42": yes_if("drives_on", "eq", "left"),
    "q43": yes_if("utc_offsets", "count_gt", 1),
    "q44": copy("flag_red"),
    "q45": copy("flag_cross"),
    "q46": copy("alps"),
    "q47": yes_if("danube", "eq", True),
    "q48": copy("olympics"),
    "q49": copy("arctic_circle"),
    "q50": copy("asia"),
}
"""The rule of each question about the country; the others are about a seeker."""


def specs() -> tuple[Spec, ...]:
    """Every question card in the order of ``questions.toml``, with its rule if it has one."""
    with TEXTS.open("rb") as fh:
        texts = tomllib.load(fh)
    unknown = set(RULES) - set(texts)
    if unknown:
        raise ValueError(f"rules for questions without texts: {sorted(unknown)}")
    return tuple(
        Spec(qid, str(t["en"]), str(t["de"]), str(t["it"]), RULES.get(qid))
        for qid, t in texts.items()
    )


ALL = specs()


def build(countries: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The question cards, answered for every country."""
    out: dict[str, dict[str, Any]] = {}
    for spec in ALL:
        card: dict[str, Any] = {
            "text": spec.en,
            "text_en": spec.en,
            "text_de": spec.de,
            "text_it": spec.it,
            "about": spec.about,
        }
        if spec.rule is not None:
            card["answers"] = {code: answer(spec.rule, c) for code, c in sorted(countries.items())}
            card["rule"] = spec.rule
            card["sources"] = sorted(
                {
                    countries[code]["sources"][field.split(".")[0]]
                    for code in countries
                    for field in fields_of(spec.rule)
                }
            )
        out[spec.id] = card
    return out
