"""Dealing from the seed: layouts, the question pile, the hard variant's removal, reshuffles.

Every shuffle has a key of its own, made from the game's seed and a label (what is
shuffled, and which one): ``geodeck/undercover/LABEL/INDEX/SEED``. So a round's layout does
not depend on how many questions earlier rounds used, and a record with some explicit
layouts deals the rest the same way. Cards are sorted by id before a shuffle, so the order
a deck lists them in does not matter.

A game shuffles by ``geodeck.core.shuffle`` (``SHA256``, what every new game and its
record's ``"shuffle": "sha256"`` say), which deals the same on every Python version. A
record without ``shuffle`` was written before geodeck had it: it is dealt as it was then,
with a ``random.Random`` seeded from the same key (``PYTHON``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Container, Mapping, Sequence
from typing import TypeVar

from geodeck.core import shuffle as sh
from geodeck.core.errors import SetupError
from geodeck.decks.countries import Country, Question
from geodeck.undercover.variants import Variant

T = TypeVar("T")

SHA256, PYTHON = "sha256", "python"
"""How a game shuffles: ``geodeck.core.shuffle``, or (records written before it) Python's
``random.Random``."""


def key(seed: int, label: str, index: int = 0) -> str:
    """The key of one shuffle: the same seed, label and index give the same one."""
    return f"geodeck/undercover/{label}/{index}/{seed}"


def shuffled(items: Sequence[T], scheme: str, seed: int, label: str, index: int = 0) -> list[T]:
    """``items`` shuffled by ``scheme`` with the key of ``seed``, ``label`` and ``index``."""
    if scheme == PYTHON:
        out = list(items)
        random.Random(key(seed, label, index)).shuffle(out)
        return out
    return sh.shuffled(items, key(seed, label, index))


def deal_layout(
    countries: Mapping[str, Country],
    variant: Variant,
    seed: int,
    round_index: int,
    scheme: str = SHA256,
) -> list[str]:
    """Shuffle all country cards and lay out from the top (B2.1).

    A card that would be one too many of its colour goes under the stack. It stays one too
    many when it comes up again, so laying out is a pass over the shuffled stack that skips
    such cards.
    """
    colours = Counter(c.colour for c in countries.values())
    room = sum(min(n, variant.per_colour) for n in colours.values())
    if room < variant.layout:
        raise SetupError(
            f"the {len(countries)} countries cannot lay out {variant.layout} with at most "
            f"{variant.per_colour} of a colour (at most {room} can lie out)",
            rule="B2.1",
        )
    stack = shuffled(sorted(countries), scheme, seed, "layout", round_index)
    laid: list[str] = []
    count: Counter[str] = Counter()
    for country_id in stack:
        colour = countries[country_id].colour
        if count[colour] < variant.per_colour:
            count[colour] += 1
            laid.append(country_id)
            if len(laid) == variant.layout:
                break
    return laid


def check_layout(
    layout: Sequence[str], countries: Mapping[str, Country], variant: Variant, round_index: int
) -> list[str]:
    """A record's layout must hold the right number of known countries, each once, with at
    most the variant's number of one colour (B2.1)."""
    where = f"setup.layouts[{round_index}]"
    if len(layout) != variant.layout:
        raise SetupError(
            f"{where} lists {len(layout)} countries; the {variant.id} variant lays out "
            f"{variant.layout}",
            rule="B2.1",
        )
    _known_once(layout, countries, where, "B2.1")
    colours = Counter(countries[c].colour for c in layout)
    over = [colour for colour, n in colours.items() if n > variant.per_colour]
    if over:
        raise SetupError(
            f"{where} has {colours[over[0]]} countries of colour {over[0]!r}; at most "
            f"{variant.per_colour} of a colour may lie out",
            rule="B2.1",
        )
    return list(layout)


def removed_questions(
    questions: Mapping[str, Question], count: int, seed: int, scheme: str = SHA256
) -> list[str]:
    """The questions about the country the hard variant takes out (B4): ``count`` of them,
    drawn from the seed, so a record with the seed alone reproduces the choice."""
    about_country = sorted(q for q, question in questions.items() if not question.about_seeker)
    if count > len(about_country):
        raise SetupError(
            f"cannot remove {count} questions about the country; there are {len(about_country)}",
            rule="B4",
        )
    if scheme == PYTHON:
        return sorted(random.Random(key(seed, "remove")).sample(about_country, count))
    return sorted(sh.sample(about_country, count, key(seed, "remove")))


def deal_pile(
    questions: Mapping[str, Question], removed: Sequence[str], seed: int, scheme: str = SHA256
) -> list[str]:
    """The question draw pile, top first: every question but the removed ones, shuffled."""
    out = set(removed)
    return shuffled(sorted(q for q in questions if q not in out), scheme, seed, "questions")


def check_pile(pile: Sequence[str], questions: Mapping[str, Question]) -> list[str]:
    """A record's question pile names embedded questions, each once (B2.3)."""
    _known_once(pile, questions, "setup.questions", "B2.3")
    return list(pile)


def _known_once(names: Sequence[str], known: Container[str], where: str, rule: str) -> None:
    """``SetupError`` unless every name is one the record embeds, and none comes twice."""
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SetupError(
            f"{where} names {unknown[0]!r}, which the record does not embed", rule=rule
        )
    twice = [n for n, count in Counter(names).items() if count > 1]
    if twice:
        raise SetupError(f"{where} lists {twice[0]!r} twice", rule=rule)


def reshuffle(discard: Sequence[str], seed: int, index: int, scheme: str = SHA256) -> list[str]:
    """The discard pile shuffled into a new draw pile, top first (B2.7); ``index`` counts
    the reshuffles of the game from 1."""
    return shuffled(sorted(discard), scheme, seed, "reshuffle", index)
