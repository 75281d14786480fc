"""docs/practice.md: practice rounds judge each answer by RULES.md A3 (values increase
along the line, equal values are right) and end as their mode says."""

from __future__ import annotations

import pytest

from geodeck.decks import SHIPPED_DECKS, shipped_deck
from geodeck.practice import PracticeCard, Round, practice_cards
from geodeck.practice.cards import PracticeError, in_region, regions_of
from geodeck.practice.rounds import Question, RoundError
from tests.support import sample_cards


def card(card_id: str, lat: float, lon: float, **numbers: float) -> PracticeCard:
    data = {"name": card_id.title(), "kind": "place", "lat": lat, "lon": lon, **numbers}
    return practice_cards({card_id: data})[card_id]


BERLIN = card("berlin", 52.52, 13.405, population=3_600_000)
PARIS = card("paris", 48.8566, 2.3522, population=2_100_000)
LISBON = card("lisbon", 38.7223, -9.1393, population=500_000)
TWIN = card("twin", 52.52, 13.405, population=3_600_000)


def correct(question: Question) -> str:
    return question.truth()


def wrong(question: Question) -> str:
    lesser, greater = question.sides
    return greater if question.truth() == lesser else lesser


def test_a3_west_east_and_north_south_by_signed_minutes() -> None:
    """RULES.md A3: a W coordinate is west of any E one; north is positive."""
    assert Question(LISBON, PARIS, "west-east").is_right("west")
    assert not Question(LISBON, PARIS, "west-east").is_right("east")
    assert Question(BERLIN, PARIS, "north-south").is_right("north")
    assert Question(LISBON, BERLIN, "population").is_right("lower")


def test_a3_equal_values_are_always_right() -> None:
    question = Question(TWIN, BERLIN, "west-east")
    assert question.is_right("west")
    assert question.is_right("east")


def test_an_unknown_side_is_refused_with_the_sides() -> None:
    with pytest.raises(RoundError, match="west or east"):
        Question(LISBON, PARIS, "west-east").is_right("north")


def sample() -> list[PracticeCard]:
    return list(practice_cards(sample_cards()).values())


def test_survival_ends_at_the_first_mistake() -> None:
    practice = Round(sample(), mode="survival", seed="s")
    for _ in range(3):
        practice.answer(correct(practice.question()))
    assert not practice.over
    practice.answer(wrong(practice.question()))
    assert practice.over
    assert practice.score == 3
    with pytest.raises(RoundError):
        practice.question()


def test_the_card_answered_is_the_next_reference() -> None:
    practice = Round(sample(), seed="chain")
    first = practice.question()
    practice.answer(correct(first))
    assert practice.question().reference == first.card


def test_survival_without_a_mistake_ends_with_the_last_card() -> None:
    cards = sample()
    practice = Round(cards, mode="survival", seed="all")
    while not practice.over:
        practice.answer(correct(practice.question()))
    assert practice.score == len(cards) - 1
    assert all(a.right for a in practice.answers)


def test_timed_goes_on_after_mistakes_until_stopped() -> None:
    practice = Round(sample(), mode="timed", seed="t")
    practice.answer(wrong(practice.question()))
    practice.answer(wrong(practice.question()))
    assert not practice.over
    practice.stop()
    assert practice.over
    assert len(practice.mistakes) == 2


def test_region_mode_asks_every_card_of_the_region_once() -> None:
    cards = in_region(sample(), "es")
    assert {c.areas[0] for c in cards} == {"ES"}
    practice = Round(cards, mode="region", seed="r")
    asked = []
    while not practice.over:
        question = practice.question()
        asked.append(question.card.id)
        practice.answer(wrong(question))
    assert len(asked) == len(set(asked)) == len(cards) - 1


def test_an_unknown_region_lists_the_known_ones() -> None:
    with pytest.raises(PracticeError, match=r"unknown region 'XX'.*ES \(6\)"):
        in_region(sample(), "XX")


def test_a_column_variant_asks_lower_or_higher_of_cards_with_the_number() -> None:
    practice = Round([BERLIN, PARIS, LISBON, card("peak", 46.0, 7.0)], variant="population")
    assert practice.question().sides == ("lower", "higher")
    assert "peak" not in practice.cards


def test_too_few_cards_is_refused() -> None:
    with pytest.raises(PracticeError, match="at least two cards"):
        Round([BERLIN], seed="x")


def test_the_same_seed_asks_the_same_questions() -> None:
    def questions(seed: str) -> list[tuple[str, str, str]]:
        practice = Round(sample(), mode="timed", seed=seed)
        out = []
        for _ in range(10):
            q = practice.question()
            out.append((q.card.id, q.reference.id, q.line))
            practice.answer(correct(q))
        return out

    assert questions("a") == questions("a")
    assert questions("a") != questions("b")


@pytest.mark.parametrize("game", SHIPPED_DECKS)
def test_every_shipped_deck_practises_and_has_regions(game: str) -> None:
    cards = list(practice_cards(shipped_deck(game)).values())
    practice = Round(cards, seed=game)
    practice.answer(correct(practice.question()))
    assert practice.score == 1
    assert regions_of(cards)
