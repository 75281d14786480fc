"""Computer players. A bot sees what its seat sees (a view and the legal actions) and has
its own seeded random numbers; it never sees the full state."""

from __future__ import annotations

from geodeck.bots.base import LEVELS, Bot, make_bot

__all__ = ["LEVELS", "Bot", "make_bot"]
