"""docs/daily.md: the daily deal from the date, the game and the deck's content hash, and
the solo play of the day (RULES.md A2, A3)."""

from __future__ import annotations

import datetime
import hashlib
import json
import subprocess
import sys

import pytest

from geodeck.practice import deck_hash, practice_cards
from geodeck.practice.cards import PracticeError
from geodeck.practice.daily import CARDS, Solo, daily_deal
from tests.support import sample_cards

DAY = datetime.date(2026, 12, 1)
SAMPLE_HASH = "a58f7c63a4c27275cd7f82a2e39b76b88c7eaef76b2af34251eb23a1af56ae88"
VECTOR = (
    "zaporizhzhya",
    ("yaroslavl", "athens", "arkhangelsk", "nantes", "kharkiv",
     "kyiv", "vigo", "sofia", "sevastopol", "iasi"),
)  # fmt: skip
"""The deal of 2026-12-01 for uppsala from the sample deck (tests/fixtures)."""


def deal_of(day: datetime.date, game: str = "uppsala") -> tuple[str, tuple[str, ...]]:
    cards = sample_cards()
    deal = daily_deal(list(cards), day, game, deck_hash(cards))
    return deal.start, deal.cards


def test_the_content_hash_is_the_documented_recipe() -> None:
    cards = sample_cards()
    text = json.dumps(cards, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert hashlib.sha256(text.encode()).hexdigest() == deck_hash(cards) == SAMPLE_HASH


def test_the_deal_of_a_date_is_the_fixed_vector() -> None:
    assert deal_of(DAY) == VECTOR


def test_the_same_deal_in_another_interpreter() -> None:
    """The deal depends on nothing but its inputs: a fresh process (another machine, another
    day) deals the same."""
    probe = (
        "import datetime, json\n"
        "from geodeck.practice import deck_hash\n"
        "from geodeck.practice.daily import daily_deal\n"
        "from tests.support import sample_cards\n"
        "c = sample_cards()\n"
        "d = daily_deal(list(c), datetime.date(2026, 12, 1), 'uppsala', deck_hash(c))\n"
        "print(json.dumps([d.start, list(d.cards)]))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True)
    start, cards = json.loads(out.stdout)
    assert (start, tuple(cards)) == VECTOR


def test_another_date_game_or_deck_deals_differently() -> None:
    assert deal_of(DAY + datetime.timedelta(days=1)) != VECTOR
    assert deal_of(DAY, "world") != VECTOR
    cards = sample_cards()
    cards["moscow"]["population"] += 1
    deal = daily_deal(list(cards), DAY, "uppsala", deck_hash(cards))
    assert (deal.start, deal.cards) != VECTOR


def test_a_week_of_days_deals_seven_different_deals_of_distinct_cards() -> None:
    week = [deal_of(DAY + datetime.timedelta(days=n)) for n in range(7)]
    assert len(set(week)) == 7
    for start, cards in week:
        assert len(cards) == CARDS
        assert len({start, *cards}) == CARDS + 1


def play(day: datetime.date, right: bool) -> Solo:
    """The day's challenge placing every card right (or every card wrong)."""
    cards = sample_cards()
    solo = Solo(daily_deal(list(cards), day, "uppsala", deck_hash(cards)), practice_cards(cards))
    while not solo.over:
        value = solo.current.values["west-east"]
        line = solo.lines["west-east"]
        gap = sum(solo.cards[c].values["west-east"] < value for c in line)
        if not right:
            gap = 0 if gap == len(line) else len(line)
            if solo.cards[line[0]].values["west-east"] == value:
                gap = len(line)
        solo.place("west-east", gap)
    return solo


def test_a2_a3_a_card_in_order_with_both_neighbours_stays() -> None:
    solo = play(DAY, right=True)
    assert solo.score == CARDS
    values = [solo.cards[c].values["west-east"] for c in solo.lines["west-east"]]
    assert values == sorted(values)
    assert len(solo.lines["west-east"]) == CARDS + 1
    assert solo.lines["north-south"] == [solo.deal.start]


def test_the_share_text_is_a_grid_of_emoji_and_the_replay_command() -> None:
    solo = play(DAY, right=True)
    assert solo.share("uppsala", DAY).splitlines() == [
        "geodeck daily uppsala 2026-12-01: 10/10",
        "🟩🟩🟩🟩🟩",
        "🟩🟩🟩🟩🟩",
        "geodeck daily uppsala --date 2026-12-01",
    ]


def test_the_moves_replay_to_the_same_result() -> None:
    played = play(DAY, right=False)
    assert played.score == 0
    assert played.grid() == "🟥🟥🟥🟥🟥\n🟥🟥🟥🟥🟥"
    cards = sample_cards()
    again = Solo(played.deal, practice_cards(cards))
    again.replay([p.to_json() for p in played.placings])
    assert again.placings == played.placings
    assert again.grid() == played.grid()


def test_a_gap_off_the_line_is_refused() -> None:
    solo = play(DAY, right=True)
    fresh = Solo(solo.deal, solo.cards)
    with pytest.raises(PracticeError, match="gaps 0 to 1"):
        fresh.place("west-east", 5)
    with pytest.raises(PracticeError, match="the lines are"):
        fresh.place("column", 0)
