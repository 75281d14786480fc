"""RULES.md B2.7: the discard pile and reshuffling the question pile."""

from __future__ import annotations

from geodeck import Game, Hide
from geodeck.cli.summary import summary_of
from geodeck.undercover.deal import reshuffle
from tests.undercover import support as sc
from tests.undercover.support import SALT


def through_round(game: Game, seat: int) -> None:
    """The undercover ``seat`` hides in the first laid-out country; all questions pass."""
    sc.play(game, Hide(seat, summary_of(game)["layout"][0], SALT))
    while summary_of(game)["round"] == seat + 1:
        sc.question_round(game)


def asked_ids(game: Game) -> list[str]:
    return [q["id"] for q in game.view(None)["questions"]]


def test_b2_7_the_round_s_questions_go_to_the_discard_pile_when_it_ends() -> None:
    """RULES.md B2.7: used questions go to a discard pile (at the round's end: during the
    round they lie out so everyone can see what was answered)."""
    game = sc.scenario()
    sc.play(game, Hide(0, "ES", SALT))
    for _ in range(5):
        sc.question_round(game)
    view = game.view(None)
    assert (view["discarded"], view["questions_left"], len(view["questions"])) == (0, 11, 6)
    for _ in range(7):
        sc.question_round(game)
    view = game.view(None)
    assert (view["discarded"], view["questions_left"], view["questions"]) == (12, 5, [])


def test_b2_7_an_empty_draw_pile_is_reshuffled_from_the_discard_pile() -> None:
    """RULES.md B2.7: when the draw pile is empty, the discard pile is shuffled (from the
    seed) and becomes the new draw pile."""
    pile = sc.PILE[:12]
    game = sc.scenario(pile=pile, seed=4)
    through_round(game, 0)
    assert game.view(None)["questions_left"] == 0
    events = sc.play(game, Hide(1, summary_of(game)["layout"][0], SALT))
    assert sc.of_kind(events, "reshuffle") == [{"event": "reshuffle", "cards": 12}]
    order = reshuffle(pile, 4, 1)
    assert sorted(order) == sorted(pile)
    assert asked_ids(game) == order[:1]
    sc.question_round(game)
    assert asked_ids(game) == order[:2]
    view = game.view(None)
    assert (view["questions_left"], view["discarded"]) == (10, 0)


def test_b2_7_the_current_round_s_questions_are_not_reshuffled() -> None:
    """RULES.md B2.7: a round that empties the draw pile gets the earlier rounds' questions
    back, never its own (they still lie out)."""
    game = sc.scenario(pile=sc.PILE[:14], seed=4)
    through_round(game, 0)
    first_round = sc.PILE[:12]
    sc.play(game, Hide(1, summary_of(game)["layout"][0], SALT))
    sc.question_round(game)
    assert asked_ids(game) == sc.PILE[12:14]
    events = sc.question_round(game)
    assert sc.of_kind(events, "reshuffle") == [{"event": "reshuffle", "cards": 12}]
    assert asked_ids(game)[2] in first_round
    for _ in range(10):
        sc.question_round(game)
    assert summary_of(game)["round"] == 3
    view = game.view(None)
    assert (view["discarded"], view["questions_left"]) == (12, 2)


def test_b2_7_a_reshuffle_replays_the_same_way() -> None:
    """RECORDS.md: the discard pile is reshuffled from ``seed``, so the record replays."""
    game = sc.scenario(pile=sc.PILE[:12], seed=11)
    through_round(game, 0)
    through_round(game, 1)
    copy = Game.from_record(game.to_record())
    assert copy.view(None) == game.view(None)
    assert summary_of(copy) == summary_of(game)
