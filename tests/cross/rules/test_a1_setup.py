"""RULES.md A1 (setup), the edition table and the player count of Part A."""

from __future__ import annotations

import json
from typing import Any

import pytest

from geodeck import Accept, Challenge, Game, Place, RecordError, SetupError, new_game
from geodeck.cli.summary import summary_of
from geodeck.cross import EDITIONS
from geodeck.decks.cards import DeckError

from . import scenario as sc
from .scenario import card


def setup_of(game: Game) -> tuple[str, list[str], list[str]]:
    setup = game.to_record()["setup"]
    return setup["start"], setup["draw"], setup["reserve"]


def test_a1_deal_three_stacks_of_fifteen_with_two_intermezzos() -> None:
    """RULES.md A1.1: the draw pile is stack 1, intermezzo, stack 2, intermezzo, stack 3
    (45 place cards, 2 intermezzos); the rest of the deck is the reserve."""
    deck = sc.numbered_deck(60)
    game = sc.deal(seed=7, deck=deck)
    start, draw, reserve = setup_of(game)
    assert len(draw) == 47
    assert [i for i, c in enumerate(draw) if c == "intermezzo"] == [15, 31]
    places = [c for c in draw if c != "intermezzo"]
    assert len(places) == 45
    assert len(set(places)) == 45
    assert start not in places
    assert len(reserve) == 60 - 45 - 1
    assert sorted([start, *places, *reserve]) == sorted(deck)
    assert game.to_record()["cards"] == deck


def test_a1_first_card_drawn_is_top_of_stack_one() -> None:
    """RULES.md A1.1, A2: seat 0 begins by drawing the top card of the draw pile; 14 cards
    of stack 1 remain before the first intermezzo."""
    game = sc.deal(seed=3)
    _, draw, _ = setup_of(game)
    view = game.view(0)
    assert game.expects() == ((0,), "place")
    assert view["current"] == draw[0]
    assert view["until_scoring"] == 14
    assert view["draw_left"] == 44
    assert view["reserve_left"] == 14


def test_a1_draw_pile_and_reserve_stay_hidden() -> None:
    """RULES.md A1, A2: which cards lie in the draw pile and the reserve is not public;
    a seat's view names only the card drawn and the start card, and the start card's data
    is hidden too."""
    deck = sc.numbered_deck(60)
    game = sc.deal(seed=4, deck=deck)
    start, draw, reserve = setup_of(game)
    current = draw[0]
    for seat in (0, 1, None):
        view = game.view(seat)
        assert sorted(view["cards"]) == sorted([start, current])
        assert view["cards"][start] == {"id": start, "name": deck[start]["name"], "kind": "place"}
        text = json.dumps(view)
        for hidden in [*draw[1:], *reserve]:
            if hidden != "intermezzo":
                assert f'"{hidden}"' not in text


def test_a1_start_card_comes_from_the_reserve() -> None:
    """RULES.md A1.2: the start card is a card that is not in the draw pile; it lies alone
    on both lines of the cross."""
    game = sc.deal(seed=11)
    start, draw, reserve = setup_of(game)
    assert start not in draw
    assert start not in reserve
    assert sc.lines(game) == {"west-east": [start], "north-south": [start]}
    assert game.view(None)["start"] == start


def test_a1_later_start_cards_come_from_the_reserve_in_order() -> None:
    """RULES.md A1.2, A6.4: with a 48-card deck the reserve holds the two start cards the
    intermezzos need, used in order."""
    game = sc.deal(seed=5, deck=sc.numbered_deck(48))
    start, draw, reserve = setup_of(game)
    assert len(reserve) == 2
    places = [c for c in draw if c != "intermezzo"]
    assert sorted([start, *reserve, *places]) == sorted(sc.numbered_deck(48))
    sc.autoplay(game)
    starts = [e["card"] for e in sc.history(game) if e["event"] == "start"]
    assert starts == [start, *reserve]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a1_four_chips_each_and_box_minus_four_per_player_in_supply(players: int) -> None:
    """RULES.md A1.3: each player gets 4 chips; the supply holds the box total (35 in
    Uppsala) minus 4 per player."""
    game = sc.deal(seats=players)
    assert sc.hands(game) == [4] * players
    assert sc.supply(game) == 35 - 4 * players
    assert game.to_record()["chips"] == {"each": 4, "box": 35}


def test_a1_same_seed_deals_the_same_game() -> None:
    """RULES.md A1.1: the shuffle is deterministic from the game's seed."""
    one = sc.deal(seed=42)
    two = sc.deal(seed=42)
    assert one.to_record() == two.to_record()
    assert one.view(None) == two.view(None)


def test_a1_record_of_a_dealt_game_replays_to_the_same_state() -> None:
    """RULES.md A1.1, RECORDS.md: the dealt setup is explicit in the record, so replaying
    the record of a game in progress gives the same state."""
    game = sc.deal(seed=13)
    sc.play(game, Place(0, "west-east", 0), Accept(1), Challenge(2, game.view(None)["start"]))
    again = Game.from_record(game.to_record())
    assert again.view(None) == game.view(None)
    assert summary_of(again) == summary_of(game)


def test_a1_another_seed_deals_another_game() -> None:
    """RULES.md A1.1: a different seed gives a different shuffle."""
    draws = {tuple(setup_of(sc.deal(seed=seed))[1]) for seed in (1, 2, 3)}
    assert len(draws) == 3


def test_a1_max_difficulty_removes_harder_cards_before_shuffling() -> None:
    """RULES.md A1.4: with max_difficulty 2 no card of difficulty 3 is dealt anywhere, and
    every card at or below it is (the deck holds exactly 50 of them)."""
    deck = sc.numbered_deck(75)
    game = sc.deal(deck=deck, options={"max_difficulty": 2}, seed=9)
    easy = sorted(c for c, data in deck.items() if data["difficulty"] <= 2)
    assert len(easy) == 50
    start, draw, reserve = setup_of(game)
    dealt = sorted([start, *(c for c in draw if c != "intermezzo"), *reserve])
    assert dealt == easy
    assert sorted(game.to_record()["cards"]) == easy
    assert game.to_record()["options"] == {"max_difficulty": 2}


def test_a1_max_difficulty_three_keeps_every_card() -> None:
    """RULES.md A1.4: difficulty runs from 1 to 3, so max_difficulty 3 removes nothing."""
    deck = sc.numbered_deck(75)
    game = sc.deal(deck=deck, options={"max_difficulty": 3})
    assert sorted(game.to_record()["cards"]) == sorted(deck)


def test_a1_max_difficulty_leaving_too_few_cards_is_refused() -> None:
    """RULES.md A1.4, A1.5: the 25 cards of difficulty 1 are fewer than 48."""
    with pytest.raises(SetupError) as caught:
        sc.deal(deck=sc.numbered_deck(75), options={"max_difficulty": 1})
    assert caught.value.rule == "A1.5"
    assert "25" in caught.value.message
    assert "48" in caught.value.message


@pytest.mark.parametrize("limit", [0, 4, -1, "2", 2.0, True])
def test_a1_max_difficulty_must_be_one_to_three(limit: Any) -> None:
    """RULES.md A1.4: difficulty is 1, 2 or 3; anything else as a limit is refused (a bool
    is not a difficulty, although Python counts True as 1)."""
    with pytest.raises(SetupError) as caught:
        sc.deal(options={"max_difficulty": limit})
    assert caught.value.rule == "A1.4"
    assert caught.value.code == "setup/invalid"


@pytest.mark.parametrize("options", [{"max_dificulty": 2}, {"max_difficulty": 2, "speed": 1}])
def test_a1_unknown_options_are_refused(options: dict[str, Any]) -> None:
    """RULES.md A1.4: ``max_difficulty`` is the cross family's one option; a misspelt or
    unknown one is refused rather than stored and ignored."""
    with pytest.raises(SetupError) as caught:
        sc.deal(deck=sc.numbered_deck(60), options=options)
    assert caught.value.code == "setup/invalid"
    assert "max_difficulty" in caught.value.message


def test_a1_a_record_with_an_unknown_option_still_replays() -> None:
    """Records stored before unknown options were refused keep replaying."""
    record = sc.deal(seed=3).to_record()
    record["options"] = {"speed": 1}
    assert Game.from_record(record).to_record()["options"] == {"speed": 1}


def test_a1_max_difficulty_needs_a_difficulty_on_every_card() -> None:
    """RULES.md A1.4: the deck data defines each card's difficulty, 1 to 3; a card without
    one cannot be sorted in or out, so the option is refused, naming the card."""
    deck = sc.numbered_deck(60)
    del deck["p017"]["difficulty"]
    with pytest.raises(SetupError) as caught:
        sc.deal(deck=deck, options={"max_difficulty": 2})
    assert caught.value.rule == "A1.4"
    assert "p017" in caught.value.message
    assert len(sc.deal(deck=deck).to_record()["cards"]) == 60


@pytest.mark.parametrize("difficulty", [0, 4, True, "1"])
@pytest.mark.parametrize("options", [{}, {"max_difficulty": 2}])
def test_a1_a_difficulty_other_than_one_to_three_is_refused(
    difficulty: Any, options: dict[str, Any]
) -> None:
    """RULES.md A1.4: a difficulty is 1, 2 or 3; a card with another one breaks the deck
    rules (docs/data.md, Deck files), with the option or without it, naming the card."""
    deck = sc.numbered_deck(60)
    deck["p017"]["difficulty"] = difficulty
    with pytest.raises(DeckError) as caught:
        sc.deal(deck=deck, options=options)
    assert caught.value.rule == "A1.4"
    assert caught.value.code == "deck/invalid"
    assert "p017" in caught.value.message


def test_a1_column_variant_deals_only_cards_with_its_number() -> None:
    """RULES.md A1.5: in the population variant the deck holds only cards that carry a
    population (sights have none); the geo variant uses all of them."""
    deck = sc.numbered_deck(50, sights=10)
    column = sc.deal(deck=deck, variant="population", seed=1)
    start, draw, reserve = setup_of(column)
    dealt = sorted([start, *(c for c in draw if c != "intermezzo"), *reserve])
    assert dealt == sorted(c for c in deck if c.startswith("p"))
    assert sc.lines(column) == {"column": [start]}
    geo = sc.deal(deck=deck, seed=1)
    assert sorted(geo.to_record()["cards"]) == sorted(deck)


def test_a1_column_deck_with_fewer_than_48_cards_is_refused() -> None:
    """RULES.md A1.5: 47 cards with a population (plus 10 sights) are too few for the
    population variant: a clear error before the game starts; geo can still be dealt."""
    deck = sc.numbered_deck(47, sights=10)
    with pytest.raises(SetupError) as caught:
        sc.deal(deck=deck, variant="population")
    assert caught.value.rule == "A1.5"
    assert caught.value.code == "setup/invalid"
    message = caught.value.message
    assert "47" in message
    assert "48" in message
    assert "population" in message
    assert len(sc.deal(deck=deck).to_record()["cards"]) == 57


@pytest.mark.parametrize("size", [0, 1, 47])
def test_a1_deck_with_fewer_than_48_cards_is_refused(size: int) -> None:
    """RULES.md A1.5: 45 cards to draw and three start cards are needed."""
    with pytest.raises(SetupError) as caught:
        sc.deal(deck=sc.numbered_deck(size))
    assert caught.value.rule == "A1.5"
    assert f"{size} playable cards" in caught.value.message


def test_a1_deck_of_exactly_48_cards_is_dealt() -> None:
    """RULES.md A1.5: 48 cards are enough; the reserve then holds the two later start cards."""
    game = sc.deal(deck=sc.numbered_deck(48))
    assert len(setup_of(game)[2]) == 2


def test_a1_explicit_record_setup_is_played_as_it_stands() -> None:
    """RULES.md A1.5 (last sentence), RECORDS.md: a record's setup of three cards and one
    intermezzo is played as it stands in a column variant."""
    cards = {"a": sc.pop("A", 10), "b": sc.pop("B", 20), "c": sc.pop("C", 30)}
    game = sc.scenario(cards, start="a", draw=["b", "intermezzo"], variant="population", seats=2)
    assert game.expects() == ((0,), "place")
    assert game.view(0)["current"] == "b"
    assert sc.lines(game) == {"column": ["a"]}


def test_a1_record_column_card_without_its_number_is_refused() -> None:
    """RULES.md A1.5, RECORDS.md: a column variant needs its number on every card that can
    be drawn; a sight without population cannot be in the draw pile."""
    cards = {
        "a": sc.pop("A", 10),
        "tower": card("Tower", 1.0, 1.0, kind="sight"),
    }
    with pytest.raises(RecordError) as caught:
        Game.from_record(sc.record(cards, start="a", draw=["tower"], variant="population", seats=2))
    assert caught.value.rule == "A1.5"
    assert "tower" in caught.value.message


@pytest.mark.parametrize(
    ("game", "box"), [("uppsala", 35), ("buxtehude", 36), ("italia", 35), ("world", 35)]
)
def test_a1_edition_box_totals(game: str, box: int) -> None:
    """RULES.md Part A table, A1.3: chips in the box per edition; 3 players keep 12."""
    dealt = sc.deal(game)
    view = dealt.view(None)
    assert view["box"] == box
    assert view["supply"] == box - 12
    assert view["game"] == game


EDITION_VARIANTS = {
    "uppsala": ["geo", "population"],
    "buxtehude": ["geo", "population", "area"],
    "italia": ["geo", "population", "area", "altitude"],
    "world": ["geo", "population"],
}
ALL_VARIANTS = ["geo", "population", "area", "altitude"]


@pytest.mark.parametrize(
    ("game", "variant"),
    [(g, v) for g, variants in EDITION_VARIANTS.items() for v in variants],
)
def test_a1_edition_variants_are_dealt(game: str, variant: str) -> None:
    """RULES.md Part A table: each edition's variants can be dealt, with the lines A2
    gives them."""
    dealt = sc.deal(game, variant=variant)
    assert dealt.view(None)["variant"] == variant
    expected = ["west-east", "north-south"] if variant == "geo" else ["column"]
    assert list(sc.lines(dealt)) == expected


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        *(
            (g, v)
            for g, variants in EDITION_VARIANTS.items()
            for v in ALL_VARIANTS
            if v not in variants
        ),
        *((g, "elevation") for g in EDITION_VARIANTS),
        ("uppsala", "Geo"),
    ],
)
def test_a1_edition_without_variant_is_refused(game: str, variant: str) -> None:
    """RULES.md Part A table: a variant an edition does not have is a setup error that
    names the variants it has."""
    with pytest.raises(SetupError) as caught:
        sc.deal(game, variant=variant)
    assert caught.value.code == "setup/invalid"
    assert repr(variant) in caught.value.message
    for known in EDITION_VARIANTS[game]:
        assert known in caught.value.message


def test_a1_record_with_variant_its_edition_lacks_is_refused() -> None:
    """RULES.md Part A table: an uppsala record in the area variant is rejected."""
    cards = {"a": card("A", 1, 1, 5, area=5.0), "b": card("B", 2, 2, 6, area=6.0)}
    with pytest.raises(RecordError) as caught:
        Game.from_record(sc.record(cards, start="a", draw=["b"], variant="area"))
    assert "area" in caught.value.message


def test_a1_buxtehude_column_variants_are_marked_as_extensions() -> None:
    """RULES.md Part A table: the Buxtehude rulebook has no variant; population and area
    are geodeck extensions, marked as such. The other editions' variants are printed."""
    assert EDITIONS["buxtehude"].variants == ("geo",)
    assert EDITIONS["buxtehude"].extensions == ("population", "area")
    assert EDITIONS["uppsala"].variants == ("geo", "population")
    assert EDITIONS["italia"].variants == ("geo", "population", "area", "altitude")
    assert EDITIONS["world"].variants == ("geo", "population")
    for edition in ("uppsala", "italia", "world"):
        assert EDITIONS[edition].extensions == ()


def test_a1_unknown_game_is_refused() -> None:
    """RULES.md Part A: the cross family has four editions."""
    with pytest.raises(SetupError) as caught:
        new_game("helsinki", ["Ann", "Ben"], deck=sc.numbered_deck(60))
    assert "helsinki" in caught.value.message


@pytest.mark.parametrize("players", [0, 1, 7])
def test_a1_two_to_six_players(players: int) -> None:
    """RULES.md Part A: players 2 to 6."""
    names = [f"P{i}" for i in range(players)]
    with pytest.raises(SetupError) as caught:
        new_game("uppsala", names, deck=sc.numbered_deck(60))
    assert "2 to 6" in caught.value.message


def test_a1_seat_zero_begins() -> None:
    """RULES.md Part A: the first seat listed begins."""
    game = sc.deal(seats=5, seed=8)
    assert game.expects() == ((0,), "place")
    assert [e["event"] for e in sc.history(game)] == ["start", "draw"]
    assert sc.history(game)[1]["seat"] == 0
