"""The cross family: Uppsala, Buxtehude, Città d'Italia, Map It! World."""

from geodeck.cross.actions import Accept, Challenge, CrossAction, Guess, Place
from geodeck.cross.editions import EDITIONS, Edition
from geodeck.cross.game import CrossGame

__all__ = [
    "EDITIONS",
    "Accept",
    "Challenge",
    "CrossAction",
    "CrossGame",
    "Edition",
    "Guess",
    "Place",
]
