"""The shipped Undercover data (DATA.md "Undercover countries", "Questions"; RULES.md B1).

These tests read only the files in the package, the curated tables and politics.toml; they
recompute what they check (ranks, answers) on their own rather than trusting the pipeline.
"""

from __future__ import annotations

import csv
import datetime
import json
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from geodeck.decks.undercover import flag_svg, shipped_undercover, undercover_document

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools" / "countries"
ANSWERS = {"yes", "no", "probably", "probably_not", "not_sure"}

UN_EUROPE = [
    *("AD", "AL", "AT", "BA", "BE", "BG", "BY", "CH", "CZ", "DE", "DK", "EE", "ES", "FI"),
    *("FR", "GB", "GR", "HR", "HU", "IE", "IS", "IT", "LI", "LT", "LU", "LV", "MC", "MD"),
    *("ME", "MK", "MT", "NL", "NO", "PL", "PT", "RO", "RS", "RU", "SE", "SI", "SK", "SM"),
    *("UA", "VA"),
]
CARDS = sorted([*UN_EUROPE, "XK", "CY", "TR"])
KNOWN_CORRECTIONS = {"DE": "D", "GB": "UK", "ME": "MNE", "MK": "NMK", "XK": "RKS"}


@cache
def _files() -> tuple[str, str]:
    data = resources.files("geodeck.decks").joinpath("data")
    return (
        data.joinpath("undercover.json").read_text(encoding="utf-8"),
        data.joinpath("questions.json").read_text(encoding="utf-8"),
    )


def document() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(_files()[0])
    return doc


def countries() -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = document()["countries"]
    return cards


def questions() -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = json.loads(_files()[1])["questions"]
    return cards


def politics() -> dict[str, Any]:
    with (TOOLS / "politics.toml").open("rb") as fh:
        return tomllib.load(fh)


def country_questions() -> dict[str, dict[str, Any]]:
    return {q: card for q, card in questions().items() if card["about"] == "country"}


# --- the countries -----------------------------------------------------------------------


def test_exactly_the_47_countries() -> None:
    assert len(UN_EUROPE) == 44
    assert sorted(countries()) == CARDS


def test_every_country_has_the_card_fields() -> None:
    for code, card in countries().items():
        assert card["code"] == code
        for key in ("name", "colour", "capital", "vehicle", "flag", "flag_emoji"):
            assert isinstance(card[key], str), (code, key)
            assert card[key], (code, key)
        for lang in ("en", "de", "it"):
            assert card[f"name_{lang}"].strip(), (code, lang)
            assert card[f"capital_{lang}"].strip(), (code, lang)
        assert card["name"] == card["name_en"]
        assert card["capital"] == card["capital_en"]
        assert card["area"] > 0
        assert card["population"] > 0
        assert isinstance(card["area_rank"], int)
        assert isinstance(card["population_rank"], int)
        assert card["flag"] == f"{code}.svg"
        assert all(key in card["sources"] for key in ("name", "area", "population", "vehicle"))


def test_names_are_unique_in_each_language() -> None:
    for lang in ("en", "de", "it"):
        names = Counter(card[f"name_{lang}"] for card in countries().values())
        assert max(names.values()) == 1, lang


def test_flags_are_shipped_as_svg() -> None:
    for code in countries():
        svg = flag_svg(code)
        assert "<svg" in svg[:500], code


def test_six_colours_of_seven_to_nine_countries() -> None:
    sizes = Counter(card["colour"] for card in countries().values())
    assert len(sizes) == 6
    assert all(7 <= n <= 9 for n in sizes.values()), sizes
    assert set(sizes) == set(document()["colours"])
    for group in document()["colours"].values():
        assert re.fullmatch(r"#[0-9a-f]{6}", group["hex"])


def test_vehicle_codes_are_one_to_three_capitals_and_unique() -> None:
    signs = [card["vehicle"] for card in countries().values()]
    assert all(re.fullmatch(r"[A-Z]{1,3}", s) for s in signs), signs
    assert len(set(signs)) == len(signs)


def test_vehicle_codes_carry_the_known_corrections() -> None:
    for code, sign in KNOWN_CORRECTIONS.items():
        assert countries()[code]["vehicle"] == sign


def _ranks(values: Mapping[str, float]) -> dict[str, int]:
    return {c: 1 + sum(1 for w in values.values() if w > v) for c, v in values.items()}


def test_ranking_set_is_the_un_members_plus_holy_see_and_kosovo() -> None:
    ranking = document()["ranking_set"]
    assert ranking["size"] == len(ranking["countries"]) == 195
    assert {"VA", "XK"} <= set(ranking["countries"])
    assert set(CARDS) <= set(ranking["countries"])


@pytest.mark.parametrize("key", ["area", "population"])
def test_ranks_agree_with_the_values_over_the_ranking_set(key: str) -> None:
    ranking = document()["ranking_set"]["countries"]
    ranks = _ranks({code: float(entry[key]) for code, entry in ranking.items()})
    for code, entry in ranking.items():
        assert entry[f"{key}_rank"] == ranks[code], code
    for code, card in countries().items():
        assert card[key] == ranking[code][key], code
        assert card[f"{key}_rank"] == ranks[code], code


def test_ranks_of_well_known_countries() -> None:
    cards = countries()
    assert cards["RU"]["area_rank"] == 1
    assert cards["VA"]["area_rank"] == 195
    assert cards["VA"]["population_rank"] == 195
    assert cards["RU"]["population_rank"] < cards["DE"]["population_rank"]


def test_memberships_carry_an_as_of_date() -> None:
    for code, card in countries().items():
        member = card["memberships"]
        as_of = datetime.date.fromisoformat(member["as_of"])
        assert as_of.year >= 2025, code
        assert isinstance(member["eu"], bool)
        assert isinstance(member["nato"], bool)
        assert member["euro"] in {"euro_area", "agreement", "unilateral", "no"}
        assert member["schengen"] in {"member", "de_facto", "no"}
    assert sum(card["memberships"]["eu"] for card in countries().values()) == 27
    assert sum(card["memberships"]["euro"] == "euro_area" for card in countries().values()) == 21
    assert sum(card["memberships"]["schengen"] == "member" for card in countries().values()) == 29


def test_every_curated_row_has_a_source() -> None:
    tables = sorted((TOOLS / "curated").glob("*.csv"))
    assert tables
    for table in tables:
        with table.open(encoding="utf-8", newline="") as fh:
            reader = csv.DictReader(fh)
            assert reader.fieldnames, table.name
            assert reader.fieldnames[-1] == "source", table.name
            for n, row in enumerate(reader, start=2):
                assert (row["source"] or "").strip(), f"{table.name} line {n}"


# --- the questions -----------------------------------------------------------------------


def test_73_questions_numbered_q01_to_q73() -> None:
    assert sorted(questions()) == [f"q{n:02d}" for n in range(1, 74)]


def test_at_least_50_questions_about_the_country() -> None:
    about = Counter(card["about"] for card in questions().values())
    assert about["country"] >= 50
    assert about["country"] + about["seeker"] == 73


def test_every_country_question_answers_all_47_countries() -> None:
    for qid, card in country_questions().items():
        assert sorted(card["answers"]) == CARDS, qid
        assert set(card["answers"].values()) <= ANSWERS, qid
        assert len(set(card["answers"].values())) > 1, qid


def test_seeker_questions_name_x_and_carry_no_answers() -> None:
    for qid, card in questions().items():
        if card["about"] != "seeker":
            continue
        assert not card.get("answers"), qid
        for lang in ("en", "de", "it"):
            assert re.search(r"\bX\b", card[f"text_{lang}"]), (qid, lang)


def test_question_texts_in_three_languages() -> None:
    for qid, card in questions().items():
        assert card["text"] == card["text_en"], qid
        for lang in ("en", "de", "it"):
            assert card[f"text_{lang}"].rstrip().endswith("?"), (qid, lang)


def _value(card: Mapping[str, Any], path: str) -> Any:
    here: Any = card
    for key in path.split("."):
        here = here[key]
    return here


TESTS: dict[str, Callable[[Any, Any], bool]] = {
    "gt": lambda v, x: v > x,
    "lt": lambda v, x: v < x,
    "le": lambda v, x: v <= x,
    "eq": lambda v, x: v == x,
    "in": lambda v, x: v in x,
    "contains": lambda v, x: x in v,
    "intersects": lambda v, x: bool(set(v) & set(x)),
    "has_text": lambda v, x: x.lower() in v.lower(),
    "count_gt": lambda v, x: len(v) > x,
    "count_eq": lambda v, x: len(v) == x,
}


def _evaluate(rule: Mapping[str, Any], card: Mapping[str, Any]) -> Any:
    if "copy" in rule:
        return _value(card, rule["copy"])
    for tier in rule["tiers"]:
        (op,) = [k for k in tier if k in TESTS]
        if TESTS[op](_value(card, tier["field"]), tier[op]):
            return tier["answer"]
    return rule["else"]


def test_every_answer_follows_from_its_rule_and_the_card() -> None:
    cards = countries()
    for qid, question in country_questions().items():
        for code, answer in question["answers"].items():
            assert _evaluate(question["rule"], cards[code]) == answer, (qid, code)


PREDICATES: dict[str, Callable[[Mapping[str, Any]], bool]] = {
    "q02": lambda c: "DE" in c["borders"],
    "q06": lambda c: "RU" in c["borders"],
    "q09": lambda c: c["coastline_km"] == 0,
    "q13": lambda c: c["population"] > 10_000_000,
    "q16": lambda c: c["area"] > 100_000,
    "q21": lambda c: c["highest_point_m"] > 2_000,
    "q33": lambda c: c["memberships"]["eu"],
    "q34": lambda c: c["memberships"]["euro"] != "no",
    "q36": lambda c: c["memberships"]["nato"],
}


@pytest.mark.parametrize("qid", sorted(PREDICATES))
def test_data_questions_answer_yes_exactly_where_the_fact_holds(qid: str) -> None:
    answers = questions()[qid]["answers"]
    for code, card in countries().items():
        assert (answers[code] == "yes") == PREDICATES[qid](card), (qid, code)


def test_the_rulebook_sample_question_is_q01() -> None:
    q01 = questions()["q01"]
    assert q01["text"] == "Is the country known for its winter sports areas?"
    assert q01["answers"]["AT"] == "yes"
    assert q01["answers"]["MT"] == "no"


# --- the political choices, one by one -----------------------------------------------------


def test_shipped_politics_are_the_config() -> None:
    assert document()["politics"] == politics()


def test_politics_ranking_set() -> None:
    choice = politics()["ranking_set"]
    assert choice["un_members"] == 193
    assert sorted(choice["extra"]) == ["VA", "XK"]
    ranking = document()["ranking_set"]["countries"]
    assert len(ranking) == choice["un_members"] + len(choice["extra"])


def test_politics_kosovo_is_a_country_of_its_own() -> None:
    choice = politics()["kosovo"]
    assert choice["separate"] is True
    assert choice["code"] == "XK"
    kosovo = countries()["XK"]
    assert kosovo["vehicle"] == "RKS"
    assert sorted(kosovo["borders"]) == ["AL", "ME", "MK", "RS"]


def test_politics_serbia_without_kosovo() -> None:
    assert politics()["kosovo"]["serbia_includes_kosovo"] is False
    serbia, kosovo = countries()["RS"], countries()["XK"]
    assert serbia["area"] == 77_474
    assert "XK" in serbia["borders"]
    assert serbia["population"] + kosovo["population"] > serbia["population"]


def test_politics_crimea_counts_with_ukraine() -> None:
    choice = politics()["crimea"]
    assert choice["part_of"] == "UA"
    ukraine = countries()["UA"]
    assert ukraine["area"] == 603_550
    assert not set(choice["ignore_time_zones"]) & set(ukraine["time_zones"])
    assert ukraine["utc_offsets"] == [2.0]


def test_politics_northern_cyprus_counts_with_cyprus() -> None:
    assert politics()["northern_cyprus"]["part_of"] == "CY"
    assert countries()["CY"]["area"] == 9_251


def test_politics_transnistria_counts_with_moldova_and_every_card_says_so() -> None:
    """One rule for every disputed area: it counts with its state in the population as in
    the area, and the card prints what its population counts."""
    choice = politics()["transnistria"]
    assert choice["part_of"] == "MD"
    moldova = countries()["MD"]
    assert moldova["area"] == 33_851
    assert moldova["population"] >= 0.95 * (choice["population"] + choice["without"])
    assert moldova["population"] > 2_409_200  # the census of the right bank alone
    notes = {
        code: countries()[code]["territory_en"]
        for code in countries()
        if "territory_en" in countries()[code]
    }
    assert notes == {
        "CY": "with Northern Cyprus",
        "MD": "with Transnistria",
        "RS": "without Kosovo",
        "UA": "with Crimea",
    }
    for code in notes:
        for lang in ("en", "de", "it"):
            assert countries()[code][f"territory_{lang}"] == politics_note(code, lang)


def politics_note(code: str, lang: str) -> str:
    for section in politics().values():
        if isinstance(section, dict) and section.get("note_card", section.get("part_of")) == code:
            return str(section["note"][lang])
    raise KeyError(code)


def test_politics_france_with_its_overseas_regions() -> None:
    choice = politics()["france"]
    assert choice["overseas_regions"] is True
    france = countries()["FR"]
    assert france["area"] == 643_801
    assert {"BR", "SR"} <= set(france["borders"])
    assert {-4.0, -3.0, 1.0, 3.0, 4.0} == set(france["utc_offsets"])


def test_politics_netherlands_with_the_caribbean_netherlands() -> None:
    assert politics()["netherlands"]["caribbean_netherlands"] is True
    netherlands = countries()["NL"]
    assert -4.0 in netherlands["utc_offsets"]
    assert netherlands["highest_point"] == "Mount Scenery"


def test_politics_denmark_without_greenland_and_the_faroe_islands() -> None:
    choice = politics()["denmark"]
    assert choice["greenland_and_faroe"] is False
    assert choice["borders_removed"] == ["CA"]
    denmark = countries()["DK"]
    assert denmark["area"] == 43_094
    assert denmark["borders"] == ["DE"]


def test_politics_dependent_territories_make_no_borders() -> None:
    assert {"Gibraltar", "Akrotiri", "Dhekelia"} <= set(
        politics()["dependent_territories"]["not_part_of_country"]
    )
    assert "GB" not in countries()["ES"]["borders"]
    assert countries()["CY"]["borders"] == []


def test_politics_turkiye_whole() -> None:
    assert politics()["turkiye"]["whole_country"] is True
    turkiye = countries()["TR"]
    assert turkiye["area"] == 783_562
    assert {"GR", "BG", "SY", "IR"} <= set(turkiye["borders"])


# --- the loader and the file format --------------------------------------------------------


def test_loader_returns_the_embedded_record_format() -> None:
    deck = shipped_undercover()
    assert set(deck) == {"countries", "questions"}
    for card in deck["countries"].values():
        for key in (
            "name",
            "colour",
            "capital",
            "vehicle",
            "area",
            "area_rank",
            "population",
            "population_rank",
        ):
            assert key in card
    for card in deck["questions"].values():
        assert card["about"] in {"country", "seeker"}
        assert isinstance(card["text"], str)


def test_loader_returns_fresh_copies() -> None:
    first = shipped_undercover()
    first["countries"]["DE"]["name"] = "changed"
    first["questions"].clear()
    second = shipped_undercover()
    assert second["countries"]["DE"]["name"] == "Germany"
    assert len(second["questions"]) == 73
    assert undercover_document()["countries"]["DE"]["name"] == "Germany"


def test_files_are_in_their_canonical_form() -> None:
    for text in _files():
        again = json.dumps(json.loads(text), ensure_ascii=False, indent=1, sort_keys=True)
        assert text == again + "\n"
