"""The 73 question cards: 50 about the country, each answered by a rule over the card data,
and 23 about a seeker (X), which carry no answers.

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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tools.countries.build import SLAVIC

ANSWERS = ("yes", "no", "probably", "probably_not", "not_sure")


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


COUNTRY_QUESTIONS: tuple[Spec, ...] = (
    Spec(
        "q01",
        "Is the country known for its winter sports areas?",
        "Ist das Land für seine Wintersportgebiete bekannt?",
        "Il paese è noto per le sue località di sport invernali?",
        copy("winter_sports"),
    ),
    Spec(
        "q02",
        "Does the country border Germany?",
        "Grenzt das Land an Deutschland?",
        "Il paese confina con la Germania?",
        borders("DE"),
    ),
    Spec(
        "q03",
        "Does the country border France?",
        "Grenzt das Land an Frankreich?",
        "Il paese confina con la Francia?",
        borders("FR"),
    ),
    Spec(
        "q04",
        "Does the country border Italy?",
        "Grenzt das Land an Italien?",
        "Il paese confina con l'Italia?",
        borders("IT"),
    ),
    Spec(
        "q05",
        "Does the country border Austria?",
        "Grenzt das Land an Österreich?",
        "Il paese confina con l'Austria?",
        borders("AT"),
    ),
    Spec(
        "q06",
        "Does the country border Russia?",
        "Grenzt das Land an Russland?",
        "Il paese confina con la Russia?",
        borders("RU"),
    ),
    Spec(
        "q07",
        "Does the country border Serbia?",
        "Grenzt das Land an Serbien?",
        "Il paese confina con la Serbia?",
        borders("RS"),
    ),
    Spec(
        "q08",
        "Does the country border Hungary?",
        "Grenzt das Land an Ungarn?",
        "Il paese confina con l'Ungheria?",
        borders("HU"),
    ),
    Spec(
        "q09",
        "Is the country landlocked, without any sea coast?",
        "Ist das Land ein Binnenstaat ohne Meeresküste?",
        "Il paese è senza sbocco sul mare?",
        yes_if("landlocked", "eq", True),
    ),
    Spec(
        "q10",
        "Does the country have more than four neighbouring countries?",
        "Hat das Land mehr als vier Nachbarländer?",
        "Il paese confina con più di quattro paesi?",
        yes_if("borders", "count_gt", 4),
    ),
    Spec(
        "q11",
        "Does the country have exactly one neighbouring country?",
        "Hat das Land genau ein Nachbarland?",
        "Il paese confina con un solo paese?",
        yes_if("borders", "count_eq", 1),
    ),
    Spec(
        "q12",
        "Is the country without a land border to any other country?",
        "Ist das Land ohne Landgrenze zu einem anderen Land?",
        "Il paese è privo di confini terrestri con altri paesi?",
        yes_if("borders", "count_eq", 0),
    ),
    Spec(
        "q13",
        "Does the country have more than 10 million inhabitants?",
        "Hat das Land mehr als 10 Millionen Einwohner?",
        "Il paese ha più di 10 milioni di abitanti?",
        yes_if("population", "gt", 10_000_000),
    ),
    Spec(
        "q14",
        "Does the country have more than 50 million inhabitants?",
        "Hat das Land mehr als 50 Millionen Einwohner?",
        "Il paese ha più di 50 milioni di abitanti?",
        yes_if("population", "gt", 50_000_000),
    ),
    Spec(
        "q15",
        "Does the country have fewer than one million inhabitants?",
        "Hat das Land weniger als eine Million Einwohner?",
        "Il paese ha meno di un milione di abitanti?",
        yes_if("population", "lt", 1_000_000),
    ),
    Spec(
        "q16",
        "Is the country larger than 100,000 km²?",
        "Ist das Land größer als 100.000 km²?",
        "Il paese è più grande di 100.000 km²?",
        yes_if("area", "gt", 100_000),
    ),
    Spec(
        "q17",
        "Is the country larger than 500,000 km²?",
        "Ist das Land größer als 500.000 km²?",
        "Il paese è più grande di 500.000 km²?",
        yes_if("area", "gt", 500_000),
    ),
    Spec(
        "q18",
        "Is the country smaller than 1,000 km²?",
        "Ist das Land kleiner als 1.000 km²?",
        "Il paese è più piccolo di 1.000 km²?",
        yes_if("area", "lt", 1_000),
    ),
    Spec(
        "q19",
        "Do more than 200 people live per km² in the country?",
        "Leben in dem Land mehr als 200 Menschen pro km²?",
        "Nel paese vivono più di 200 persone per km²?",
        yes_if("density", "gt", 200),
    ),
    Spec(
        "q20",
        "Do fewer than 50 people live per km² in the country?",
        "Leben in dem Land weniger als 50 Menschen pro km²?",
        "Nel paese vivono meno di 50 persone per km²?",
        yes_if("density", "lt", 50),
    ),
    Spec(
        "q21",
        "Is the country's highest point more than 2,000 m high?",
        "Ist der höchste Punkt des Landes höher als 2.000 m?",
        "Il punto più alto del paese supera i 2.000 m?",
        yes_if("highest_point_m", "gt", 2_000),
    ),
    Spec(
        "q22",
        "Is the country's highest point more than 4,000 m high?",
        "Ist der höchste Punkt des Landes höher als 4.000 m?",
        "Il punto più alto del paese supera i 4.000 m?",
        yes_if("highest_point_m", "gt", 4_000),
    ),
    Spec(
        "q23",
        "Is the country's highest point lower than 1,000 m?",
        "Ist der höchste Punkt des Landes niedriger als 1.000 m?",
        "Il punto più alto del paese è sotto i 1.000 m?",
        yes_if("highest_point_m", "lt", 1_000),
    ),
    Spec(
        "q24",
        "Is the country's coastline longer than 1,000 km?",
        "Ist die Küste des Landes länger als 1.000 km?",
        "La costa del paese è più lunga di 1.000 km?",
        yes_if("coastline_km", "gt", 1_000),
    ),
    Spec(
        "q25",
        "Does the country have a coast on the Mediterranean Sea?",
        "Hat das Land eine Küste am Mittelmeer?",
        "Il paese ha una costa sul Mar Mediterraneo?",
        copy("seas.mediterranean"),
    ),
    Spec(
        "q26",
        "Does the country have a coast on the Baltic Sea?",
        "Hat das Land eine Küste an der Ostsee?",
        "Il paese ha una costa sul Mar Baltico?",
        copy("seas.baltic"),
    ),
    Spec(
        "q27",
        "Does the country have a coast on the Black Sea?",
        "Hat das Land eine Küste am Schwarzen Meer?",
        "Il paese ha una costa sul Mar Nero?",
        copy("seas.black_sea"),
    ),
    Spec(
        "q28",
        "Does the country have a coast on the North Sea?",
        "Hat das Land eine Küste an der Nordsee?",
        "Il paese ha una costa sul Mare del Nord?",
        copy("seas.north_sea"),
    ),
    Spec(
        "q29",
        "Does the capital lie on the sea?",
        "Liegt die Hauptstadt am Meer?",
        "La capitale si trova sul mare?",
        tiers(
            when("capital_coast_km", "le", 3),
            when("capital_coast_km", "le", 12, "probably"),
            when("capital_coast_km", "le", 30, "probably_not"),
        ),
    ),
    Spec(
        "q30",
        "Does the capital lie north of latitude 50° N?",
        "Liegt die Hauptstadt nördlich des 50. Breitengrads?",
        "La capitale si trova a nord del 50° parallelo nord?",
        yes_if("capital_lat", "gt", 50),
    ),
    Spec(
        "q31",
        "Does the capital lie east of longitude 20° E?",
        "Liegt die Hauptstadt östlich des 20. Längengrads Ost?",
        "La capitale si trova a est del meridiano 20° est?",
        yes_if("capital_lon", "gt", 20),
    ),
    Spec(
        "q32",
        "Is the capital the country's largest city?",
        "Ist die Hauptstadt die größte Stadt des Landes?",
        "La capitale è la città più grande del paese?",
        copy("capital_largest"),
    ),
    Spec(
        "q33",
        "Is the country a member of the European Union?",
        "Ist das Land Mitglied der Europäischen Union?",
        "Il paese è membro dell'Unione europea?",
        yes_if("memberships.eu", "eq", True),
    ),
    Spec(
        "q34",
        "Do people pay with the euro in the country?",
        "Bezahlt man in dem Land mit dem Euro?",
        "Nel paese si paga con l'euro?",
        yes_if("memberships.euro", "in", ["euro_area", "agreement", "unilateral"]),
    ),
    Spec(
        "q35",
        "Is the country part of the Schengen area?",
        "Gehört das Land zum Schengen-Raum?",
        "Il paese fa parte dello spazio Schengen?",
        tiers(
            when("memberships.schengen", "eq", "member"),
            when("memberships.schengen", "eq", "de_facto", "probably"),
        ),
    ),
    Spec(
        "q36",
        "Is the country a member of NATO?",
        "Ist das Land Mitglied der NATO?",
        "Il paese è membro della NATO?",
        yes_if("memberships.nato", "eq", True),
    ),
    Spec(
        "q37",
        "Was the country part of the Soviet Union?",
        "Gehörte das Land zur Sowjetunion?",
        "Il paese faceva parte dell'Unione Sovietica?",
        copy("soviet_union"),
    ),
    Spec(
        "q38",
        "Was the country part of Yugoslavia?",
        "Gehörte das Land zu Jugoslawien?",
        "Il paese faceva parte della Jugoslavia?",
        copy("yugoslavia"),
    ),
    Spec(
        "q39",
        "Is the country a monarchy?",
        "Ist das Land eine Monarchie?",
        "Il paese è una monarchia?",
        tiers(
            when("government_type", "has_text", "monarchy"),
            when("government_type", "has_text", "principality", "probably"),
        ),
    ),
    Spec(
        "q40",
        "Is German an official language of the country?",
        "Ist Deutsch eine Amtssprache des Landes?",
        "Il tedesco è una lingua ufficiale del paese?",
        tiers(
            when("official_languages", "contains", "German"),
            when("regional_languages", "contains", "German", "probably_not"),
        ),
    ),
    Spec(
        "q41",
        "Is the main language of the country a Slavic language?",
        "Ist die Hauptsprache des Landes eine slawische Sprache?",
        "La lingua principale del paese è una lingua slava?",
        tiers(
            when("main_language", "in", sorted(SLAVIC)),
            when("official_languages", "intersects", sorted(SLAVIC), "probably_not"),
        ),
    ),
    Spec(
        "q42",
        "Do people drive on the left in the country?",
        "Fährt man in dem Land auf der linken Straßenseite?",
        "Nel paese si guida a sinistra?",
        yes_if("drives_on", "eq", "left"),
    ),
    Spec(
        "q43",
        "Does the country have more than one time zone?",
        "Hat das Land mehr als eine Zeitzone?",
        "Il paese ha più di un fuso orario?",
        yes_if("utc_offsets", "count_gt", 1),
    ),
    Spec(
        "q44",
        "Is there red in the country's flag?",
        "Kommt in der Flagge des Landes Rot vor?",
        "C'è il rosso nella bandiera del paese?",
        copy("flag_red"),
    ),
    Spec(
        "q45",
        "Is there a cross in the country's flag?",
        "Ist auf der Flagge des Landes ein Kreuz zu sehen?",
        "C'è una croce nella bandiera del paese?",
        copy("flag_cross"),
    ),
    Spec(
        "q46",
        "Does part of the Alps lie in the country?",
        "Hat das Land Anteil an den Alpen?",
        "Una parte delle Alpi si trova nel paese?",
        copy("alps"),
    ),
    Spec(
        "q47",
        "Does the Danube flow through the country or along its border?",
        "Fließt die Donau durch das Land oder an seiner Grenze entlang?",
        "Il Danubio attraversa il paese o ne segna il confine?",
        yes_if("danube", "eq", True),
    ),
    Spec(
        "q48",
        "Has the country hosted the Olympic Games?",
        "War das Land schon Gastgeber Olympischer Spiele?",
        "Il paese ha già ospitato i Giochi olimpici?",
        copy("olympics"),
    ),
    Spec(
        "q49",
        "Does part of the country lie north of the Arctic Circle?",
        "Liegt ein Teil des Landes nördlich des Polarkreises?",
        "Una parte del paese si trova a nord del Circolo polare artico?",
        copy("arctic_circle"),
    ),
    Spec(
        "q50",
        "Does part of the country lie in Asia?",
        "Liegt ein Teil des Landes in Asien?",
        "Una parte del paese si trova in Asia?",
        copy("asia"),
    ),
)

SEEKER_QUESTIONS: tuple[Spec, ...] = (
    Spec(
        "q51",
        "Would X like to spend a holiday there?",
        "Würde X dort gern Urlaub machen?",
        "X vorrebbe trascorrere una vacanza lì?",
    ),
    Spec(
        "q52",
        "Would X like to live in this country?",
        "Würde X gern in diesem Land leben?",
        "X vorrebbe vivere in questo paese?",
    ),
    Spec(
        "q53",
        "Has X ever been to this country?",
        "War X schon einmal in diesem Land?",
        "X ha mai visitato questo paese?",
    ),
    Spec(
        "q54",
        "Could X order a meal there in the local language?",
        "Könnte X dort in der Landessprache ein Essen bestellen?",
        "X saprebbe ordinare un pasto nella lingua del posto?",
    ),
    Spec(
        "q55",
        "Would X enjoy the food there?",
        "Würde X das Essen dort schmecken?",
        "A X piacerebbe la cucina di questo paese?",
    ),
    Spec(
        "q56",
        "Would X like the weather there?",
        "Würde X das Wetter dort gefallen?",
        "A X piacerebbe il clima di questo paese?",
    ),
    Spec(
        "q57",
        "Could X name three cities in this country?",
        "Könnte X drei Städte in diesem Land nennen?",
        "X saprebbe nominare tre città di questo paese?",
    ),
    Spec(
        "q58",
        "Would X like to go hiking there for a week?",
        "Würde X dort gern eine Woche lang wandern?",
        "X farebbe volentieri una settimana di escursioni lì?",
    ),
    Spec(
        "q59",
        "Would X like to study there for a year?",
        "Würde X gern ein Jahr dort studieren?",
        "X vorrebbe studiare lì per un anno?",
    ),
    Spec(
        "q60",
        "Does X know someone who lives in this country?",
        "Kennt X jemanden, der in diesem Land lebt?",
        "X conosce qualcuno che vive in questo paese?",
    ),
    Spec(
        "q61",
        "Would X travel there by train?",
        "Würde X mit dem Zug dorthin reisen?",
        "X ci andrebbe in treno?",
    ),
    Spec(
        "q62",
        "Would X like to celebrate New Year's Eve in the capital?",
        "Würde X gern Silvester in der Hauptstadt feiern?",
        "X vorrebbe festeggiare il Capodanno nella capitale?",
    ),
    Spec(
        "q63",
        "Could X sing along to a song from this country?",
        "Könnte X ein Lied aus diesem Land mitsingen?",
        "X saprebbe cantare una canzone di questo paese?",
    ),
    Spec(
        "q64",
        "Would X feel at home there?",
        "Würde X sich dort zu Hause fühlen?",
        "X si sentirebbe a casa lì?",
    ),
    Spec(
        "q65",
        "Would X like to drive through this country by car?",
        "Würde X gern mit dem Auto durch dieses Land fahren?",
        "A X piacerebbe attraversare questo paese in auto?",
    ),
    Spec(
        "q66",
        "Has X ever eaten a dish from this country?",
        "Hat X schon einmal ein Gericht aus diesem Land gegessen?",
        "X ha mai mangiato un piatto di questo paese?",
    ),
    Spec(
        "q67",
        "Would X like to work there for a few years?",
        "Würde X gern ein paar Jahre dort arbeiten?",
        "X vorrebbe lavorare lì per qualche anno?",
    ),
    Spec(
        "q68",
        "Could X find this country on a map without names?",
        "Würde X dieses Land auf einer Karte ohne Namen finden?",
        "X saprebbe trovare questo paese su una carta muta?",
    ),
    Spec(
        "q69",
        "Would X bring a souvenir home from there?",
        "Würde X von dort ein Andenken mitbringen?",
        "X porterebbe a casa un souvenir da lì?",
    ),
    Spec(
        "q70",
        "Would X like to watch a football match there?",
        "Würde X dort gern ein Fußballspiel sehen?",
        "A X piacerebbe vedere una partita di calcio lì?",
    ),
    Spec(
        "q71",
        "Would X like to spend a summer at the country's beaches or lakes?",
        "Würde X gern einen Sommer an den Stränden oder Seen des Landes verbringen?",
        "A X piacerebbe passare un'estate sulle spiagge o sui laghi del paese?",
    ),
    Spec(
        "q72",
        "Would X like to spend their retirement there?",
        "Würde X dort gern den Ruhestand verbringen?",
        "X vorrebbe trascorrere lì la pensione?",
    ),
    Spec(
        "q73",
        "Could X name the country's capital without looking at the card?",
        "Könnte X die Hauptstadt des Landes nennen, ohne auf die Karte zu schauen?",
        "X saprebbe dire la capitale del paese senza guardare la carta?",
    ),
)

ALL: tuple[Spec, ...] = COUNTRY_QUESTIONS + SEEKER_QUESTIONS


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
