"""Table codes and seat tokens: how they are made, and how a token is checked.

A table's code is six letters anyone at the table may share; a seat's token is a secret
given once, to whoever claims the seat. Storage keeps only each token's SHA-256.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 6


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    return code.strip().upper()


def could_be_code(code: str) -> bool:
    """Whether a normal code has the form of a table code (only then is storage asked)."""
    return len(code) == CODE_LENGTH and code.isalpha()


def matching_seat(hashes: Sequence[str | None], token: str) -> int | None:
    """The seat whose token hash is the token's, compared in constant time."""
    digest = token_hash(token)
    found = None
    for i, held in enumerate(hashes):
        if held is not None and hmac.compare_digest(held, digest):
            found = i
    return found
