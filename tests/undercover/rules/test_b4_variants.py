"""RULES.md B4: the easy and hard variants."""

from __future__ import annotations

from collections import Counter

import pytest

from geodeck import Game, RecordError, SetupError
from geodeck.cli.summary import summary_of
from tests.undercover import support as sc


@pytest.mark.parametrize("seed", range(8))
def test_b4_easy_lays_out_twelve_at_most_three_of_a_colour(seed: int) -> None:
    """RULES.md B4, B2.1: ``easy`` lays out 12 countries, at most 3 of one colour."""
    data = sc.countries()
    game = sc.dealt(4, variant="easy", seed=seed)
    for layout in game.to_record()["setup"]["layouts"]:
        assert len(set(layout)) == 12
        assert max(Counter(data[c]["colour"] for c in layout).values()) <= 3


def test_b4_an_easy_record_layout_with_four_of_a_colour_is_rejected() -> None:
    """RECORDS.md: an easy layout has 12 countries, at most 3 of a colour."""
    layout = [*sc.EASY_LAYOUT[:11], "DK"]
    with pytest.raises(RecordError) as err:
        Game.from_record(sc.record(variant="easy", layouts=[layout]))
    assert err.value.rule == "B2.1"
    with pytest.raises(RecordError):
        Game.from_record(sc.record(variant="easy", layouts=[sc.LAYOUT]))


def test_b4_standard_is_the_default_variant() -> None:
    """RULES.md B4: without a variant the game is ``standard``: 16 countries."""
    game = sc.dealt(4)
    assert game.variant == "standard"
    assert len(summary_of(game)["layout"]) == 16


@pytest.mark.parametrize("remove", [1, 3, 5])
def test_b4_hard_removes_that_many_questions_about_the_country(remove: int) -> None:
    """RULES.md B4: ``hard`` takes the chosen number of questions about the country out
    of the question pile at the start; questions about a seeker all stay."""
    game = sc.dealt(4, variant="hard", options={"remove_country_questions": remove}, seed=6)
    pile = game.to_record()["setup"]["questions"]
    assert len(pile) == len(sc.PILE) - remove
    assert set(sc.SEEKER_QUESTIONS) <= set(pile)
    assert len(set(sc.COUNTRY_QUESTIONS) - set(pile)) == remove


def test_b4_the_removed_questions_come_from_the_seed() -> None:
    """RULES.md B4 as geodeck settles it: the removed questions are drawn from the seed,
    so the same seed removes the same ones and other seeds others."""
    options = {"remove_country_questions": 3}

    def removed(seed: int) -> frozenset[str]:
        game = sc.dealt(4, variant="hard", options=options, seed=seed)
        return frozenset(sc.PILE) - frozenset(game.to_record()["setup"]["questions"])

    assert removed(1) == removed(1)
    assert len({removed(seed) for seed in range(10)}) > 1


def test_b4_a_hard_record_without_a_pile_removes_from_the_seed() -> None:
    """RECORDS.md: a record without ``setup.questions`` deals the pile from the seed, after
    the hard variant's removal, exactly as a new game with that seed does."""
    options = {"remove_country_questions": 4}
    rec = sc.record(variant="hard", options=options, pile=None, layouts=[], seed=21)
    from_record = Game.from_record(rec).to_record()["setup"]
    dealt = sc.dealt(4, variant="hard", options=options, seed=21).to_record()["setup"]
    assert from_record == dealt
    again = Game.from_record(Game.from_record(rec).to_record()).to_record()["setup"]
    assert again == dealt


def test_b4_a_hard_record_s_pile_is_the_pile_after_removal() -> None:
    """RECORDS.md: an explicit ``setup.questions`` is played as it stands."""
    rec = sc.record(variant="hard", options={"remove_country_questions": 2})
    assert Game.from_record(rec).to_record()["setup"]["questions"] == sc.PILE


@pytest.mark.parametrize(
    ("variant", "options", "words"),
    [
        ("hard", {}, "needs options"),
        ("hard", {"remove_country_questions": 0}, ">= 1"),
        ("hard", {"remove_country_questions": 13}, "there are 12"),
        ("hard", {"remove_country_questions": 6}, "a round can need 12"),
        ("standard", {"remove_country_questions": 2}, "belongs to the hard variant"),
        ("easy", {"shuffle": True}, "no option"),
        ("tricky", {}, "no variant"),
    ],
)
def test_b4_bad_variant_or_options_are_refused(
    variant: str, options: dict[str, object], words: str
) -> None:
    """RULES.md B4: the hard variant needs the number to remove; other variants take no
    options; unknown variants are refused; the pile left must still fill a round."""
    with pytest.raises(SetupError) as err:
        sc.dealt(4, variant=variant, options=options)
    assert words in err.value.message
