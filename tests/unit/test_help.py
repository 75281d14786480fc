"""The rules help (``web/help/LANG.json`` and ``web/help/index.json``): every section in
English, German and Italian alike, every edition described, and every kind of move an
engine can ask for (``Expects.kind``) and every moment the table waits after pointing at a
section (RULES.md A2-A7 and B2-B4 are what the sections restate)."""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import pytest

import geodeck
from geodeck.core.game import Game
from geodeck.server.timing import moments
from tests.support import random_step

LANGUAGES = ("en", "de", "it")
PARTS = ("body", "geo", "column")


def load(name: str) -> Any:
    folder = resources.files("geodeck") / "web" / "help"
    return json.loads((folder / f"{name}.json").read_text("utf-8"))


def families() -> dict[str, type[Game]]:
    """Each family the engine knows, by name: the classes behind every game id."""
    return {cls.family: cls for cls in set(Game._families.values())}


def games_of(family: str) -> set[str]:
    return {game for game, cls in Game._families.items() if cls.family == family}


def kinds_played(game: str, seed: int) -> set[str]:
    """Every ``expects().kind`` one random game of ``game`` asks for, start to end."""
    rng = random.Random(seed)
    seats = ["A", "B", "C"]
    played = geodeck.new_game(game, seats, seed=seed)
    kinds: set[str] = set()
    while not played.finished:
        kind = played.expects().kind
        assert kind is not None
        kinds.add(kind)
        random_step(played, rng)
    return kinds


def test_the_index_covers_every_family_and_nothing_else() -> None:
    assert set(load("index")) == set(families())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_section_is_there_in_each_language_in_the_same_order(language: str) -> None:
    index = load("index")
    english = load("en")
    table = load(language)
    assert set(table) == set(index)
    for family, entry in index.items():
        sections = table[family]["sections"]
        ids = [section["id"] for section in sections]
        assert ids == list(entry["sections"]), (language, family)
        assert table[family]["title"].strip(), (language, family)
        for section, original in zip(sections, english[family]["sections"], strict=True):
            assert section["title"].strip(), (language, section["id"])
            assert section["body"], (language, section["id"])
            for part in PARTS:
                # A translation has as many paragraphs as the English, none of them empty.
                assert len(section.get(part, [])) == len(original.get(part, [])), (
                    language,
                    section["id"],
                    part,
                )
                assert all(text.strip() for text in section.get(part, []))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_edition_of_a_family_is_described(language: str) -> None:
    table = load(language)
    for family in families():
        editions = table[family]["editions"]
        assert set(editions) == games_of(family), (language, family)
        assert all(text.strip() for text in editions.values())


def test_every_prompt_and_moment_names_a_section_of_its_family() -> None:
    for family, entry in load("index").items():
        sections = set(entry["sections"])
        for kind, section in {**entry["prompts"], **entry["moments"]}.items():
            assert section in sections, (family, kind, section)


@pytest.mark.parametrize("game", sorted(Game._families))
def test_every_kind_of_move_the_engine_asks_for_has_help(game: str) -> None:
    cls = Game.family_of(game)
    prompts = load("index")[cls.family]["prompts"]
    kinds = set(cls.move_rules) | kinds_played(game, seed=len(game))
    assert len(kinds) >= 3
    assert sorted(kinds - set(prompts)) == []
    # ... and the help names no kind the engine never asks for.
    assert sorted(set(prompts) - set(cls.move_rules)) == []


def test_every_moment_the_table_waits_after_has_help() -> None:
    index = load("index")
    for event in moments():
        family = event.__module__.split(".")[1]
        name = getattr(event, "event")  # noqa: B009 (each family's events name their event)
        assert name in index[family]["moments"], (family, name)


def test_the_lobby_help_has_the_same_sections_in_each_language() -> None:
    """How tables, codes, seats and bots work (``web/help/lobby.json``), as the lobby's
    help dialog shows it: the same sections, each with as many paragraphs, in each language."""
    lobby = load("lobby")
    assert set(lobby) == set(LANGUAGES)
    english = lobby["en"]["sections"]
    assert {"tables", "seats", "bots"} <= {section["id"] for section in english}
    for language in LANGUAGES:
        text = lobby[language]
        assert text["title"].strip(), language
        assert [s["id"] for s in text["sections"]] == [s["id"] for s in english], language
        for section, original in zip(text["sections"], english, strict=True):
            assert section["title"].strip(), (language, section["id"])
            assert len(section["body"]) == len(original["body"]), (language, section["id"])
            assert all(said.strip() for said in section["body"]), (language, section["id"])
            if language != "en":
                assert section["body"] != original["body"], (language, section["id"])
