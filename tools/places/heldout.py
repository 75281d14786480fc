"""The held-out sample: place cards drawn at random from the shipped decks, checked by hand
against a third source (a statistics office, the place's own site) and listed with what was
found in ``held-out.csv``. The sample is never used to tune the pipeline: no curated row
may cite it, and a new draw is made only with a new seed (docs/data.md, "Held-out sample").
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

SEED = 32_2026
"""The seed of the draw (the issue that asked for it, and the year)."""
SIZE = 100
"""At least 100 cards."""


def draw(decks: Mapping[str, Mapping[str, Any]], size: int = SIZE, seed: int = SEED) -> list[str]:
    """``size`` place cards as ``deck/id``, drawn without replacement from every place card of
    ``decks`` (deck name to deck file) in sorted order, so the same decks give the same draw."""
    pool = sorted(
        f"{deck}/{key}"
        for deck, data in decks.items()
        for key, card in data["cards"].items()
        if card.get("kind") == "place"
    )
    return sorted(random.Random(seed).sample(pool, size))
