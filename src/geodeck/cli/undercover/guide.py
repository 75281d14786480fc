"""What ``rules``, ``history`` and the help's legend show at any question of Undercover.

The history is told from the spectator's view (no hidden country before its reveal), with
the countries' and questions' texts from the game's cards, which every player sees.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group
from rich.text import Text

from geodeck.cli.host import rules_text
from geodeck.cli.undercover.shapes import Event, events
from geodeck.cli.undercover.words import LARGE, SMALL, answer_text, seat_text, short_names
from geodeck.undercover.shapes import UndercoverView

HIDE, ASK, STONE, SCORE = "B2.2", "B2.3", "B2.4", "B2.6"
"""The sections that apply when the country is hidden, a question answered (or its X
named), a stone placed, and a round scored."""


def undercover_rules(view: UndercoverView, topic: str) -> Group:
    """The rules of Undercover in short for ``view``'s variant, ``topic`` marked."""
    count = len(view["layout"])
    rules = [
        (
            "B2.1",
            "the countries",
            f"Each round {count} countries are laid out face up; one player is undercover "
            "and hides in one of them.",
        ),
        (
            "B2.2",
            "hiding",
            "The undercover player chooses a country in secret. Everyone sees a commitment "
            "at once; at the end of the round the country and its salt are revealed and "
            "the commitment checked, so the choice cannot have changed.",
        ),
        (
            "B2.3",
            "questions",
            "The seeker left of the undercover player reads the top question, then the next "
            "seeker, and so on. In a question about X the reader names a seeker for X. The "
            "undercover player answers yes, no, probably, probably not or not sure, as they "
            "like: the data's answer is only a hint shown to them.",
        ),
        (
            "B2.4",
            "stones",
            "After each answer every seeker, from the reader on, may put one stone (small "
            "or large) on any country, or pass. Stones stay until the round ends.",
        ),
        (
            "B2.5",
            "end of a round",
            "6 or more stones on the hiding place (a large one counts as one): the "
            "undercover player is discovered and the round ends. Otherwise it ends after "
            "the 12th question, or when no seeker has a stone left.",
        ),
        (
            "B2.6",
            "scoring",
            "Each stone on the hiding place scores for its owner: small 1, large 2. The "
            "undercover player scores nothing that round.",
        ),
        (
            "B3",
            "the end",
            f"{view['rounds']} rounds: with 3 or 4 players everyone is undercover twice, "
            "with 5 or 6 once. The highest total wins; ties share the win.",
        ),
    ]
    if view["variant"] != "standard":
        rules.append(
            (
                "B4",
                "variants",
                "easy: 12 countries, at most 3 of one colour; hard: some questions about "
                "the country are left out of the pile.",
            )
        )
    return rules_text(str(view["title"]), rules, topic)


def legend(view: UndercoverView) -> list[Text]:
    """What the marks on the country cards and in the table mean."""
    tags = short_names(view)
    names = Text("  ")
    for seat, tag in enumerate(tags):
        if seat:
            names.append("  ")
        names.append(tag, "bold")
        names.append(" = ")
        names.append_text(seat_text(view, seat))
    last = tags[-1]
    return [
        Text.assemble(
            "Stones on a card: a player's tag, then their stones: ",
            (SMALL, "bold"),
            " a small stone (1 point), ",
            (LARGE, "bold"),
            " the large one (2 points), a number before ",
            (SMALL, "bold"),
            " counts small ones. So ",
            (f"{last}3{SMALL}{LARGE}", "bold"),
            f" is {last} with three small stones and the large one on that country.",
        ),
        Text.assemble("The tags:", names),
        Text(
            "On a card: its number to type, flag and name; capital and vehicle code; area "
            "and population, each with its rank (#) among all countries of the world; the "
            "colour of the frame is the card's region."
        ),
        Text(
            "In the scores: ● ◉ the stones still in hand; – the round a player was "
            "undercover; ★ the hiding place (on a private screen, or once revealed)."
        ),
    ]


REPLACED = {
    "computer_hider": "as the undercover player is a computer",
    "no_human_seeker": "as no human seeker can stand for X",
}
"""Why a question about a seeker was replaced (geodeck's rule for computer players)."""


def story(
    view: UndercoverView, countries: Mapping[str, str], questions: Mapping[str, str]
) -> list[Text]:
    """Every event so far in the spectator's ``view``, one a line. ``countries`` and
    ``questions`` give the names and texts by id."""
    lines: list[Text] = []

    def who(seat: int) -> Text:
        return seat_text(view, seat)

    def say(*parts: str | Text | tuple[str, str], indent: bool = True) -> None:
        lines.append(Text.assemble("  " if indent else "", *parts))

    for event in events(view["history"]):
        kind = event["event"]
        if kind == "round":
            say(
                (f"Round {event['round']}: ", "bold magenta"),
                who(event["undercover"]),
                f" is undercover among {len(event['layout'])} countries.",
                indent=False,
            )
        elif kind == "hide":
            say(who(event["seat"]), f" hides in secret (commitment {event['commitment'][:12]}…).")
        elif kind == "reshuffle":
            say(f"The question pile is reshuffled from {event['cards']} used cards.")
        elif kind == "replace":
            text = questions.get(event["question"], event["question"])
            why = REPLACED.get(event["reason"], event["reason"])
            say(f"Set aside unread, {why}: ", (text, "dim"))
        elif kind == "question":
            text = questions.get(event["question"], event["question"])
            say(f"Question {event['number']}, read by ", who(event["reader"]), ": ", (text, "bold"))
        elif kind == "name":
            say(who(event["seat"]), " names ", who(event["seeker"]), " for X.")
        elif kind == "answer":
            say(who(event["seat"]), " answers ", answer_text(event["answer"]), ".")
        elif kind == "stone":
            mark = LARGE if event["size"] == "large" else SMALL
            place = countries.get(event["country"], event["country"])
            say(
                who(event["seat"]),
                f" puts a {event['size']} stone {mark} on ",
                (place, "bold"),
                ".",
            )
        elif kind == "pass":
            say(who(event["seat"]), " passes.")
        elif kind == "reveal":
            lines.append(_revealed(view, event, countries))
        elif kind == "end":
            winners = " and ".join(str(view["seats"][s]["name"]) for s in event["winners"])
            say(("Game over: ", "bold magenta"), (winners, "bold"), " won.", indent=False)
    return lines


def _revealed(view: UndercoverView, event: Event, countries: Mapping[str, str]) -> Text:
    place = countries.get(event["country"], event["country"])
    asked = event["asked"]
    found = (
        f"discovered after {asked} question{'s' if asked != 1 else ''}"
        if event["discovered"]
        else f"not discovered in {asked} question{'s' if asked != 1 else ''}"
    )
    scored = ", ".join(
        f"{view['seats'][seat]['name']} +{points}"
        for seat, points in enumerate(event["points"])
        if points
    )
    return Text.assemble(
        (f"End of round {event['round']}: ", "bold magenta"),
        seat_text(view, event["undercover"]),
        " was hiding in ",
        (place, "bold"),
        f", {found}; {scored or 'nobody scored'}.",
    )
