"""The counts of ``geodeck.stats`` for the cross family, each against the rule it follows
(RULES.md Part A), on short histories written out by hand."""

from __future__ import annotations

from typing import Any

from geodeck.cross.shapes import SeatRow
from geodeck.stats.cross import Seen, cross_stats
from geodeck.stats.ranking import ranking

CARDS = {
    "oslo": {"name": "Oslo", "difficulty": 1},
    "bari": {"name": "Bari", "difficulty": 3},
    "cork": {"name": "Cork", "difficulty": 2},
}


def view(*history: dict[str, Any], seats: int = 3) -> Seen:
    shown: list[SeatRow] = [
        {"seat": i, "name": f"P{i}", "score": 4, "chips": 4, "exchanged": []} for i in range(seats)
    ]
    return {"cards": CARDS, "seats": shown, "history": list(history)}


def place(seat: int, card: str) -> dict[str, Any]:
    return {"event": "place", "seat": seat, "card": card, "line": "west-east", "at": 0}


def challenge(seat: int, right: bool, card: str) -> list[dict[str, Any]]:
    return [
        {"event": "challenge", "seat": seat, "against": "oslo"},
        {"event": "reveal", "cards": [card, "oslo"]},
        {"event": "judge", "card": card, "against": "oslo", "right": right},
    ]


def pay(payer: int | None, receiver: int | None, amount: int = 1) -> dict[str, Any]:
    return {"event": "pay", "from": payer, "to": receiver, "amount": amount}


def check(guesses: list[int], aside: list[str]) -> dict[str, Any]:
    return {"event": "check", "guesses": guesses, "wrong": len(aside), "set_aside": aside}


def test_a4_3_a_wrong_card_caught_pays_the_challenger_and_counts_wrong() -> None:
    stats = cross_stats(view(place(0, "bari"), *challenge(1, False, "bari"), pay(0, 1)))
    placer, challenger = stats["players"][0], stats["players"][1]
    assert (placer["placed"], placer["placed_wrong"], placer["placed_right"]) == (1, 1, 0)
    assert (placer["challenged"], placer["challenged_lost"]) == (1, 1)
    assert (challenger["challenges_made"], challenger["challenges_won"]) == (1, 1)
    assert placer["chips_lost"]["challenged"] == 1
    assert challenger["chips_won"]["challenging"] == 1
    assert stats["hardest"] == [
        {
            "card": "bari",
            "name": "Bari",
            "placed_by": 0,
            "line": "west-east",
            "caught": "challenge",
            "by": 1,
            "against": "oslo",
        }
    ]


def test_a4_3_a_right_card_pays_the_placer_and_waits_for_the_check() -> None:
    history = [place(0, "bari"), *challenge(2, True, "bari"), pay(2, 0)]
    before = cross_stats(view(*history))
    assert before["players"][0]["placed_right"] == before["players"][0]["placed_wrong"] == 0
    assert before["players"][0]["chips_won"]["challenged"] == 1
    assert before["players"][2]["chips_lost"]["challenging"] == 1
    assert before["players"][2]["challenges_won"] == 0
    after = cross_stats(view(*history, check([0, 0, 0], [])))
    assert after["players"][0]["placed_right"] == 1


def test_a6_2_a_card_judged_right_against_one_neighbour_can_still_be_set_aside() -> None:
    stats = cross_stats(
        view(place(0, "bari"), *challenge(1, True, "bari"), pay(1, 0), check([1, 0, 1], ["bari"]))
    )
    assert stats["players"][0]["placed_wrong"] == 1
    assert [(c["card"], c["caught"], c["by"]) for c in stats["hardest"]] == [
        ("bari", "check", None)
    ]


def test_a5_a_payer_without_chips_costs_nobody_a_chip() -> None:
    stats = cross_stats(view(place(0, "bari"), *challenge(1, False, "bari"), pay(None, 1)))
    assert stats["players"][1]["chips_won"]["challenging"] == 1
    assert all(sum(p["chips_lost"].values()) == 0 for p in stats["players"])


def test_a5_an_exchange_costs_five_and_a_lapse_is_no_move() -> None:
    stats = cross_stats(
        view(
            place(0, "cork"),
            check([1, 0], ["cork"]),
            pay(1, None, 5),
            {"event": "exchange", "seat": 1, "card": "cork"},
            pay(None, 0, 2),
            {"event": "lapse", "seat": 0, "amount": 0},
            seats=2,
        )
    )
    first, second = stats["players"]
    assert second["chips_lost"]["exchanges"] == 5
    assert first["chips_won"]["guesses"] == 2
    assert first["lapsed"] == 0


def test_a6_3_exact_guesses_are_counted_against_the_answer() -> None:
    stats = cross_stats(
        view(
            place(0, "bari"),
            place(1, "cork"),
            check([1, 2, 1], ["cork"]),
            place(2, "bari"),
            check([0, 0, 1], []),
        )
    )
    assert [p["exact_guesses"] for p in stats["players"]] == [2, 1, 1]
    assert stats["players"][0]["guesses"] == [{"guess": 1, "wrong": 1}, {"guess": 0, "wrong": 0}]
    assert [p["placed_right"] for p in stats["players"]] == [1, 0, 1]


def test_the_hardest_cards_put_the_caught_ones_first_then_the_harder() -> None:
    stats = cross_stats(
        view(
            place(0, "oslo"),
            place(1, "bari"),
            place(2, "cork"),
            *challenge(0, False, "cork"),
            pay(2, 0),
            check([0, 0, 0], ["oslo", "bari"]),
        )
    )
    assert [c["card"] for c in stats["hardest"]] == ["cork", "bari", "oslo"]


def test_a7_the_ranking_shares_places_on_ties() -> None:
    ranked = ranking(["Ann", "Ben", "Cem", "Dan"], [5, 9, 5, 2])
    assert [(r["name"], r["place"], r["winner"]) for r in ranked] == [
        ("Ben", 1, True),
        ("Ann", 2, False),
        ("Cem", 2, False),
        ("Dan", 4, False),
    ]
    tied = ranking(["Ann", "Ben"], [7, 7])
    assert [r["winner"] for r in tied] == [True, True]


def test_a7_nobody_wins_before_the_end() -> None:
    ranked = ranking(["Ann", "Ben"], [3, 1], finished=False)
    assert [(r["place"], r["winner"]) for r in ranked] == [(1, False), (2, False)]
