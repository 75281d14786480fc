"""The documented rules behind curated answers, checked row by row against the row's text.

A curated answer table with a ``basis`` column states why each country answers as it does;
the rule maps every basis to one answer, and the row's text (its ``source``, or the
column named in ``Rule.text``) must carry the evidence for that basis and none for a
stronger one. docs/data.md ("How each question is answered") states the same rules.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    table: str
    question: str
    answers: Mapping[str, str]
    """The answer each basis gives."""
    evidence: Mapping[str, str]
    """A pattern (case-insensitive) the row's text must match for each basis."""
    stronger: Mapping[str, str]
    """A pattern that, found in the text, calls for one of ``answers``'s first bases."""
    text: tuple[str, ...] = ("source",)


WORLD_CUP = r"(?<!no )\bFIS Alpine (Ski )?World Cup (races?|slalom|finals|classics|and|at)\b"

WINTER_SPORTS = Rule(
    table="winter_sports",
    question="q01",
    answers={
        "world_cup": "yes",
        "winter_olympics": "yes",
        "resorts": "probably",
        "small_areas": "probably_not",
        "none": "no",
    },
    evidence={
        "world_cup": WORLD_CUP,
        "winter_olympics": r"\bWinter Olympics\b",
        "resorts": r"\b(ski )?resorts?\b.*\binternational standing\b|\bski resorts\b",
        "small_areas": r"\bsmall\b|\bregional standing\b|\bone (small )?ski area\b",
        "none": r"^No (mountain )?ski areas?\b",
    },
    stronger={"world_cup": WORLD_CUP, "winter_olympics": r"\bWinter Olympics\b"},
)
"""q01: yes for a venue of FIS Alpine Ski World Cup races or of a Winter Olympics' alpine
events on the country's territory; probably for ski resorts of international standing;
probably not for small or regional ski areas; no for none."""

OLYMPICS = Rule(
    table="olympics",
    question="q48",
    answers={
        "host_city": "yes",
        "host_city_other_state": "probably",
        "event_venues": "probably_not",
        "none": "no",
    },
    evidence={
        "host_city": r"^[A-Z][\w .'-]+ (\d{4})\b",
        "host_city_other_state": r"\b\d{4}\b.*\bheld when\b.*\bwas in\b",
        "event_venues": r"\b(events|matches)\b.*\b\d{4} Games\b.*\bthen in\b",
        "none": r"^$",
    },
    stronger={"host_city": r"^[A-Z][\w .'-]+ \d{4}(?:[,;]|$)"},
    text=("games",),
)
"""q48: yes where a host city of the Olympic Games (IOC list, summer or winter) lies in the
country and the country was then the host state; probably where a host city lies in it
but the host state was another (Sarajevo 1984, Yugoslavia); probably not where only some
events of Games hosted elsewhere in the same state were held there (Moscow 1980: sailing
in Tallinn, football in Kyiv and Minsk); no otherwise. Youth Olympic Games do not count."""

CHARTER_GERMAN = r"\bCharter for Regional or Minority Languages protects German under Part I"
OFFICIAL_GERMAN = r"^German is (the|an) official language of the state\b"
LOCAL_GERMAN = r"^German is (co-official with \w+ in|an auxiliary language in)\b"

GERMAN = Rule(
    table="german",
    question="q40",
    answers={
        "official": "yes",
        "regional": "probably_not",
        "minority": "probably_not",
        "none": "no",
    },
    evidence={
        "official": OFFICIAL_GERMAN,
        "regional": LOCAL_GERMAN,
        "minority": CHARTER_GERMAN,
        "none": r"^German has no official or minority-language status\b",
    },
    stronger={"official": OFFICIAL_GERMAN, "regional": LOCAL_GERMAN, "minority": CHARTER_GERMAN},
    text=("status",),
)
"""q40: yes where German is an official language of the state; probably not where it is
co-official in a region or an auxiliary language in municipalities (South Tyrol, the gminas
of Opole), or a minority language the state protects under the European Charter for
Regional or Minority Languages (Denmark, Hungary); no otherwise."""

RULES = (WINTER_SPORTS, OLYMPICS, GERMAN)


@dataclass(frozen=True, slots=True)
class TextRule:
    """A curated answer column whose answer follows from its row's text: the answer of the
    first pattern (case-sensitive) the text matches, else ``otherwise``."""

    table: str
    column: str
    question: str
    tiers: tuple[tuple[str, str], ...]
    """(answer, pattern) in order."""
    otherwise: str = "no"
    text: tuple[str, ...] = ("source",)

    def expected(self, row: Mapping[str, str]) -> str:
        text = " ".join(row.get(column, "") for column in self.text)
        return next((a for a, pattern in self.tiers if re.search(pattern, text)), self.otherwise)


TEXT_RULES = (
    TextRule(
        "flags",
        "cross",
        "q45",
        (
            ("yes", r"Nordic cross|crosses of St George|white cross (on red|in the canton)"),
            ("probably", r"(Serbian|double) cross in the coat of arms|holds a cross|George Cross"),
            ("probably_not", r"a cross only on top of the (crown|tiara)"),
        ),
    ),
    TextRule("history", "soviet_union", "q37", (("yes", r"\b(SSR|SFSR)\b"),)),
    TextRule(
        "history", "yugoslavia", "q38", (("yes", r"Socialist (Republic|Autonomous Province) of"),)
    ),
    TextRule("geography", "alps", "q46", (("yes", r"Alpine Convention area"),)),
    TextRule(
        "geography",
        "arctic_circle",
        "q49",
        (("yes", r"north of 66°34′ N"), ("probably", r"only the island of Grímsey")),
    ),
    TextRule(
        "geography",
        "asia",
        "q50",
        (("yes", r"Anatolia|Siberia"), ("probably", r"island off Asia Minor")),
    ),
    TextRule("seas", "mediterranean", "q25", (("yes", r"Mediterranean"),)),
    TextRule("seas", "baltic", "q26", (("yes", r"Baltic"),)),
    TextRule("seas", "black_sea", "q27", (("yes", r"Black Sea"),)),
    TextRule(
        "seas",
        "north_sea",
        "q28",
        (("probably", r"counted to the North Sea"), ("yes", r"North Sea")),
    ),
    TextRule(
        "capital_facts",
        "largest",
        "q32",
        (("probably", r"Region"), ("no", r"\w")),
        otherwise="yes",
        text=("largest_city",),
    ),
)
"""The rules by which the other curated tables' texts give their answers (docs/data.md)."""


def check_rows(rule: Rule, rows: Sequence[Mapping[str, str]]) -> list[str]:
    """Each row's answer is its basis's, its text carries the basis's evidence, and no
    text that shows a stronger basis sits on a weaker one."""
    problems = []
    first = list(rule.answers)
    for row in rows:
        code = row.get("code", "?")
        where = f"{rule.table} {code}"
        basis = row.get("basis", "")
        if basis not in rule.answers:
            problems.append(f"{where}: basis {basis!r} is none of {', '.join(first)}")
            continue
        if row.get("answer") != rule.answers[basis]:
            problems.append(
                f"{where}: answers {row.get('answer')!r}, the rule gives "
                f"{rule.answers[basis]!r} for {basis}"
            )
        text = " ".join(row.get(column, "") for column in rule.text).strip()
        if not re.search(rule.evidence[basis], text, re.IGNORECASE):
            problems.append(f"{where}: the text {text!r} does not show {basis}")
        for strong, pattern in rule.stronger.items():
            if first.index(strong) < first.index(basis) and re.search(pattern, text):
                problems.append(f"{where}: the text {text!r} shows {strong}, not {basis}")
    return problems


def check_text_rule(rule: TextRule, rows: Sequence[Mapping[str, str]]) -> list[str]:
    """Each row's answer in ``rule.column`` is the one its text gives."""
    problems = []
    for row in rows:
        wanted = rule.expected(row)
        if row.get(rule.column) != wanted:
            text = " ".join(row.get(column, "") for column in rule.text)
            problems.append(
                f"{rule.table} {row.get('code', '?')}: {rule.column} is "
                f"{row.get(rule.column)!r}, its text {text!r} gives {wanted!r}"
            )
    return problems


def check_tables(tables: Mapping[str, Sequence[Mapping[str, str]]]) -> list[str]:
    """Every curated answer against its documented rule and its row's text."""
    problems = []
    for rule in RULES:
        problems += check_rows(rule, tables.get(rule.table, ()))
    for text_rule in TEXT_RULES:
        problems += check_text_rule(text_rule, tables.get(text_rule.table, ()))
    return problems
