"""One set of rules for a place card (docs/data.md, Deck files; RULES.md A1): a deck file
read for ``geodeck play --deck``, ``new_game(deck=...)`` and a table's deck on the server
refuse the same card with the same error, ``DeckError`` (code ``deck/invalid``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import geodeck
from geodeck.cli.files import read_deck_file
from geodeck.core.errors import GeodeckError
from geodeck.decks.cards import DeckError
from geodeck.decks.files import deck_cards, table_deck
from tests.support import BAD_CARDS, sample_cards, with_a_bad_card


@pytest.mark.parametrize("fault", sorted(BAD_CARDS))
def test_new_game_refuses_a_bad_card_as_the_deck_file_reader_does(
    tmp_path: Path, fault: str
) -> None:
    cards = with_a_bad_card(fault)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"cards": cards}), "utf-8")
    with pytest.raises(GeodeckError) as by_file:
        read_deck_file(path)
    with pytest.raises(GeodeckError) as by_engine:
        geodeck.new_game("uppsala", ["Ann", "Ben"], seed=1, deck=cards)
    with pytest.raises(GeodeckError) as by_table:
        table_deck([{"id": cid, **card} for cid, card in cards.items()])
    errors = [by_file.value, by_engine.value, by_table.value]
    assert [type(error) for error in errors] == [DeckError] * 3
    assert {error.code for error in errors} == {"deck/invalid"}
    said = by_engine.value.message
    broken = said.removeprefix("card 'berlin': ")
    assert broken != said
    assert by_file.value.message == f"deck file {path}: {said}"
    assert by_table.value.message.endswith(f"('berlin'): {broken}")


def test_population_minus_100_is_refused_everywhere() -> None:
    """The case that used to slip through ``new_game`` and so the server."""
    cards = with_a_bad_card("population -100")
    with pytest.raises(DeckError, match="'population' must be a number of at least 0"):
        geodeck.new_game("uppsala", ["Ann", "Ben"], seed=1, deck=cards)
    with pytest.raises(DeckError, match="'population' must be a number of at least 0"):
        deck_cards({"cards": cards})


def test_a_record_with_a_bad_card_is_a_record_error() -> None:
    """A record's cards are held to the same rules; breaking one is a ``RecordError``."""
    record = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=1, deck=sample_cards()).to_record()
    record["cards"]["berlin"]["kind"] = " "
    with pytest.raises(geodeck.RecordError, match="'kind' must be a non-empty string"):
        geodeck.Game.from_record(record)


def test_the_rules_let_a_good_deck_through_unchanged() -> None:
    cards = sample_cards()
    assert deck_cards({"cards": cards}) == cards
    assert table_deck(cards) is cards
    game = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=1, deck=table_deck({"cards": cards}))
    assert set(game.to_record()["cards"]) <= set(cards)
