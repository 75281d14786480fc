"""The held-out sample of place cards checked by hand against a third source
(tools/places/held-out.csv; docs/data.md, "Held-out sample")."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from tools.places import curated, heldout, validate

SAMPLE = Path(heldout.__file__).with_name("held-out.csv")
RESULTS = {"agrees", "fixed", "left"}


def rows() -> list[dict[str, str]]:
    with SAMPLE.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def test_the_sample_holds_at_least_100_cards_each_with_what_was_found() -> None:
    sample = rows()
    assert len(sample) >= heldout.SIZE
    assert len({r["card"] for r in sample}) == len(sample)
    for row in sample:
        assert row["result"] in RESULTS, row
        assert row["third_source"].strip(), row
        assert row["third_figure"].strip(), row
        assert row["result"] == "agrees" or row["note"].strip(), row
        assert row["checked"].startswith(("http://", "https://", "unverified: ")), row
        assert row["result"] != "fixed" or row["checked"].startswith("http"), row


def test_every_card_the_sample_fixed_carries_a_row_that_says_so(
    files: dict[str, dict[str, Any]],
) -> None:
    found = {r["name"] for r in curated.read("populations") if "held-out sample" in r["note"]}
    fixed = [r for r in rows() if r["result"] == "fixed"]
    assert fixed
    for row in fixed:
        deck, key = row["card"].split("/")
        card = files[deck]["cards"][key]
        assert card["sources"]["population"] == validate.CURATED_POPULATION
        assert card["population"] != int(row["population"])
    assert len(found) == len(fixed)


def test_the_draw_is_the_same_for_the_same_decks() -> None:
    decks = {
        "a": {"cards": {f"p{i}": {"kind": "place"} for i in range(300)}},
        "b": {"cards": {"s": {"kind": "sight"}, **{f"q{i}": {"kind": "place"} for i in range(9)}}},
    }
    first = heldout.draw(decks)
    assert first == heldout.draw(decks)
    assert len(first) == heldout.SIZE
    assert "b/s" not in first
    assert first != heldout.draw(decks, seed=heldout.SEED + 1)
