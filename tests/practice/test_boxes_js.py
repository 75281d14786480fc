"""The browser's practice rules (``web/js/practice-rules.js``, ``web/js/shuffle.js``) deal
the same order as ``geodeck.practice`` (docs/practice.md, Learning from mistakes): the
same stored progress and seed give the same schedule, the same lines asked and the same
verdicts, and the same boxes after the answers. The JS runs under node."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from geodeck.core.shuffle import shuffled
from geodeck.decks import shipped_deck
from geodeck.practice import Round, practice_cards
from geodeck.practice.boxes import Memory, Progress
from geodeck.practice.maps import weak_areas

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

JS = Path(str(files("geodeck").joinpath("web", "js")))

RUNNER = """
import { sha256, shuffled } from "JS/shuffle.js";
import { Progress, Round, weakAreas } from "JS/practice-rules.js";
const input = JSON.parse(process.argv[2]);
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const out = { digests: input.texts.map((text) => hex(sha256(text))), rounds: [] };
out.shuffles = input.texts.map((text) => shuffled([...Array(12).keys()], text));
for (const task of input.rounds) {
  const progress = Progress.fromJson(task.progress);
  const session = progress.start();
  const seed = `${task.player}/${task.key}/${session}`;
  const order = progress.schedule(task.cards.map((c) => c.id), seed);
  const round = new Round(task.cards, { mode: task.mode, variant: task.variant, seed, order });
  const asked = [];
  let i = 0;
  while (!round.over && i < task.sides.length) {
    const q = round.question();
    const answer = round.answer(task.sides[i][q.line]);
    progress.record(q.card, answer.right);
    asked.push([q.card.id, q.reference.id, q.line, answer.right]);
    i += 1;
  }
  out.rounds.push({ order, asked, progress: progress.toJson(), weak: progress.weak(),
    areas: weakAreas(progress).map((s) => [s.area, s.cards, s.right, s.wrong, s.weak]) });
}
console.log(JSON.stringify(out));
"""


def run_js(payload: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    assert NODE is not None
    script = tmp_path / "run.mjs"
    script.write_text(RUNNER.replace("JS/", JS.as_uri() + "/"), "utf-8")
    done = subprocess.run(
        [NODE, "--experimental-default-type=module", str(script), json.dumps(payload)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def card_json(card: Any) -> dict[str, Any]:
    """The card as ``GET /api/practice/{game}/cards`` gives it (server/practice_api.py)."""
    from geodeck.server.practice_api import card_json as to_json

    return to_json(card)


SIDES = [
    {"west-east": "west", "north-south": "north", "population": "higher"},
    {"west-east": "east", "north-south": "south", "population": "lower"},
    {"west-east": "east", "north-south": "north", "population": "higher"},
]


def stored_progress(ids: list[str]) -> Progress:
    """A player after some sessions: cards in every box, some due and some not."""
    progress = Progress(session=6)
    for i, card_id in enumerate(ids[:40]):
        box = 1 + i % 5
        progress.cards[card_id] = Memory(
            box=box, seen=6 - i % 7, right=i % 4, wrong=i % 3, area=f"A{i % 6}"
        )
    return progress


def python_round(cards: dict[str, Any], progress: Progress, task: dict[str, Any]) -> dict[str, Any]:
    session = progress.start()
    seed = f"{task['player']}/{task['key']}/{session}"
    order = progress.schedule(list(cards), seed)
    practice = Round(
        list(cards.values()), mode=task["mode"], variant=task["variant"], seed=seed, order=order
    )
    asked = []
    for sides in task["sides"]:
        if practice.over:
            break
        question = practice.question()
        answer = practice.answer(sides[question.line])
        progress.record(question.card, answer.right)
        asked.append([question.card.id, question.reference.id, question.line, answer.right])
    return {
        "order": order,
        "asked": asked,
        "progress": progress.to_json(),
        "weak": progress.weak(),
        "areas": [[s.area, s.cards, s.right, s.wrong, s.weak] for s in weak_areas(progress)],
    }


@pytest.mark.parametrize(
    ("game", "mode", "variant", "player"),
    [
        ("uppsala", "timed", "geo", "Ann"),
        ("buxtehude", "region", "geo", "Jörg Müller"),
        ("italia", "survival", "geo", "Čeněk"),
        ("uppsala", "timed", "population", "a player with a very long name to pass one block"),
    ],
)
def test_the_browser_deals_the_same_order_and_verdicts(
    tmp_path: Path, game: str, mode: str, variant: str, player: str
) -> None:
    cards = practice_cards(shipped_deck(game))
    if variant != "geo":
        cards = {i: c for i, c in cards.items() if variant in c.values}
    progress = stored_progress(sorted(cards))
    sides = [SIDES[i % len(SIDES)] for i in range(60)]
    task: dict[str, Any] = {
        "player": player,
        "key": f"{game}/{variant}/0123456789ab",
        "mode": mode,
        "variant": variant,
        "sides": sides,
        "progress": progress.to_json(),
        "cards": [card_json(c) for c in cards.values()],
    }
    texts = ["geodeck/test", "", "ü" * 40, "x" * 55, "y" * 56, "z" * 64, "w" * 119]
    result = run_js({"texts": texts, "rounds": [task]}, tmp_path)

    assert result["digests"] == [hashlib.sha256(t.encode()).hexdigest() for t in texts]
    assert result["shuffles"] == [shuffled(list(range(12)), t) for t in texts]
    expected = python_round(cards, Progress.from_json(task["progress"]), task)
    got = result["rounds"][0]
    assert got["order"] == expected["order"]
    assert got["asked"] == expected["asked"]
    assert len(got["asked"]) > 1
    assert got["progress"] == expected["progress"]
    assert got["weak"] == expected["weak"]
    assert got["areas"] == expected["areas"]


def test_a_card_misplaced_in_the_browser_comes_first_in_the_next_session(tmp_path: Path) -> None:
    """docs/practice.md: the due cards of box 1 are dealt first; here both sides agree
    that the card answered wrong leads the next session's order."""
    cards = practice_cards(shipped_deck("uppsala"))
    progress = Progress()
    task: dict[str, Any] = {
        "player": "Ann",
        "key": "uppsala/geo/0123456789ab",
        "mode": "survival",
        "variant": "geo",
        "sides": [{"west-east": "west", "north-south": "south"}] * 30,
        "progress": progress.to_json(),
        "cards": [card_json(c) for c in cards.values()],
    }
    first = run_js({"texts": [], "rounds": [task]}, tmp_path)["rounds"][0]
    wrong = [card for card, _ref, _line, right in first["asked"] if not right]
    assert len(wrong) == 1
    again = {**task, "progress": first["progress"]}
    second = run_js({"texts": [], "rounds": [again]}, tmp_path)["rounds"][0]
    assert second["order"][0] == wrong[0]
    assert second["asked"][0][0] == wrong[0]
    expected = python_round(cards, Progress.from_json(first["progress"]), again)
    assert second["order"] == expected["order"]
