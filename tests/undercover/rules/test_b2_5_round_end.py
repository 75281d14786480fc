"""RULES.md B2.5: discovery, the 12-question limit, and when else a round ends."""

from __future__ import annotations

from geodeck import Answer, Hide, Pass, Stone
from geodeck.cli.summary import summary_of
from tests.undercover import support as sc
from tests.undercover.support import SALT


def test_b2_5_six_stones_on_the_undercover_country_discover_it() -> None:
    """RULES.md B2.5: 6 stones on the undercover country end the round (discovered)."""
    game = sc.scenario(seats=4)
    sc.play(game, Hide(0, "FR", SALT), Answer(0, "no"))
    sc.guesses(game, ("FR", "small"), ("FR", "small"), ("FR", "small"))
    sc.play(game, Answer(0, "no"))
    events = sc.guesses(game, ("FR", "small"), ("FR", "small"), ("FR", "small"))
    (reveal,) = sc.of_kind(events, "reveal")
    assert reveal["discovered"] is True
    assert reveal["asked"] == 2
    assert summary_of(game)["round"] == 2


def test_b2_5_a_large_stone_counts_as_one() -> None:
    """RULES.md B2.5: large stones count as one stone: 3 large and 2 small are 5."""
    game = sc.scenario(seats=4)
    sc.play(game, Hide(0, "FR", SALT), Answer(0, "no"))
    sc.guesses(game, ("FR", "large"), ("FR", "large"), ("FR", "large"))
    sc.play(game, Answer(0, "no"))
    events = sc.guesses(game, ("FR", "small"), ("FR", "small"), None)
    assert sc.of_kind(events, "reveal") == []
    assert summary_of(game)["round"] == 1
    sc.play(game, Answer(0, "no"))
    events = sc.guesses(game, ("FR", "small"), None, None)
    assert sc.of_kind(events, "reveal")[0]["discovered"] is True


def test_b2_5_stones_on_other_countries_do_not_discover() -> None:
    """RULES.md B2.5: only stones on the undercover country count."""
    game = sc.scenario(seats=4)
    sc.play(game, Hide(0, "FR", SALT), Answer(0, "no"))
    sc.guesses(game, ("ES", "small"), ("ES", "small"), ("ES", "small"))
    sc.play(game, Answer(0, "no"))
    events = sc.guesses(game, ("ES", "small"), ("ES", "small"), ("ES", "small"))
    assert sc.of_kind(events, "reveal") == []
    assert len(summary_of(game)["stones"]["ES"]) == 6


def test_b2_5_discovery_waits_until_every_seeker_had_the_chance() -> None:
    """RULES.md B2.5: the 6th stone does not end the round at once; the remaining
    seekers of that guessing still place or pass."""
    game = sc.scenario(seats=6)
    sc.play(game, Hide(0, "FR", SALT), Answer(0, "no"))
    sc.guesses(game, *[("FR", "small")] * 5)
    sc.play(game, Answer(0, "no"))
    sc.guesses(game, ("FR", "small"))
    assert game.expects() == ((3,), "stone")
    sc.guesses(game, ("FR", "large"), None, ("ES", "small"))
    assert summary_of(game)["round"] == 1
    events = sc.guesses(game, ("FR", "small"))
    reveal = sc.of_kind(events, "reveal")[0]
    assert reveal["discovered"] is True
    assert reveal["points"] == [0, 2, 2, 3, 1, 1]


def test_b2_5_the_round_ends_after_the_twelfth_question() -> None:
    """RULES.md B2.5: not discovered, the round ends after the 12th question's guessing."""
    game = sc.scenario()
    sc.play(game, Hide(0, "FR", SALT))
    for _ in range(11):
        sc.question_round(game)
    assert summary_of(game)["asked"] == 12
    sc.play(game, Answer(0, "yes"))
    events = sc.guesses(game, ("FR", "small"), None, None)
    reveal = sc.of_kind(events, "reveal")[0]
    assert (reveal["discovered"], reveal["asked"], reveal["points"]) == (False, 12, [0, 0, 0, 1])
    assert summary_of(game)["round"] == 2
    assert game.expects() == ((1,), "hide")


def test_b2_5_the_round_ends_when_no_seeker_has_a_stone_left() -> None:
    """RULES.md B2.5 as geodeck settles it: once no seeker holds a stone after a
    guessing, no later question could change anything, so the round ends."""
    game = sc.scenario(seats=3)
    sc.play(game, Hide(0, "FR", SALT))
    for question in range(1, 7):
        sc.play(game, Answer(0, "no"))
        first = "large" if question == 1 else "small"
        events = sc.guesses(game, ("ES", first), ("PT", first))
    reveal = sc.of_kind(events, "reveal")[0]
    assert (reveal["discovered"], reveal["asked"]) == (False, 6)
    assert summary_of(game)["round"] == 2


def test_b2_5_the_round_ends_when_no_question_is_left() -> None:
    """RECORDS.md allows a short question pile; geodeck ends the round, undiscovered,
    when neither the draw pile nor the discard pile has a question to turn over."""
    game = sc.scenario(pile=["q01", "q02"])
    sc.play(game, Hide(0, "FR", SALT))
    sc.question_round(game)
    sc.play(game, Answer(0, "no"))
    events = sc.all_pass(game)
    assert sc.of_kind(events, "reveal")[0]["asked"] == 2
    assert game.expects() == ((1,), "hide")
    assert summary_of(game)["round"] == 2


def test_b2_5_a_pass_counts_as_a_seeker_s_chance() -> None:
    """RULES.md B2.5: once the 6th stone lies on the country, the round ends when the
    remaining seekers have passed."""
    game = sc.scenario(seats=4)
    sc.play(game, Hide(0, "FR", SALT), Answer(0, "no"))
    sc.guesses(game, ("FR", "small"), ("FR", "small"), ("FR", "small"))
    sc.play(game, Answer(0, "no"))
    sc.guesses(game, ("FR", "small"), ("FR", "small"), None)
    sc.play(game, Answer(0, "no"))
    assert game.expects() == ((3,), "stone")
    sc.play(game, Stone(3, "FR", "small"), Pass(1))
    assert summary_of(game)["round"] == 1
    events = sc.play(game, Pass(2))
    assert sc.of_kind(events, "reveal")[0]["discovered"] is True
    assert summary_of(game)["round"] == 2
