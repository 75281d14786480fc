"""Validators for the Undercover data. Any problem fails the build.

``check_shipped`` needs only the two output documents (and the flags folder): it is what
``python -m tools countries --check`` runs on the files in the package. ``cross_check``
compares the built data with the other packages (Factbook memberships, REST Countries,
pyworldatlas borders, flag descriptions) and with the curated exceptions, which must each
still explain a difference.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tools.countries import answers, figures, rules
from tools.countries import factbook as fb
from tools.countries import questions as qs
from tools.countries.build import ADDED_TO_EUROPE, Builder, fold
from tools.countries.curated import ONE_ROW_PER_COUNTRY, Row

COUNTRY_COUNT = 47
UN_EUROPE_COUNT = 44
COLOUR_GROUPS = 6
COLOUR_SIZE = (7, 9)
MIN_COUNTRY_QUESTIONS = 50
QUESTION_COUNT = 73
VEHICLE = re.compile(r"[A-Z]{1,3}")
KNOWN_VEHICLE_CORRECTIONS = frozenset({"D", "UK", "MNE", "NMK", "RKS"})
"""DATA.md: the only vehicle codes allowed to differ from the REST Countries cache."""

COLOUR_WORDS = {
    "red": ("red", "maroon", "carmine", "crimson"),
    "yellow": ("yellow", "gold"),
    "blue": ("blue", "azure"),
    "white": ("white",),
    "green": ("green",),
    "black": ("black",),
    "orange": ("orange",),
    "copper": ("copper",),
}
SEA_WORDS = {
    "mediterranean": ("mediterranean", "adriatic", "aegean", "ionian", "tyrrhenian", "ligurian"),
    "baltic": ("baltic", "gulf of bothnia", "gulf of finland"),
    "black_sea": ("black sea",),
    "north_sea": ("north sea",),
}
FACTBOOK_MEMBERSHIPS = {
    "factbook-eu": "EU",
    "factbook-euro": "EMU",
    "factbook-nato": "NATO",
    "factbook-schengen": "Schengen Convention",
}
"""The Factbook's names for the memberships the cards carry."""


def check_shipped(
    countries_doc: Mapping[str, Any], questions_doc: Mapping[str, Any], flags: Path | None
) -> list[str]:
    """Every rule the shipped files must keep; an empty list when all hold."""
    problems: list[str] = []
    countries: Mapping[str, Any] = countries_doc.get("countries", {})
    ranking: Mapping[str, Any] = countries_doc.get("ranking_set", {}).get("countries", {})
    groups: Mapping[str, Any] = countries_doc.get("colours", {})
    problems += check_count(countries)
    problems += check_colours(countries, groups)
    problems += check_vehicles(countries)
    problems += check_ranks(countries, ranking)
    problems += check_names(countries)
    problems += check_memberships(countries)
    problems += check_questions(countries, questions_doc.get("questions", {}))
    problems += check_politics(countries, countries_doc.get("politics", {}), ranking)
    if flags is not None:
        problems += [
            f"{code}: flag file {card.get('flag')} is missing"
            for code, card in sorted(countries.items())
            if not (flags / str(card.get("flag"))).is_file()
        ]
    return problems


def check_count(countries: Mapping[str, Any]) -> list[str]:
    problems = []
    if len(countries) != COUNTRY_COUNT:
        problems.append(f"{len(countries)} countries, expected {COUNTRY_COUNT}")
    problems += [
        f"{c}: not one of the cards DATA.md adds" for c in ADDED_TO_EUROPE if c not in countries
    ]
    for code, card in countries.items():
        if card.get("code") != code:
            problems.append(f"{code}: card code is {card.get('code')!r}")
        for key in ("name", "colour", "capital", "vehicle", "area", "population", "flag"):
            if card.get(key) in (None, ""):
                problems.append(f"{code}: no {key}")
    return problems


def check_colours(countries: Mapping[str, Any], groups: Mapping[str, Any]) -> list[str]:
    problems = []
    sizes = Counter(card.get("colour") for card in countries.values())
    if len(groups) != COLOUR_GROUPS:
        problems.append(f"{len(groups)} colour groups described, expected {COLOUR_GROUPS}")
    if set(sizes) != set(groups):
        problems.append(f"colours used {sorted(map(str, sizes))} differ from {sorted(groups)}")
    low, high = COLOUR_SIZE
    for colour, size in sorted(sizes.items(), key=lambda kv: str(kv[0])):
        if not low <= size <= high:
            problems.append(f"colour {colour!r} has {size} countries, expected {low}-{high}")
    return problems


def check_vehicles(countries: Mapping[str, Any]) -> list[str]:
    problems = []
    seen: dict[str, str] = {}
    for code, card in sorted(countries.items()):
        sign = str(card.get("vehicle", ""))
        if not VEHICLE.fullmatch(sign):
            problems.append(f"{code}: vehicle code {sign!r} is not 1-3 capital letters")
        if sign in seen:
            problems.append(f"{code}: vehicle code {sign} is also {seen[sign]}'s")
        seen[sign] = code
    return problems


def ranks_over(values: Mapping[str, float]) -> dict[str, int]:
    """1 + the number of strictly larger values: the rank a card shows."""
    ordered = sorted(values.values(), reverse=True)
    return {code: 1 + sum(1 for v in ordered if v > value) for code, value in values.items()}


def check_ranks(countries: Mapping[str, Any], ranking: Mapping[str, Any]) -> list[str]:
    problems = []
    if not ranking:
        return ["no ranking set"]
    for key in ("area", "population"):
        values = {code: float(entry[key]) for code, entry in ranking.items()}
        if any(v <= 0 for v in values.values()):
            problems.append(f"the ranking set has a {key} that is not positive")
        ranks = ranks_over(values)
        for code, entry in ranking.items():
            if entry.get(f"{key}_rank") != ranks[code]:
                problems.append(f"ranking set {code}: {key}_rank {entry.get(f'{key}_rank')}")
        for code, card in countries.items():
            if code not in ranking:
                problems.append(f"{code}: not in the ranking set")
                continue
            if card.get(key) != ranking[code][key]:
                problems.append(f"{code}: {key} {card.get(key)} differs from the ranking set")
            if card.get(f"{key}_rank") != ranks[code]:
                problems.append(
                    f"{code}: {key}_rank {card.get(f'{key}_rank')}, the values give {ranks[code]}"
                )
    return problems


def check_names(countries: Mapping[str, Any]) -> list[str]:
    problems = []
    for lang in ("en", "de", "it"):
        seen: dict[str, str] = {}
        for code, card in sorted(countries.items()):
            for kind in ("name", "capital"):
                value = card.get(f"{kind}_{lang}")
                if not isinstance(value, str) or not value.strip():
                    problems.append(f"{code}: no {kind}_{lang}")
            name = str(card.get(f"name_{lang}"))
            if name in seen:
                problems.append(f"{code}: name_{lang} {name!r} is also {seen[name]}'s")
            seen[name] = code
        if any(card.get("name") != card.get("name_en") for card in countries.values()):
            problems.append("name must equal name_en")
    return problems


def check_memberships(countries: Mapping[str, Any]) -> list[str]:
    problems = []
    for code, card in sorted(countries.items()):
        member = card.get("memberships")
        if not isinstance(member, Mapping):
            problems.append(f"{code}: no memberships")
            continue
        try:
            datetime.date.fromisoformat(str(member.get("as_of")))
        except ValueError:
            problems.append(f"{code}: memberships carry no as-of date ({member.get('as_of')!r})")
        for key in ("eu", "euro", "schengen", "nato"):
            if key not in member:
                problems.append(f"{code}: memberships lack {key}")
        if member.get("euro") == "euro_area" and not member.get("eu"):
            problems.append(f"{code}: in the euro area but not in the EU")
    return problems


def check_questions(countries: Mapping[str, Any], questions: Mapping[str, Any]) -> list[str]:
    problems = []
    ids = [f"q{n:02d}" for n in range(1, QUESTION_COUNT + 1)]
    if sorted(questions) != ids:
        problems.append(f"question ids must be q01..q{QUESTION_COUNT:02d}")
    about = Counter(q.get("about") for q in questions.values())
    if about["country"] < MIN_COUNTRY_QUESTIONS:
        problems.append(f"{about['country']} questions about the country, expected 50 or more")
    if about["country"] + about["seeker"] != len(questions):
        problems.append("every question is about the country or about a seeker")
    for qid, question in sorted(questions.items()):
        for key in ("text", "text_en", "text_de", "text_it"):
            if not isinstance(question.get(key), str) or not question[key].strip():
                problems.append(f"{qid}: no {key}")
        if question.get("text") != question.get("text_en"):
            problems.append(f"{qid}: text must equal text_en")
        if question.get("about") == "seeker":
            if question.get("answers"):
                problems.append(f"{qid}: a question about a seeker has no answers")
            if not all(
                " X " in f" {question.get(k, '')} " for k in ("text_en", "text_de", "text_it")
            ):
                problems.append(f"{qid}: a question about a seeker names X in every language")
            continue
        answers = question.get("answers") or {}
        if set(answers) != set(countries):
            missing = sorted(set(countries) - set(answers))
            extra = sorted(set(answers) - set(countries))
            problems.append(f"{qid}: answers missing {missing}, extra {extra}")
        bad = {c: a for c, a in answers.items() if a not in rules.ANSWERS}
        if bad:
            problems.append(f"{qid}: answers not allowed: {bad}")
        rule = question.get("rule")
        if not isinstance(rule, Mapping):
            problems.append(f"{qid}: no rule")
            continue
        for code, card in sorted(countries.items()):
            try:
                derived = rules.answer(rule, card)
            except rules.RuleError as err:
                problems.append(f"{qid}: {err}")
                break
            if answers.get(code) != derived:
                problems.append(
                    f"{qid}: {code} answers {answers.get(code)!r}, the rule gives {derived!r}"
                )
        given = Counter(answers.values())
        if len(given) < 2:
            problems.append(f"{qid}: every country gives the same answer {sorted(given)}")
    return problems


def check_politics(
    countries: Mapping[str, Any], politics: Mapping[str, Any], ranking: Mapping[str, Any]
) -> list[str]:
    """Each political choice, as the data must show it."""
    problems = []

    def expect(ok: bool, message: str) -> None:
        if not ok:
            problems.append(f"politics: {message}")

    try:
        rs, ua, cy, fr, nl, dk = (countries[c] for c in ("RS", "UA", "CY", "FR", "NL", "DK"))
        xk, es = countries["XK"], countries["ES"]
    except KeyError as err:
        return [f"politics: country {err} is missing"]
    ranking_set = politics.get("ranking_set", {})
    expect(
        len(ranking) == ranking_set.get("un_members", 0) + len(ranking_set.get("extra", [])),
        f"the ranking set has {len(ranking)} states",
    )
    expect(all(c in ranking for c in ranking_set.get("extra", [])), "VA and XK are ranked")
    kosovo = politics.get("kosovo", {})
    expect(kosovo.get("separate") is True and kosovo.get("code") == "XK", "Kosovo is separate")
    expect(not kosovo.get("serbia_includes_kosovo", True), "Serbia excludes Kosovo")
    expect("XK" in rs["borders"] and "RS" in xk["borders"], "Serbia and Kosovo border each other")
    expect(rs["area"] < 80_000, f"Serbia's area {rs['area']} must exclude Kosovo's")
    crimea = politics.get("crimea", {})
    expect(crimea.get("part_of") == "UA", "Crimea counts with Ukraine")
    expect(ua["area"] > 600_000, f"Ukraine's area {ua['area']} must include Crimea")
    expect(
        not set(crimea.get("ignore_time_zones", [])) & set(ua["time_zones"]),
        "Crimea's de facto time zone is not Ukraine's",
    )
    expect(politics.get("northern_cyprus", {}).get("part_of") == "CY", "Northern Cyprus is CY")
    expect(cy["area"] > 9_000, f"Cyprus's area {cy['area']} must include the north")
    france = politics.get("france", {})
    expect(france.get("overseas_regions") is True, "France includes its overseas regions")
    expect(fr["area"] > 600_000, f"France's area {fr['area']} must include the overseas regions")
    expect({"BR", "SR"} <= set(fr["borders"]), "France borders Brazil and Suriname")
    expect(len(fr["utc_offsets"]) > 1, "France has the overseas regions' time zones")
    expect(politics.get("netherlands", {}).get("caribbean_netherlands") is True, "NL Caribbean")
    expect(-4.0 in nl["utc_offsets"], "the Netherlands have the Caribbean islands' time zone")
    denmark = politics.get("denmark", {})
    expect(denmark.get("greenland_and_faroe") is False, "Denmark without Greenland and Faroe")
    expect(dk["borders"] == ["DE"], f"Denmark borders only Germany, not {dk['borders']}")
    expect(dk["area"] < 50_000, f"Denmark's area {dk['area']} must exclude Greenland")
    expect("GB" not in es["borders"], "Gibraltar does not make Spain border the UK")
    expect(cy["borders"] == [], "the Sovereign Base Areas do not make Cyprus border the UK")
    expect(politics.get("turkiye", {}).get("whole_country") is True, "Türkiye is whole")
    expect(countries["TR"]["area"] > 700_000, "Türkiye's area includes Anatolia")
    return problems + check_disputed_areas(countries, politics)


DISPUTED_TOLERANCE = 0.05
"""A card that counts a disputed area has at least the area's and the rest's figures
added up, less this share (the two are counts of different dates)."""


def check_disputed_areas(countries: Mapping[str, Any], politics: Mapping[str, Any]) -> list[str]:
    """Each disputed area counts with its state in the population too, and the card says so."""
    problems = []
    for name, section in sorted(politics.items()):
        if "part_of" not in section:
            continue
        if "note" not in section:
            problems.append(f"politics: {name} has no note for the card")
        card = countries[section.get("note_card", section["part_of"])]
        for lang, text in section.get("note", {}).items():
            if card.get(f"territory_{lang}") != text:
                problems.append(f"politics: {card['code']} does not say {text!r} ({name})")
        if "population" in section:
            whole = int(section["population"]) + int(section["without"])
            if card["population"] < whole * (1 - DISPUTED_TOLERANCE):
                problems.append(
                    f"politics: {card['code']}'s population {card['population']:,} leaves "
                    f"out {name} ({section['population']:,} + {section['without']:,})"
                )
    return problems


def check_curated_coverage(tables: Mapping[str, list[Row]], codes: set[str]) -> list[str]:
    problems = []
    for table in ONE_ROW_PER_COUNTRY:
        have = [r["code"] for r in tables[table]]
        if sorted(have) != sorted(codes):
            missing = sorted(codes - set(have))
            extra = sorted(set(have) - codes)
            twice = sorted(c for c, n in Counter(have).items() if n > 1)
            problems.append(f"curated/{table}.csv: missing {missing}, extra {extra}, twice {twice}")
    return problems


class Exceptions:
    """The curated cross-check exceptions; each must explain a difference that occurs."""

    def __init__(self, rows: list[Row]) -> None:
        self.rows = {(r["check"], r["code"]): r for r in rows}
        self.used: set[tuple[str, str]] = set()
        self.problems: list[str] = []

    def differs(self, check: str, code: str, value: str, message: str) -> None:
        row = self.rows.get((check, code))
        if row is not None and row["value"] == value:
            self.used.add((check, code))
        else:
            self.problems.append(f"{check} {code}: {message}")

    def unused(self) -> list[str]:
        return [
            f"crosscheck_exceptions: {check} {code} explains no difference"
            for check, code in sorted(set(self.rows) - self.used)
        ]


def cross_check(
    builder: Builder, countries: Mapping[str, Any], ranking: Mapping[str, Any], un_europe: list[str]
) -> list[str]:
    """The built data against the other packages; the curated exceptions explain the rest."""
    exceptions = Exceptions(builder.tables["crosscheck_exceptions"])
    problems: list[str] = []
    if len(un_europe) != UN_EUROPE_COUNT:
        problems.append(f"{len(un_europe)} UN Europe states in the ranking set, expected 44")
    problems += check_curated_coverage(builder.tables, set(countries))
    problems += check_restcountries(builder, countries, ranking, exceptions)
    check_factbook_memberships(builder, countries, exceptions)
    check_factbook_names(builder, countries, exceptions)
    problems += check_borders(builder, countries, ranking)
    problems += check_flags(builder, countries)
    problems += check_seas_and_plausibility(builder, countries)
    problems += check_german(countries)
    problems += answers.check_tables(
        {table: [row.values for row in rows] for table, rows in builder.tables.items()}
    )
    problems += check_figures(builder, countries, ranking, exceptions)
    return problems + exceptions.problems + exceptions.unused()


def check_figures(
    builder: Builder,
    countries: Mapping[str, Any],
    ranking: Mapping[str, Any],
    exceptions: Exceptions,
) -> list[str]:
    """Areas, populations and ranks against the REST Countries cache, and the answers
    about population and density against its figures (``figures``)."""
    rest = builder.inputs.restcountries
    areas = figures.reference_values(rest, "area")
    populations = figures.reference_values(rest, "population")
    problems = figures.check_areas(ranking, areas, exceptions)
    problems += figures.check_populations(countries, populations, exceptions)
    explained = {
        (check.removeprefix("restcountries-"), code)
        for check, code in exceptions.rows
        if check in ("restcountries-area", "restcountries-population")
    }
    problems += figures.check_ranks(
        countries, ranking, {"area": areas, "population": populations}, explained
    )
    rule_of = {spec.id: spec.rule for spec in qs.ALL if spec.rule is not None}
    problems += figures.check_thresholds(countries, rule_of, populations, rules.answer)
    return problems


def check_restcountries(
    builder: Builder,
    countries: Mapping[str, Any],
    ranking: Mapping[str, Any],
    exceptions: Exceptions,
) -> list[str]:
    """UN membership, vehicle codes and driving side against the REST Countries cache."""
    rest = builder.inputs.restcountries
    problems = []
    extra = set(builder.politics["ranking_set"]["extra"])
    for code in sorted(ranking):
        listed = bool(rest.get(code, {}).get("unMember"))
        member = code not in extra
        if listed != member:
            value = "member" if member else "observer"
            exceptions.differs(
                "restcountries-un-member", code, value, f"REST Countries says unMember={listed}"
            )
    for code, card in sorted(countries.items()):
        car = rest.get(code, {}).get("car", {})
        signs = car.get("signs") or []
        if card["vehicle"] not in signs:
            if card["vehicle"] in KNOWN_VEHICLE_CORRECTIONS:
                message = f"{card['vehicle']}, REST Countries gives {signs}"
                exceptions.differs("restcountries-vehicle", code, card["vehicle"], message)
            else:
                problems.append(f"restcountries-vehicle {code}: {card['vehicle']} vs {signs}")
        if car.get("side") != card["drives_on"]:
            problems.append(
                f"restcountries-driving {code}: {card['drives_on']} vs {car.get('side')}"
            )
    return problems


def check_factbook_memberships(
    builder: Builder, countries: Mapping[str, Any], exceptions: Exceptions
) -> None:
    """The curated memberships against the Factbook's organisation lists."""
    for code, card in sorted(countries.items()):
        listed = fb.memberships(builder.record(code))
        member = card["memberships"]
        shown = {
            "factbook-eu": "yes" if member["eu"] else "no",
            "factbook-euro": member["euro"],
            "factbook-nato": "yes" if member["nato"] else "no",
            "factbook-schengen": member["schengen"],
        }
        curated_says = {
            "factbook-eu": member["eu"],
            "factbook-euro": member["euro"] == "euro_area",
            "factbook-nato": member["nato"],
            "factbook-schengen": member["schengen"] == "member",
        }
        for check, token in FACTBOOK_MEMBERSHIPS.items():
            says = token in listed
            if says != curated_says[check]:
                message = f"the Factbook says {says}, curated {shown[check]}"
                exceptions.differs(check, code, shown[check], message)
        de_facto = "Schengen Convention (de facto member)" in listed
        if de_facto != (member["schengen"] == "de_facto"):
            exceptions.differs(
                "factbook-schengen-de-facto", code, member["schengen"], "de facto membership"
            )


def check_factbook_names(
    builder: Builder, countries: Mapping[str, Any], exceptions: Exceptions
) -> None:
    for code, card in sorted(countries.items()):
        factbook_name = fb.short_name(builder.record(code)) or ""
        english = str(card["name_en"])
        if fold(factbook_name) != fold(english) and not _named_alias(factbook_name, english):
            message = f"{english!r}, the Factbook says {factbook_name!r}"
            exceptions.differs("factbook-name", code, english, message)


def check_borders(
    builder: Builder, countries: Mapping[str, Any], ranking: Mapping[str, Any]
) -> list[str]:
    """Symmetry among the cards, and agreement with pyworldatlas's reviewed borders."""
    atlas = builder.inputs.atlas
    problems = []
    added = {
        (s["country"], b)
        for s in builder.politics.values()
        if isinstance(s, Mapping) and "country" in s
        for b in s.get("borders_added", [])
    }
    for code, card in sorted(countries.items()):
        for other in card["borders"]:
            if other in countries and code not in countries[other]["borders"]:
                problems.append(f"borders: {code} lists {other} but not the other way round")
        if code not in atlas.countries:
            continue
        theirs = {next(iter(pair - {code})) for pair in atlas.borders if code in pair}
        theirs = {c for c in theirs if c in ranking and c in atlas.countries}
        ours = {c for c in card["borders"] if c in atlas.countries and (code, c) not in added}
        if ours != theirs:
            problems.append(
                f"pyworldatlas-borders {code}: ours {sorted(ours)}, pyworldatlas {sorted(theirs)}"
            )
    return problems


def check_flags(builder: Builder, countries: Mapping[str, Any]) -> list[str]:
    """The curated flag colours and cross against the Factbook's flag descriptions."""
    problems = []
    for code, card in sorted(countries.items()):
        description = fb.flag(builder.record(code)).lower()
        for colour in card["flag_colours"]:
            words = COLOUR_WORDS.get(colour)
            if words is None or not any(w in description for w in words):
                problems.append(f"flags {code}: {colour} is not in the Factbook's flag description")
        if (card["flag_red"] == "yes") != ("red" in card["flag_colours"]):
            problems.append(f"flags {code}: red answer {card['flag_red']} vs colours")
        if card["flag_cross"] == "yes" and "cross" not in description:
            problems.append(f"flags {code}: a cross the Factbook's description does not mention")
    return problems


def check_seas_and_plausibility(builder: Builder, countries: Mapping[str, Any]) -> list[str]:
    """Seas against the Factbook's location text and coastline; curated answers that the
    figures make implausible."""
    problems = []
    for code, card in sorted(countries.items()):
        location = (fb.text(builder.record(code), "Geography", "Location") or "").lower()
        for sea, words in SEA_WORDS.items():
            answer = card["seas"][sea]
            if card["landlocked"] and answer != "no":
                problems.append(f"seas {code}: landlocked but {sea} is {answer}")
            if any(w in location for w in words) and answer != "yes":
                problems.append(f"seas {code}: the Factbook's location names the {sea} sea")
        if card["highest_point_m"] < 1_000 and card["winter_sports"] not in {"no", "probably_not"}:
            problems.append(f"winter_sports {code}: {card['winter_sports']} below 1,000 m")
        if card["capital_largest"] == "no" and not _largest_city(builder.tables, code):
            problems.append(f"capital_facts {code}: no largest city named")
    return problems


def check_german(countries: Mapping[str, Any]) -> list[str]:
    """q40's curated answer against the Factbook's languages: German official there is
    yes here, German regional or minority there at least "probably not" here, and a yes
    here needs German official there."""
    problems = []
    for code, card in sorted(countries.items()):
        official = "German" in card["official_languages"]
        regional = "German" in card["regional_languages"]
        answer = card["german"]
        if official != (answer == "yes") or (regional and answer == "no"):
            problems.append(
                f"german {code}: answers {answer!r}, the Factbook lists German as "
                f"{'official' if official else 'regional' if regional else 'neither'}"
            )
    return problems


def _largest_city(tables: Mapping[str, list[Row]], code: str) -> str:
    return next((r["largest_city"] for r in tables["capital_facts"] if r["code"] == code), "")


def _named_alias(factbook_name: str, english: str) -> bool:
    """The Factbook and the card name the country alike, up to a bracketed addition."""
    bare = re.sub(r"\s*\([^)]*\)", "", factbook_name)
    inside = re.findall(r"\(([^)]*)\)", factbook_name)
    return fold(bare) == fold(english) or any(fold(i) == fold(english) for i in inside)
