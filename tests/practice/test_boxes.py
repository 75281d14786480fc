"""docs/practice.md, Learning from mistakes: the Leitner boxes and the order they deal in."""

from __future__ import annotations

from geodeck.practice import practice_cards
from geodeck.practice.boxes import BOXES, Progress, interval
from geodeck.practice.maps import weak_areas, weak_map
from tests.support import sample_cards

CARDS = practice_cards(sample_cards())


def test_a_right_answer_moves_a_card_up_and_a_wrong_one_back_to_box_1() -> None:
    progress = Progress()
    progress.start()
    assert progress.record(CARDS["moscow"], right=True).box == 2
    assert progress.record(CARDS["moscow"], right=True).box == 3
    assert progress.record(CARDS["moscow"], right=False).box == 1
    for _ in range(10):
        progress.record(CARDS["moscow"], right=True)
    assert progress.cards["moscow"].box == BOXES


def test_intervals_double_per_box() -> None:
    assert [interval(b) for b in range(1, 6)] == [1, 2, 4, 8, 16]


def test_misplaced_cards_come_first_then_new_ones_then_due_then_the_rest() -> None:
    progress = Progress()
    progress.start()
    ids = sorted(CARDS)
    missed, known = ids[:3], ids[3:6]
    for card_id in missed:
        progress.record(CARDS[card_id], right=False)
    for card_id in known:
        progress.record(CARDS[card_id], right=True)  # box 2: due in two sessions
    progress.start()
    order = progress.schedule(ids, seed="s2")
    assert set(order[:3]) == set(missed)
    assert set(order[-3:]) == set(known)
    assert set(order[3:-3]) == set(ids) - set(missed) - set(known)
    assert not any(progress.due(i) for i in known)
    progress.record(CARDS[ids[6]], right=True)  # a new card answered in session 2: box 2
    progress.start()
    assert all(progress.due(i) for i in known)
    order = progress.schedule(ids, seed="s3")
    assert set(order[:3]) == set(missed)
    assert order[-1] == ids[6]  # not due before session 4


def test_the_json_form_round_trips() -> None:
    progress = Progress()
    progress.start()
    progress.record(CARDS["moscow"], right=False)
    progress.record(CARDS["paris"], right=True)
    again = Progress.from_json(progress.to_json())
    assert again.to_json() == progress.to_json()
    assert again.weak() == ["moscow"]


def test_weak_areas_put_the_areas_with_misplaced_cards_first() -> None:
    progress = Progress()
    progress.start()
    progress.record(CARDS["moscow"], right=False)
    progress.record(CARDS["paris"], right=True)
    stats = weak_areas(progress)
    assert [s.area for s in stats] == ["RU", "FR"]
    assert (stats[0].wrong, stats[0].weak) == (1, 1)
    grid = weak_map(progress)
    assert sum(row.count("X") for row in grid) == 1


def test_a_week_of_practice_shrinks_the_weak_areas() -> None:
    """A player who knows the west of Europe but misplaces a Russian or Ukrainian card the
    first time, and learns it from the answer's map: the misplaced cards come back the next
    day, and the weak areas shrink."""
    from geodeck.practice import Round

    cards = list(CARDS.values())
    progress = Progress()
    seen: set[str] = set()
    weak_by_day = []
    for day in range(7):
        session = progress.start()
        seed = f"day{day}/{session}"
        order = progress.schedule(CARDS, seed)
        practice = Round(cards, mode="timed", seed=seed, order=order)
        for _ in range(15):
            question = practice.question()
            knows = question.card.id in seen or question.card.area not in ("RU", "UA")
            lesser, greater = question.sides
            truth = question.truth()
            side = truth if knows else (greater if truth == lesser else lesser)
            answer = practice.answer(side)
            progress.record(question.card, answer.right)
            seen.add(question.card.id)
        weak_by_day.append(len(progress.weak()))
    assert weak_by_day == [6, 1, 6, 2, 3, 0, 0]
    russia = next(s for s in weak_areas(progress) if s.area == "RU")
    assert russia.wrong > 0
    assert russia.weak == 0
