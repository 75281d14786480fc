"""Table codes and seat tokens: how they are made, and how a token is checked.

A table's code is ten letters anyone at the table may share (24¹⁰, about 6.3 · 10¹³ of
them, too many to find a table by guessing: docs/protocol.md, Wrong codes and tokens);
people read it in three groups, ``KQM-XTRP-AWN``. Tables made before codes had ten
letters keep their six. A seat's token is a secret given once, to whoever claims the
seat. Storage keeps only each token's SHA-256.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 10
OLD_CODE_LENGTH = 6
"""The length of the codes of tables made before codes had ten letters."""
GROUPS = (3, 4, 3)
"""How a ten-character code is shown to people: ``KQM-XTRP-AWN``."""
_SPACING = re.compile(r"[\s\-\u2010-\u2015\u2212]+")
"""What people put between the groups of a code: white space and dashes."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed (any case, with spaces and dashes), as it is kept: ``KQMXTRPAWN``.
    The same for table and class codes."""
    return _SPACING.sub("", code).upper()


def shown_code(code: str) -> str:
    """A normal code of ten characters in groups for people (``KQM-XTRP-AWN``); any other
    as it is."""
    if len(code) != sum(GROUPS):
        return code
    first, second, _ = GROUPS
    return f"{code[:first]}-{code[first : first + second]}-{code[first + second :]}"


def could_be_code(code: str) -> bool:
    """Whether a normal code has the form of a table code, new or old (only then is
    storage asked)."""
    return len(code) in (CODE_LENGTH, OLD_CODE_LENGTH) and code.isascii() and code.isalpha()


def matching_seat(hashes: Sequence[str | None], token: str) -> int | None:
    """The seat whose token hash is the token's, compared in constant time."""
    digest = token_hash(token)
    found = None
    for i, held in enumerate(hashes):
        if held is not None and hmac.compare_digest(held, digest):
            found = i
    return found
