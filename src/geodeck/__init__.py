"""geodeck: geography card games on the screen.

The public API: ``new_game``, ``Game`` (``from_record``, ``to_record``, ``expects``,
``legal_actions``, ``apply``, ``view``, ``outcome``) and the typed actions and errors.
"""

from geodeck.core.errors import (
    ActionError,
    GameOver,
    GeodeckError,
    IllegalAction,
    NotYourTurn,
    RecordError,
    SetupError,
    WrongKind,
)
from geodeck.core.game import Expects, Game, Outcome, new_game
from geodeck.cross import Accept, Challenge, CrossGame, Guess, Place

__version__ = "0.1.0"

__all__ = [
    "Accept",
    "ActionError",
    "Challenge",
    "CrossGame",
    "Expects",
    "Game",
    "GameOver",
    "GeodeckError",
    "Guess",
    "IllegalAction",
    "NotYourTurn",
    "Outcome",
    "Place",
    "RecordError",
    "SetupError",
    "WrongKind",
    "new_game",
]
