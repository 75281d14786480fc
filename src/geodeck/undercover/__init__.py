"""Undercover in Europa (RULES.md Part B): rounds, questions, stones, commitment.

Points the rulebook and RULES.md leave open, as geodeck settles them:

- **Naming X (B1).** The reader may name any seat but the undercover one, the reader
  included: the rulebook has the reader replace X with "the name of a player in the
  round, except the undercover player", and the reader is such a player.
- **Computer players (geodeck's rule).** The seats a computer plays are part of the setup
  (``setup.computers``; the option ``computers`` of ``new_game``). X is never one of them,
  and a question about a seeker turned over while a computer hides, or while no seeker is
  human, is replaced by the next card (a ``replace`` event; docs/rules.md).
- **The undercover player's answers (B2.3)** are not checked against the data: the
  rulebook lets the player judge ("probably", "I am not sure"). The data's answer is
  shown to that player alone, as a hint.
- **Guessing (B2.4).** Every seeker has their chance after every answer, also one with no
  stone left: that seeker can only pass, and a record lists the pass.
- **Round end (B2.5).** Besides discovery and the 12th question, a round ends when, after
  a guessing, no seeker holds a stone: no later question could change anything. It also
  ends, undiscovered, when no question can be turned over (draw and discard piles both
  empty; only a record with a short question pile gets there: ``new_game`` refuses a pile
  of fewer than 12 questions).
- **Discard pile (B2.7).** The questions of a round stay out for everyone to see until the
  round ends (as the rulebook has it) and then go to the discard pile. When the draw pile
  is empty and a question is needed, the discard pile is sorted by id and shuffled from the
  seed into a new draw pile.
- **Hard variant (B4).** ``options={"remove_country_questions": N}`` is required, with
  1 <= N <= the number of questions about the country. The N removed are drawn from the
  seed: the ids of the questions about the country, sorted, sampled by geodeck's shuffle
  with a key made from the game's seed (see ``deal.py``). A record's explicit
  ``setup.questions`` is the draw pile after the removal and is used as it stands.
- **Dealing.** Each round's layout is dealt from the seed on its own (B2.1), so it does not
  depend on play. ``to_record`` writes every layout and the question pile explicitly; a
  record without a ``seed`` uses 0.
- **Commitment (B2.2).** Country ids contain no ``:``, so ``COUNTRY:SALT`` reads one way; a
  salt is 16 to 128 printable ASCII characters without spaces (see ``commitment.py``). It
  is the hider's own: ``legal_actions`` lists hides without a salt, and a hide needs one.
- **After the game.** The view and the replay summary keep showing the last round's
  layout and stones as they lay when the game ended.
"""

from geodeck.undercover.actions import Answer, Hide, Name, Pass, Stone, UndercoverAction
from geodeck.undercover.commitment import commit, verify
from geodeck.undercover.game import UndercoverGame
from geodeck.undercover.variants import VARIANTS, Variant

__all__ = [
    "VARIANTS",
    "Answer",
    "Hide",
    "Name",
    "Pass",
    "Stone",
    "UndercoverAction",
    "UndercoverGame",
    "Variant",
    "commit",
    "verify",
]
