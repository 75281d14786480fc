"""What ``rules`` shows at any question of a cross game: the rules in short, by the section
numbers of RULES.md, for the variant being played."""

from __future__ import annotations

from rich.console import Group

from geodeck.cli.host import rules_text
from geodeck.cross.shapes import CrossView

PLACE, RESPOND, GUESS = "A2", "A4", "A6"
"""The sections that apply when a card is placed, answered, and at a scoring."""


def cross_rules(view: CrossView, topic: str) -> Group:
    """The rules of the cross family in short for ``view``'s variant, ``topic`` marked."""
    variant = view["variant"]
    if variant == "geo":
        lines = "two lines cross at the start card: west–east by longitude, north–south by latitude"
    else:
        lines = f"one column, from the smallest {variant} at the bottom to the largest at the top"
    rules = [
        (
            "A2",
            "placing",
            f"On your turn you put the drawn card into one gap of the table ({lines}): "
            "type the gap's label in brackets. It only has to be right along that line.",
        ),
        (
            "A3",
            "right or wrong",
            "A card is right next to a neighbour when the values grow in the line's "
            "direction; equal values are always right.",
        ),
        (
            "A4",
            "challenge",
            "After a placement the others are asked in turn from the placer's left: accept, "
            "or challenge against one neighbour of the card. The first to challenge takes "
            "it and both cards are revealed. Wrong: the challenger gets 1 chip from the "
            "placer and the card leaves the game. Right: the placer gets 1 chip from the "
            "challenger.",
        ),
        (
            "A5",
            "chips",
            "A payer with no chips pays nothing; the supply pays instead. When the supply "
            "runs short, the player with the most chips exchanges 5 of them for the card "
            "removed last, worth 5 at the end.",
        ),
        (
            "A6",
            "scoring",
            "At each intermezzo and after the last card everyone guesses in secret how many "
            "cards on the table are wrong. The check walks out from the start card. An "
            "exact guess wins 2 chips; if nobody is exact, the closest win 1. Then the table "
            "is cleared and a new start card comes out.",
        ),
        (
            "A7",
            "the end",
            "Score: chips in hand and 5 for each exchanged card. The highest score wins; "
            "ties share the win.",
        ),
    ]
    return rules_text(str(view["title"]), rules, topic)
