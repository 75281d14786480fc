"""Practice in the browser, measured (docs/practice.md, "In the browser").

    python benchmarks/practice_browser.py

Prints, for every shipped deck: the size of ``GET /api/practice/{game}/cards`` as the
server sends it, and the median time node takes to run the page's rules
(``web/js/practice-rules.js``: a session's schedule and a round of 50 answers with the
Leitner boxes) beside the same work in Python (``geodeck.practice``). Needs node; asserts
nothing: read the figures.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.resources import files
from pathlib import Path

from geodeck.decks import SHIPPED_DECKS, shipped_deck_file
from geodeck.practice import Round, deck_hash, practice_cards
from geodeck.practice.boxes import Progress
from geodeck.server.practice_api import PracticeDecks, cards_body
from geodeck.server.settings import Settings

SESSIONS = 20

RUNNER = """
import { readFileSync } from "node:fs";
import { Progress, Round } from "JS/practice-rules.js";
const deck = JSON.parse(readFileSync(process.argv[2], "utf8"));
const times = [];
const progress = new Progress();
for (let s = 0; s < SESSIONS; s += 1) {
  const start = performance.now();
  const session = progress.start();
  const seed = `Ann/${deck.game}/geo/${deck.deck}/${session}`;
  const order = progress.schedule(deck.cards.map((c) => c.id), seed);
  const round = new Round(deck.cards, { mode: "region", seed, order });
  for (let i = 0; i < 50 && !round.over; i += 1) {
    const q = round.question();
    const a = round.answer(q.line === "west-east" ? (i % 3 ? "east" : "west") : "north");
    progress.record(q.card, a.right);
  }
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(times[Math.floor(times.length / 2)]);
"""


def python_ms(game: str) -> float:
    raw = shipped_deck_file(game)["cards"]
    cards = practice_cards(raw)
    key = f"{game}/geo/{deck_hash(raw)[:12]}"
    progress = Progress()
    times = []
    for _ in range(SESSIONS):
        start = time.perf_counter()
        session = progress.start()
        seed = f"Ann/{key}/{session}"
        order = progress.schedule(list(cards), seed)
        practice = Round(list(cards.values()), mode="region", seed=seed, order=order)
        for i in range(50):
            if practice.over:
                break
            question = practice.question()
            side = ("east" if i % 3 else "west") if question.line == "west-east" else "north"
            answer = practice.answer(side)
            progress.record(question.card, answer.right)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    node = shutil.which("node")
    if node is None:
        sys.exit("node is not installed")
    js = Path(str(files("geodeck").joinpath("web", "js"))).as_uri()
    decks = PracticeDecks(Settings())
    print(f"{'game':<10} {'cards':>5} {'kB sent':>8} {'JS ms/round':>12} {'Python ms/round':>16}")
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "run.mjs"
        script.write_text(RUNNER.replace("JS/", js + "/").replace("SESSIONS", str(SESSIONS)))
        for game in SHIPPED_DECKS:
            body = cards_body(game, decks.deck(game))
            sent = json.dumps(body, separators=(",", ":")).encode()
            data = Path(folder) / f"{game}.json"
            data.write_bytes(sent)
            done = subprocess.run(
                [node, "--experimental-default-type=module", str(script), str(data)],
                capture_output=True,
                text=True,
                check=True,
            )
            js_ms = float(done.stdout)
            print(
                f"{game:<10} {len(body['cards']):>5} {len(sent) / 1024:>8.1f} "
                f"{js_ms:>12.2f} {python_ms(game):>16.2f}"
            )


if __name__ == "__main__":
    main()
