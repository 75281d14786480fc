"""Every table's secret, and what the server draws from it in secret.

When a table is created the server makes a secret of 32 bytes with ``secrets``. It is
stored with the table (``geodeck_secrets``), never sent to anyone and never written into a
record. Everything the server decides in secret comes from it, each use by HMAC-SHA256 of
the secret and a label of its own:

- the deal's seed (``deal/SEED``, with the seed a creator asked for mixed in: it changes
  the deal, but nobody who lacks the secret can tell how, so no seed steers it);
- the deal commitment's salt (``deal-salt``), revealed with the record once the game ends
  (``geodeck.core.deal``);
- each bot's random numbers (``bot/SEAT/PURPOSE``: a bot seat, a stand-in, the clock's
  default move), from which a bot also salts its Undercover hides;
- the salt of a hide the server adds itself (``salt/VERSION``).

Nothing public (the table's code, a seed, the time) enters a secret choice, so knowing
every public fact about a table tells nobody what a bot hides or what the deal holds.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Mapping

from geodeck.core.deal import commit_deal

SECRET_BYTES = 32
SEED_BITS = 53
"""Deal seeds stay below 2**53, so that every JSON tool reads a record's seed exactly."""


def new_secret() -> bytes:
    """A table's secret."""
    return secrets.token_bytes(SECRET_BYTES)


def derive(secret: bytes, label: str) -> bytes:
    """The 32 bytes of ``secret`` for one use."""
    return hmac.new(secret, label.encode(), hashlib.sha256).digest()


def deal_seed(secret: bytes, asked: int | None) -> int:
    """The seed the table is dealt from; ``asked`` is the creator's seed, if any."""
    label = "deal/" + ("-" if asked is None else str(asked))
    return int.from_bytes(derive(secret, label), "big") >> (256 - SEED_BITS)


def seal(setup: Mapping[str, object], secret: bytes) -> dict[str, str]:
    """The record's ``deal``: the commitment to ``setup`` and its salt (kept until the end)."""
    salt = derive(secret, "deal-salt").hex()[:32]
    return {"commitment": commit_deal(setup, salt), "salt": salt}


def bot_rng_seed(secret: bytes, seat: int, purpose: str) -> int:
    """The seed of one bot's random numbers (all 256 bits of it)."""
    return int.from_bytes(derive(secret, f"bot/{seat}/{purpose}"), "big")


def salt_rng(secret: bytes, version: int) -> random.Random:
    """Random numbers for a salt the server adds to a hide chosen at ``version``."""
    return random.Random(int.from_bytes(derive(secret, f"salt/{version}"), "big"))


def public_deal(deal: object, finished: bool) -> dict[str, str | None] | None:
    """What clients are shown of a table's ``deal``: the commitment from the start, the
    salt once the game has ended."""
    if not isinstance(deal, Mapping) or not isinstance(deal.get("commitment"), str):
        return None
    salt = deal.get("salt") if finished else None
    return {"commitment": deal["commitment"], "salt": salt if isinstance(salt, str) else None}
