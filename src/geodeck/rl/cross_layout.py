"""The layout of a cross-family observation (docs/rl.md): how many rows of what size, shared
by the codec (``cross_codec``) and the trackers that keep it up to date (``cross_track``)."""

from __future__ import annotations

from geodeck.rl.codec import MAX_SEATS

LINES = 2
LINE_SLOTS = 47
"""Cards a line can hold: the start card and all 45 drawn, with one to spare."""
POSITIONS = LINE_SLOTS + 1
RECENT = 16
EVENTS = (
    "start", "draw", "place", "accept", "challenge", "reveal", "judge", "pay",
    "exchange", "lapse", "remove", "scoring", "guess", "check", "end",
)  # fmt: skip
PHASES = ("place", "respond", "guess", "finished")
CARD = 5
SEAT = 6
EVENT = len(EVENTS) + MAX_SEATS + 2
PLACED = 1 + LINES + 1 + MAX_SEATS + 1
GLOBAL = len(PHASES) + 5 + 4 + 1
SIZE = LINES * LINE_SLOTS * CARD + 2 + PLACED + MAX_SEATS * SEAT + GLOBAL + RECENT * EVENT
