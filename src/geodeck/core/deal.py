"""The commitment to a game's deal, which lets anyone check a deal after the game.

A server that deals a table draws the whole setup (RECORDS.md: the start card, draw pile
and reserve of a cross game; the layouts, question pile and seed of Undercover) from a
secret of its own, and publishes at once the **deal commitment**: the lowercase hex
SHA-256 of the UTF-8 text ``SALT:SETUP``, where ``SALT`` is a secret of 32 hex digits and
``SETUP`` is the record's ``setup`` object as canonical JSON (keys sorted, no spaces, text
as UTF-8; setups hold only ids, lists and whole numbers below 2**53, which every JSON tool
writes alike). When the game has ended, its record carries
``"deal": {"commitment": ..., "salt": ...}``, and anyone can check with standard tools::

    printf '%s:%s' "$(jq -r .deal.salt game.json)" "$(jq -cS .setup game.json)" | sha256sum

that the setup the game was played from is the one the server was bound to before the
first move. ``geodeck verify FILE`` does the same and replays the record.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


def canonical(value: object) -> str:
    """``value`` as canonical JSON: sorted keys, no spaces, non-ASCII text as it is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def commit_deal(setup: Mapping[str, object], salt: str) -> str:
    """The deal commitment to ``setup`` with ``salt``."""
    return hashlib.sha256(f"{salt}:{canonical(setup)}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class DealCheck:
    """What a record says of its deal. ``ok`` is ``None`` when there is nothing to check."""

    commitment: str | None
    salt: str | None
    expected: str | None
    ok: bool | None


def check_deal(record: Mapping[str, Any]) -> DealCheck:
    """Check a record's ``deal`` against its ``setup``: ``ok`` is ``None`` for a record
    without a deal commitment, or one whose salt is not revealed yet."""
    deal = record.get("deal")
    if not isinstance(deal, Mapping) or not isinstance(deal.get("commitment"), str):
        return DealCheck(None, None, None, None)
    commitment = deal["commitment"]
    salt = deal.get("salt")
    if not isinstance(salt, str):
        return DealCheck(commitment, None, None, None)
    expected = commit_deal(record["setup"], salt)
    return DealCheck(commitment, salt, expected, hmac.compare_digest(expected, commitment))
