"""The checks behind ``UndercoverGame.apply`` and ``deal`` by the game's own rules: each
well-formed action of the kind due (RULES.md B1-B2.4) and a deck's shape."""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence

from geodeck.core.errors import IllegalAction, RecordError, SetupError
from geodeck.decks.countries import ANSWERS, Country, Question, parse_countries, parse_questions
from geodeck.undercover import variants as vr
from geodeck.undercover.actions import Answer, Hide, Name, Stone, UndercoverAction
from geodeck.undercover.commitment import check_salt
from geodeck.undercover.round import Round


def check_action(
    action: UndercoverAction,
    r: Round,
    seats: Sequence[str],
    computers: Container[int],
    *,
    small: Sequence[int],
    large: Sequence[int],
) -> None:
    """Raise the ``IllegalAction`` a well-formed, awaited ``action`` of the due kind
    deserves in round ``r``, with ``small`` and ``large`` stones left in each hand."""
    if isinstance(action, Hide):
        if action.country not in r.layout:
            raise IllegalAction(
                f"{action.country!r} is not laid out this round; hide in one of "
                f"{', '.join(r.layout)}",
                rule="B2.2",
            )
        check_salt(action.salt)
    elif isinstance(action, Name):
        seeker = action.seeker
        if not isinstance(seeker, int) or isinstance(seeker, bool):
            raise IllegalAction(f"a seeker is a seat number, not {seeker!r}", rule="B1")
        if not 0 <= seeker < len(seats):
            raise IllegalAction(f"there is no seat {action.seeker!r}", rule="B1")
        if action.seeker == r.undercover:
            raise IllegalAction(
                "X stands for a seeker; the undercover player cannot be named", rule="B1"
            )
        if action.seeker in computers:
            raise IllegalAction(
                f"{seats[action.seeker]} is a computer player; X stands for a "
                "human seeker (geodeck's rule for computer players)",
                rule="B1",
            )
    elif isinstance(action, Answer):
        if action.answer not in ANSWERS:
            raise IllegalAction(
                f"an answer is one of {', '.join(ANSWERS)}, not {action.answer!r}",
                rule="B2.3",
            )
    elif isinstance(action, Stone):
        if action.size not in vr.SIZES:
            raise IllegalAction(f"a stone is small or large, not {action.size!r}", rule="B2.4")
        if action.country not in r.layout:
            raise IllegalAction(f"{action.country!r} is not laid out this round", rule="B2.4")
        left = small if action.size == "small" else large
        if left[action.seat] == 0:
            raise IllegalAction(
                f"{seats[action.seat]} has no {action.size} stone left", rule="B2.4"
            )


def parse_deck(deck: object) -> tuple[dict[str, Country], dict[str, Question]]:
    """The countries and questions of a deck ``{"countries": {...}, "questions": {...}}``,
    as a record embeds them (B4)."""
    if not isinstance(deck, Mapping) or "countries" not in deck or "questions" not in deck:
        raise SetupError(
            "an undercover deck is an object with 'countries' and 'questions', "
            "as a record embeds them"
        )
    try:
        countries = parse_countries(deck["countries"])
        questions = parse_questions(deck["questions"], countries)
    except RecordError as err:
        raise SetupError(f"deck: {err.message}", rule=err.rule) from err
    return countries, questions
