"""Golden playthroughs (STYLE.md 7): each seat's view at each step of fixed-seed games must
match the files in ``tests/golden/data`` line by line."""

from __future__ import annotations

import json

import pytest

from tests.golden.playthrough import SCENARIOS, path_of, playthrough


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_playthrough_matches_golden_file(name: str) -> None:
    expected = path_of(name).read_text("utf-8").splitlines()
    actual = playthrough(name)
    for step, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if want != got:
            w, g = json.loads(want), json.loads(got)
            for viewer in w["views"]:
                assert g["views"].get(viewer) == w["views"][viewer], (step, viewer)
            assert g == w, step
    assert len(actual) == len(expected)
    final = json.loads(actual[-1])["views"]["spectator"]
    assert final["outcome"] is not None
    assert final["history+"][-1]["event"] == "end"
