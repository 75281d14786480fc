"""geodeck: geography card games on the screen.

The public API: ``new_game``, ``Game`` (``from_record``, ``to_record``, ``expects``,
``legal_actions``, ``apply``, ``view``, ``viewer``, ``outcome``) and the typed actions and
errors.
"""

from geodeck import catalogue as _catalogue  # noqa: F401  (it registers the families)
from geodeck.core.errors import (
    ActionError,
    GameOver,
    GeodeckError,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    RecordError,
    SetupError,
    WrongKind,
)
from geodeck.core.game import Expects, Game, Outcome, Viewer, new_game
from geodeck.cross import Accept, Challenge, CrossGame, Guess, Place
from geodeck.undercover import Answer, Hide, Name, Pass, Stone, UndercoverGame

__version__ = "0.1.0"

__all__ = [
    "Accept",
    "ActionError",
    "Answer",
    "Challenge",
    "CrossGame",
    "Expects",
    "Game",
    "GameOver",
    "GeodeckError",
    "Guess",
    "Hide",
    "IllegalAction",
    "MalformedAction",
    "Name",
    "NotYourTurn",
    "Outcome",
    "Pass",
    "Place",
    "RecordError",
    "SetupError",
    "Stone",
    "UndercoverGame",
    "Viewer",
    "WrongKind",
    "new_game",
]
