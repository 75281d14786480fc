"""Checks on the names and ids of the place cards (docs/data.md, "Names").

``check_names`` needs only the deck, so the tests run it on the shipped files;
``check_name_sources`` compares the cards with the name sources and runs in the build.
Each returns a list of problems, empty when the names hold.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from anyascii import anyascii

from geodeck.decks.places import LANGUAGES, fold, same_or_shorter, slug
from tools.places import curated, names, sources

Cards = Mapping[str, Mapping[str, Any]]


def _marked(name: str) -> int:
    """How many letters of a name lie outside ASCII (ł, ó, ß, ș...)."""
    return sum(not c.isascii() and c.isalpha() for c in name)


def _places(cards: Cards) -> list[tuple[str, Mapping[str, Any]]]:
    return [(k, c) for k, c in sorted(cards.items()) if c.get("kind") == "place"]


def _is_local(card: Mapping[str, Any], lang: str) -> bool:
    """Whether a card's name in ``lang`` is the local name (GeoNames' or ISTAT's)."""
    tag = card.get("sources", {}).get(f"name_{lang}")
    return tag in (sources.TAG_GEONAMES, sources.TAG_ISTAT_NAMES)


def _curated(card: Mapping[str, Any], lang: str) -> bool:
    return bool(card.get("sources", {}).get(f"name_{lang}") == names.TAG_CURATED)


# -- checks on the deck alone -------------------------------------------------------------


def check_names(deck: str, cards: Cards) -> list[str]:
    """Ids, titles, outdated names, and names that drop letters of the card's local name
    (a name tagged as GeoNames' or ISTAT's)."""
    out: list[str] = []
    for key, card in _places(cards):
        out += [f"{deck}/{key}: {p}" for p in _card_problems(key, card)]
    return out


def _card_problems(key: str, card: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    english = str(card.get("name_en", ""))
    base = slug(english)
    if key != base and not key.startswith(base + "-"):
        out.append(f"the id is not spelled from the English name {english!r} ({base!r})")
    listed = names.outdated()
    for lang in LANGUAGES:
        name = str(card.get(f"name_{lang}", ""))
        if names.drop_title(name) != name:
            out.append(f"name_{lang} {name!r} carries a town title")
        current = listed.get((lang, name)) or listed.get(("*", name))
        if current:
            out.append(f"name_{lang} {name!r} is outdated: {current!r}")
        for other in LANGUAGES:
            fuller = str(card.get(f"name_{other}", ""))
            if not _is_local(card, other):
                continue
            if fold(fuller) == fold(name) and _marked(fuller) > _marked(name):
                out.append(f"name_{lang} {name!r} drops letters of name_{other} {fuller!r}")
    return out


# -- checks against the sources (the build) -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Comune:
    """What the sources say of an Italian card's comune."""

    name: str
    """ISTAT's Italian name."""
    second: str = ""
    """ISTAT's German name in the province of Bolzano, else empty."""
    namesake: bool = True
    """Whether GeoNames' place bears the comune's name (False for a merged comune's seat)."""


@dataclass(frozen=True, slots=True)
class NameSources:
    """What the sources say of each card, by card id."""

    local: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The local spellings: GeoNames' name, the catalogue of the place's own language."""
    translations: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    """Per language, the names the GeoNames catalogue and CLDR give."""
    cldr: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Per language, CLDR's name of the city (German and Italian only)."""
    comuni: Mapping[str, Comune] = field(default_factory=dict)


def gather(
    cards: Cards,
    places: Mapping[int, sources.GeoPlace],
    cats: names.Catalogues,
    comuni: Mapping[int, sources.Comune],
) -> NameSources:
    """What the sources say of a deck's place cards (``comuni`` by GeoNames id, Italy)."""
    local: dict[str, tuple[str, ...]] = {}
    translations: dict[str, dict[str, tuple[str, ...]]] = {}
    cldr: dict[str, dict[str, str]] = {}
    italian: dict[str, Comune] = {}
    for key, card in _places(cards):
        place = places[int(card["geonameid"])]
        comune = comuni.get(place.gid)
        spellings = [place.name, names.home_spelling(cats, place)]
        if comune is not None:
            spellings = [comune.name]
            second = comune.other_name if comune.province == names.BOLZANO else ""
            italian[key] = Comune(comune.name, second, names.namesake(cats, place, comune))
        local[key] = tuple(s for s in spellings if s)
        english = (str(card["name_en"]), place.name)
        translations[key] = {}
        cldr[key] = {}
        for lang in ("de", "it") if comune is None else ("de",):
            found = cats.cldr_name(lang, place.country, *english)
            listed = cats.geonames.get(lang, {}).get(place.gid)
            translations[key][lang] = tuple(n for n in (listed, found) if n)
            if found:
                cldr[key][lang] = found
    return NameSources(local, translations, cldr, italian)


def check_name_sources(deck: str, cards: Cards, src: NameSources) -> list[str]:
    """Every class of naming error the sources can show, for each place card."""
    out: list[str] = []
    for key, card in _places(cards):
        where = f"{deck}/{key}"
        out += [f"{where}: {p}" for p in _local_letters(card, src.local.get(key, ()))]
        out += [f"{where}: {p}" for p in _fallbacks(card, src.translations.get(key, {}))]
        out += [f"{where}: {p}" for p in _second_source(card, src.cldr.get(key, {}))]
        out += [f"{where}: {p}" for p in _variants(card)]
        if key in src.comuni:
            out += [f"{where}: {p}" for p in _comune(card, src.comuni[key])]
    return out


def _local_letters(card: Mapping[str, Any], local: tuple[str, ...]) -> list[str]:
    """A name that spells the local name with fewer letters (Lodz for Łódź)."""
    out = []
    for lang in LANGUAGES:
        name = str(card[f"name_{lang}"])
        for spelling in local:
            if fold(spelling) == fold(name) and _marked(spelling) > _marked(name):
                out.append(f"name_{lang} {name!r} drops letters of the local name {spelling!r}")
    return out


def _fallbacks(card: Mapping[str, Any], translations: Mapping[str, tuple[str, ...]]) -> list[str]:
    """German or Italian names that are the English one while a source translates it."""
    out = []
    english = str(card["name_en"])
    listed = names.outdated()
    for lang in ("de", "it"):
        name = str(card[f"name_{lang}"])
        if name != english or _curated(card, lang):
            continue
        for other in (names.drop_title(n) for n in translations.get(lang, ())):
            if (lang, other) in listed or ("*", other) in listed or fold(other) == fold(english):
                continue
            if not same_or_shorter(english, other) and not same_or_shorter(other, english):
                out.append(f"name_{lang} is the English {english!r}; a source has {other!r}")
    return out


def _second_source(card: Mapping[str, Any], cldr: Mapping[str, str]) -> list[str]:
    """A German or Italian name unlike CLDR's that no curated row confirms."""
    out = []
    for lang, other in sorted(cldr.items()):
        name = str(card[f"name_{lang}"])
        if fold(name) != fold(other) and not _curated(card, lang):
            out.append(
                f"name_{lang} {name!r} differs from CLDR's {other!r}: "
                f"settle it in {curated.CURATED.name}/names.csv"
            )
    return out


NON_LATIN = frozenset(
    (
        *("AE", "AF", "AM", "BD", "BG", "BH", "BY", "CN", "CY", "DZ", "EG", "ER", "ET"),
        *("GE", "GR", "HK", "IL", "IN", "IQ", "IR", "JO", "JP", "KG", "KH", "KP", "KR"),
        *("KW", "KZ", "LA", "LB", "LK", "LY", "MA", "MK", "MM", "MN", "NP", "OM", "PK"),
        *("QA", "RS", "RU", "SA", "SD", "SY", "TH", "TJ", "TN", "TW", "UA", "YE"),
    )
)
"""Countries whose official script is not Latin: their names reach German, Italian and
English through transliterations, which the GeoNames catalogue mixes (Iraklio, Vicebsk,
Riyad beside Heraklion, Vitebsk, Riad)."""

SIMILAR = 0.6
"""Two names of one place whose folded spellings are at least this similar (difflib's ratio)
are two forms of one name, not an exonym beside the local name (Mailand, Milano)."""


def _words(name: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", anyascii(name).lower())


def variants(card: Mapping[str, Any]) -> set[str]:
    """The languages whose name on the card is one form of a name another language spells
    otherwise: a qualified or shortened form (Davao City and Davao, Reggio nell'Emilia and
    Reggio Emilia), or, for a place in a country of another script, a transliteration unlike
    the English one (Iraklio beside Heraklion)."""
    names = {lang: str(card.get(f"name_{lang}", "")) for lang in LANGUAGES}
    out: set[str] = set()
    for a in LANGUAGES:
        for b in LANGUAGES:
            words_a, words_b = set(_words(names[a])), set(_words(names[b]))
            if words_a < words_b:
                out |= {a, b}
    if card.get("country") in NON_LATIN:
        english = fold(names["en"])
        for lang in ("de", "it"):
            other = fold(names[lang])
            if (
                other != english
                and difflib.SequenceMatcher(None, other, english).ratio() >= SIMILAR
            ):
                out.add(lang)
    return out


def _variants(card: Mapping[str, Any]) -> list[str]:
    """A form of a name that no curated row confirms as the form in common use in its
    language (CLDR is no proof: it has Riyad in Italian, where Riad is in common use). An
    official name stands as it is: ISTAT's Italian name, and its German one in the province
    of Bolzano."""
    out = []
    for lang in sorted(variants(card)):
        name = str(card[f"name_{lang}"])
        tag = card.get("sources", {}).get(f"name_{lang}")
        if tag in (names.TAG_CURATED, names.TAG_OUTDATED):
            continue
        if tag == sources.TAG_ISTAT_NAMES and (lang == "it" or name != card.get("name_it")):
            continue
        out.append(
            f"name_{lang} {name!r} is one form of a name the card spells otherwise in another "
            f"language: settle the form in common use in {curated.CURATED.name}/names.csv"
        )
    return out


def _comune(card: Mapping[str, Any], comune: Comune) -> list[str]:
    """A merged comune named after its old part; a South Tyrol comune without Bozen's name."""
    out = []
    if card["name_it"] != comune.name:
        out.append(f"name_it {card['name_it']!r} is not ISTAT's {comune.name!r}")
    if not comune.namesake:
        for lang in ("en", "de"):
            want = comune.second if lang == "de" and comune.second else comune.name
            if card[f"name_{lang}"] != want and not _curated(card, lang):
                out.append(
                    f"name_{lang} {card[f'name_{lang}']!r} is not the comune's name {want!r} "
                    "(GeoNames' place is a part of it)"
                )
    if comune.second and card["name_de"] != comune.second and not _curated(card, "de"):
        out.append(f"name_de {card['name_de']!r} is not ISTAT's German name {comune.second!r}")
    return out


def check_curated_names(local: Mapping[int, str]) -> list[str]:
    """Each row of names.csv names a GeoNames place by its local name, and sets a name;
    each outdated name is for en, de, it or every language (``*``)."""
    out = []
    for n, row in enumerate(curated.read("names"), start=2):
        gid = int(row["geonameid"])
        if local.get(gid) != row["local"]:
            found = local.get(gid)
            out.append(f"names.csv line {n}: GeoNames {gid} is {found!r}, not {row['local']!r}")
        if not any(row[f"name_{lang}"] for lang in LANGUAGES):
            out.append(f"names.csv line {n}: the row sets no name")
    for n, row in enumerate(curated.read("outdated-names"), start=2):
        if row["lang"] not in (*LANGUAGES, "*"):
            out.append(f"outdated-names.csv line {n}: lang {row['lang']!r} is not en, de, it or *")
    return out
