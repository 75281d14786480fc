"""Names and ids of the place cards (docs/data.md, "Names"): the rules on small catalogues,
and each name validator failing on a broken fixture and passing on the mended one."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from tools.places import curated, names, sources, validate, validate_names
from tools.places.validate_names import Comune, NameSources

from geodeck.decks.places import fold, slug

GEO = sources.TAG_GEONAMES


def place(gid: int, name: str, country: str) -> sources.GeoPlace:
    return sources.GeoPlace(
        gid=gid,
        name=name,
        lat=0.0,
        lon=0.0,
        country=country,
        admin1="",
        population=0,
        alternates=0,
        feature="PPL",
        admin2="",
        admin3="",
        admin4="",
        elevation=None,
        dem=None,
    )


def comune(name: str, province: str = "BO", other: str = "") -> sources.Comune:
    return sources.Comune("000000", name, "08", "", province, False, other)


def card(en: str, de: str | None = None, it: str | None = None, **tags: str) -> dict[str, Any]:
    names_ = {"name": en, "name_en": en, "name_de": de or en, "name_it": it or en}
    return {
        **names_,
        "kind": "place",
        "geonameid": 1,
        "sources": {k: tags.get(k, GEO) for k in names_},
    }


def cats(
    en: dict[int, str] | None = None,
    de: dict[int, str] | None = None,
    it: dict[int, str] | None = None,
    cldr: dict[str, dict[tuple[str, str], str]] | None = None,
) -> names.Catalogues:
    return names.Catalogues({"en": en or {}, "de": de or {}, "it": it or {}}, cldr or {})


# -- ids ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Balıkesir", "balikesir"),
        ("Diyarbakır", "diyarbakir"),
        ("Łódź", "lodz"),
        ("Wrocław", "wroclaw"),
        ("Tromsø", "tromso"),
        ("Đakovo", "dakovo"),
        ("Gießen", "giessen"),
        ("Ærøskøbing", "aeroskobing"),
        ("Frankfurt am Main", "frankfurt-am-main"),
        ("Xi’an", "xian"),
        ("N'Djamena", "n-djamena"),
    ],
)
def test_a_slug_spells_every_letter(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_fold_maps_the_letters_unicode_does_not_decompose() -> None:
    assert fold("Łódź") == fold("Lodz")
    assert fold("Tromsø") == fold("Tromso")
    assert fold("Meißen") == fold("Meissen")
    assert fold("Łódź") != fold("Lodi")


# -- the rules ----------------------------------------------------------------------------


def test_an_english_name_without_the_local_letters_gives_way() -> None:
    lodz = place(1, "Łódź", "PL")
    got, tags = names.place_names(cats(en={1: "Lodz"}, de={1: "Lodz"}), lodz)
    assert (got["name_en"], got["name_de"], got["name_it"]) == ("Łódź", "Łódź", "Łódź")
    assert tags["name_en"] == GEO


def test_a_local_name_without_diacritics_takes_the_fuller_spelling() -> None:
    chisinau = place(1, "Chisinau", "MD")
    got, _ = names.place_names(cats(en={1: "Chișinău"}, de={1: "Chişinău"}), chisinau)
    # the Romanian comma-below letters, not GeoNames' cedilla
    assert got["name_en"] == got["name_de"] == got["name_it"] == "Chișinău"


def test_an_exonym_in_common_use_is_kept() -> None:
    warsaw = place(1, "Warsaw", "PL")
    got, _ = names.place_names(cats(de={1: "Warschau"}, it={1: "Varsavia"}), warsaw)
    assert (got["name_en"], got["name_de"], got["name_it"]) == ("Warsaw", "Warschau", "Varsavia")


def test_cldr_translates_where_the_catalogue_has_nothing() -> None:
    singapore = place(1, "Singapore", "SG")
    cldr = {"de": {("SG", "singapore"): "Singapur"}}
    got, tags = names.place_names(cats(cldr=cldr), singapore)
    assert got["name_de"] == "Singapur"
    assert tags["name_de"] == names.TAG_CLDR
    assert got["name_it"] == "Singapore"


def test_an_outdated_name_gives_way_to_the_current_one() -> None:
    assert ("*", "Nur-Sultan") in names.outdated()
    astana = place(1, "Astana", "KZ")
    got, tags = names.place_names(cats(en={1: "Nur-Sultan"}, de={1: "Nur-Sultan"}), astana)
    assert got["name_en"] == got["name_de"] == "Astana"
    assert tags["name_en"] == names.TAG_OUTDATED


def test_a_town_title_is_dropped() -> None:
    stade = place(1, "Hansestadt Stade", "DE")
    got, _ = names.place_names(cats(de={1: "Stade"}), stade)
    assert got["name_en"] == got["name_de"] == got["name_it"] == "Stade"
    assert names.drop_title("Lutherstadt Wittenberg") == "Wittenberg"
    assert names.drop_title("Stadthagen") == "Stadthagen"


def test_a_merged_comune_is_named_after_the_comune_in_every_language() -> None:
    bazzano = place(1, "Bazzano", "IT")
    got, tags = names.place_names(cats(en={1: "Bazzano"}), bazzano, comune=comune("Valsamoggia"))
    assert got["name_en"] == got["name_de"] == got["name_it"] == "Valsamoggia"
    assert tags["name_en"] == sources.TAG_ISTAT_NAMES


def test_a_comune_in_south_tyrol_takes_istat_s_german_name() -> None:
    brunico = place(1, "Brunico", "IT")
    got, _ = names.place_names(
        cats(), brunico, comune=comune("Brunico", "BZ", "Bruneck"), second="Bruneck"
    )
    assert (got["name_en"], got["name_de"], got["name_it"]) == ("Brunico", "Bruneck", "Brunico")


def test_a_curated_row_overrides_the_rules() -> None:
    row = names.overrides()[703448]
    assert row.local == "Kyiv"
    kyiv = place(703448, "Kyiv", "UA")
    got, tags = names.place_names(cats(de={703448: "Kyiw"}), kyiv)
    assert got["name_de"] == "Kiew"
    assert tags["name_de"] == names.TAG_CURATED


def test_every_curated_name_row_has_a_source_and_sets_a_name() -> None:
    rows = curated.read("names")
    assert rows
    assert all(r["source"].strip() for r in rows)
    assert all(any(r[f"name_{lang}"] for lang in ("en", "de", "it")) for r in rows)


# -- the validators on the deck alone -----------------------------------------------------


def problems(key: str, c: dict[str, Any]) -> list[str]:
    return validate_names.check_names("test", {key: c})


def test_an_id_that_drops_letters_fails() -> None:
    assert problems("balkesir", card("Balıkesir"))
    assert problems("balikesir", card("Balıkesir")) == []
    assert problems("balikesir-tr", card("Balıkesir")) == []


def test_a_town_title_fails() -> None:
    assert problems("stade", card("Stade", it="Hansestadt Stade"))
    assert problems("stade", card("Stade")) == []


def test_a_listed_outdated_name_fails() -> None:
    assert problems("nur-sultan", card("Nur-Sultan"))
    assert problems("astana", card("Astana")) == []


def test_a_name_that_drops_letters_of_another_language_fails() -> None:
    assert problems("lodz", card("Lodz", de="Łódź"))
    assert problems("lodz", card("Łódź")) == []


def test_the_shipped_decks_pass_the_name_checks() -> None:
    for deck in validate.DECKS:
        assert validate_names.check_names(deck, validate.shipped(deck)["cards"]) == []


# -- the validators against the sources ---------------------------------------------------


def source_problems(c: dict[str, Any], src: NameSources) -> list[str]:
    return validate_names.check_name_sources("test", {"x": c}, src)


def test_a_local_name_missing_letters_fails() -> None:
    src = NameSources(local={"x": ("Wrocław",)})
    assert source_problems(card("Wroclaw", "Breslau", "Breslavia"), src)
    assert source_problems(card("Wrocław", "Breslau", "Breslavia"), src) == []


def test_an_english_fallback_where_a_source_translates_fails() -> None:
    src = NameSources(translations={"x": {"de": ("Vatikan",), "it": ("Città del Vaticano",)}})
    broken = card("Vatican City")
    assert len(source_problems(broken, src)) == 2
    mended = card("Vatican City", "Vatikanstadt", "Città del Vaticano")
    assert source_problems(mended, src) == []


def test_a_name_unlike_cldr_s_needs_a_curated_row() -> None:
    src = NameSources(cldr={"x": {"de": "Kiew"}})
    assert source_problems(card("Kyiv", "Kyiw", "Kiev"), src)
    assert source_problems(card("Kyiv", "Kiew", "Kiev"), src) == []
    confirmed = card("Kyiv", "Kyjiw", "Kiev", name_de=names.TAG_CURATED)
    assert source_problems(confirmed, src) == []


def test_two_forms_of_one_name_need_a_curated_row() -> None:
    """A transliteration unlike the English one (Iraklio beside Heraklion, Riyad beside
    Riyadh) or a qualified form (Davao City beside Davao) needs the form in common use settled
    in names.csv; CLDR's agreement is no proof (it has Riyad in Italian)."""
    src = NameSources(cldr={"x": {"it": "Riyad"}})
    heraklion = {**card("Heraklion", "Iraklio", "Iraklio"), "country": "GR"}
    assert validate_names.variants(heraklion) == {"de", "it"}
    assert len(source_problems(heraklion, NameSources())) == 2
    riyadh = {**card("Riyadh", "Riad", "Riyad"), "country": "SA"}
    assert [p for p in source_problems(riyadh, src) if "one form" in p] == [
        "test/x: name_de 'Riad' is one form of a name the card spells otherwise in another "
        "language: settle the form in common use in curated/names.csv",
        "test/x: name_it 'Riyad' is one form of a name the card spells otherwise in another "
        "language: settle the form in common use in curated/names.csv",
    ]
    davao = {**card("Davao City", "Davao", "Davao"), "country": "PH"}
    assert validate_names.variants(davao) == {"en", "de", "it"}
    curated_tags = {f"name_{lang}": names.TAG_CURATED for lang in ("en", "de", "it")}
    settled = {**card("Davao", **curated_tags), "country": "PH"}
    assert source_problems(settled, NameSources()) == []
    # An exonym beside the local name is no variant; an official Italian name stands.
    assert validate_names.variants({**card("Milan", "Mailand", "Milano"), "country": "IT"}) == set()
    official = card(
        "Reggio Emilia", "Reggio Emilia", "Reggio nell'Emilia", name_it=sources.TAG_ISTAT_NAMES
    )
    assert validate_names.variants(official) == {"en", "de", "it"}
    assert len(source_problems(official, NameSources())) == 2


def test_the_shipped_names_in_common_use() -> None:
    by_id = {
        (deck, key): c
        for deck in validate.DECKS
        for key, c in validate.shipped(deck)["cards"].items()
    }
    assert by_id["uppsala", "heraklion"]["name_de"] == "Heraklion"
    assert by_id["uppsala", "heraklion"]["name_it"] == "Heraklion"
    assert by_id["uppsala", "vitebsk"]["name_it"] == "Vitebsk"
    assert by_id["world", "riyadh"]["name_it"] == "Riad"
    assert by_id["italia", "reggio-emilia"]["name_de"] == "Reggio Emilia"
    assert by_id["italia", "reggio-emilia"]["name_it"] == "Reggio nell'Emilia"
    davao = by_id["world", "davao"]
    assert (davao["name_en"], davao["name_de"], davao["name_it"]) == ("Davao", "Davao", "Davao")


def test_a_merged_comune_named_after_its_old_part_fails() -> None:
    src = NameSources(comuni={"x": Comune("Valsamoggia", namesake=False)})
    assert source_problems(card("Bazzano", it="Valsamoggia"), src)
    assert source_problems(card("Valsamoggia"), src) == []


def test_a_south_tyrol_comune_without_its_german_name_fails() -> None:
    src = NameSources(comuni={"x": Comune("Brunico", second="Bruneck")})
    assert source_problems(card("Brunico"), src)
    assert source_problems(card("Brunico", de="Bruneck"), src) == []


def test_name_it_must_be_istat_s() -> None:
    src = NameSources(comuni={"x": Comune("Firenze")})
    assert source_problems(card("Florence", "Florenz", "Florence"), src)
    assert source_problems(card("Florence", "Florenz", "Firenze"), src) == []


def test_a_curated_row_must_name_the_place_by_its_geonames_name() -> None:
    rows = curated.read("names")
    local = {int(r["geonameid"]): r["local"] for r in rows}
    assert validate_names.check_curated_names(local) == []
    broken = copy.deepcopy(local)
    broken[703448] = "Kiev"
    assert validate_names.check_curated_names(broken)
