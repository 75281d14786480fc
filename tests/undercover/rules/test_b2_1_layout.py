"""RULES.md B2.1: laying out the country cards of a round."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from geodeck import Game, RecordError, SetupError
from geodeck.cli.summary import summary_of
from tests.undercover import support as sc


def colours(layout: list[str], deck: dict[str, Any] | None = None) -> Counter[str]:
    data = (deck or sc.mini_deck())["countries"]
    return Counter(data[c]["colour"] for c in layout)


@pytest.mark.parametrize("seed", range(12))
def test_b2_1_sixteen_countries_at_most_four_of_a_colour(seed: int) -> None:
    """RULES.md B2.1: 16 countries lie out, at most 4 of one colour, in every round."""
    game = sc.dealt(3, seed=seed)
    layouts = game.to_record()["setup"]["layouts"]
    assert len(layouts) == 6
    for layout in layouts:
        assert len(layout) == len(set(layout)) == 16
        assert max(colours(layout).values()) <= 4


def test_b2_1_a_fifth_card_of_a_colour_goes_under_the_stack() -> None:
    """RULES.md B2.1: with 10 nordic countries and 12 others (4 in each of three colours),
    every layout holds exactly 4 nordic countries and all 12 others: each card that would
    be the 5th nordic one went under the stack and the others came up."""
    deck = sc.mini_deck()
    names = ["Aland", "Bornholm", "Faroe", "Gotland", "Lofoten"]
    for i, name in enumerate(names):
        deck["countries"][f"N{i}"] = {"name": name, "colour": "nordic"}
    keep = {"SE", "NO", "FI", "DK", "EE", *(f"N{i}" for i in range(5))}
    keep |= {"GB", "IE", "FR", "NL", "ES", "PT", "IT", "DE", "GR", "UA", "TR", "AT"}
    deck["countries"] = {c: d for c, d in deck["countries"].items() if c in keep}
    deck["countries"]["DE"]["colour"] = "southwest"
    deck["countries"]["AT"]["colour"] = "east"
    for question in deck["questions"].values():
        if "answers" in question:
            question["answers"] = dict.fromkeys(deck["countries"], "no")
    others = keep - {"SE", "NO", "FI", "DK", "EE", *(f"N{i}" for i in range(5))}
    for seed in range(20):
        game = sc.dealt(3, seed=seed, deck=deck)
        for layout in game.to_record()["setup"]["layouts"]:
            assert colours(layout, deck)["nordic"] == 4
            assert set(layout) >= others


def test_b2_1_a_deck_that_cannot_fill_a_layout_is_refused() -> None:
    """RULES.md B2.1: 16 countries with at most 4 of a colour need enough colours."""
    deck = sc.mini_deck()
    deck["countries"] = {c: d for c, d in deck["countries"].items() if d["colour"] != "west"}
    with pytest.raises(SetupError) as err:
        sc.dealt(deck=deck)
    assert err.value.rule == "B2.1"


def test_b2_1_a_new_layout_each_round() -> None:
    """RULES.md B2.1: the country cards are shuffled again for every round."""
    layouts = sc.dealt(3, seed=5).to_record()["setup"]["layouts"]
    assert len({tuple(layout) for layout in layouts}) == len(layouts)


def test_b2_1_the_seed_fixes_the_layouts() -> None:
    """RULES.md B2.1, RECORDS.md: a seed deals the same layouts every time."""
    first = sc.dealt(4, seed=99).to_record()["setup"]["layouts"]
    assert sc.dealt(4, seed=99).to_record()["setup"]["layouts"] == first
    assert sc.dealt(4, seed=100).to_record()["setup"]["layouts"] != first


def test_b2_1_a_record_layout_is_played_as_given() -> None:
    """RECORDS.md: ``setup.layouts`` gives the laid-out countries of each round in order."""
    game = sc.scenario()
    assert summary_of(game)["layout"] == sc.LAYOUT
    assert [c["id"] for c in game.view(None)["layout"]] == sc.LAYOUT


def test_b2_1_rounds_without_a_layout_are_dealt_from_the_seed() -> None:
    """RECORDS.md: rounds without a layout are dealt from ``seed`` by rule B2.1, the same
    way whatever the earlier layouts were."""
    one = sc.scenario(seed=3).to_record()["setup"]["layouts"]
    none = sc.scenario(seed=3, layouts=[]).to_record()["setup"]["layouts"]
    assert one[0] == sc.LAYOUT
    assert len(one) == len(none) == 8
    assert one[1:] == none[1:]
    for layout in one[1:]:
        assert len(layout) == 16
        assert max(colours(layout).values()) <= 4


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda layout: layout[:15], "lists 15 countries"),
        (lambda layout: [*layout[:15], "EE"], "5 countries of colour 'nordic'"),
        (lambda layout: [*layout[:15], "ES"], "twice"),
        (lambda layout: [*layout[:15], "XX"], "does not embed"),
    ],
)
def test_b2_1_a_record_layout_breaking_the_rule_is_rejected(change: Any, words: str) -> None:
    """RECORDS.md: a layout with the wrong number of countries, more than 4 of a colour,
    a country twice or an unknown country is rejected."""
    with pytest.raises(RecordError) as err:
        Game.from_record(sc.record(layouts=[change(list(sc.LAYOUT))]))
    assert err.value.rule == "B2.1"
    assert words in err.value.message


def test_b2_1_more_layouts_than_rounds_are_rejected() -> None:
    """RECORDS.md, B3: four players play 8 rounds, so a ninth layout is an error."""
    with pytest.raises(RecordError):
        Game.from_record(sc.record(layouts=[sc.LAYOUT] * 9))
