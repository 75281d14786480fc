"""Table codes and seat tokens: how they are made, and how a token is checked.

A table's code is twelve letters anyone at the table may share (24¹², about 3.7 · 10¹⁶
of them, too many to find a table by guessing at any rate a process answers:
docs/protocol.md, Wrong codes and tokens); people read it in three groups of four,
``KQMX-TRPA-WNLB``. Tables made before codes had twelve letters keep their six. A seat's
token is a secret given once, to whoever claims the seat. Storage keeps only each token's
SHA-256.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 12
OLD_CODE_LENGTH = 6
"""The length of the codes of tables made before codes had twelve letters."""
GROUP = 4
"""How a twelve-character code is shown to people: in groups of four, ``KQMX-TRPA-WNLB``
(a class code too: ``KXMQ-RTPW-Z428``)."""
_SPACING = re.compile(r"[\s\-\u2010-\u2015\u2212]+")
"""What people put between the groups of a code: white space and dashes."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(code: str) -> str:
    """A code as typed (any case, with spaces and dashes), as it is kept: ``KQMXTRPAWNLB``.
    The same for table and class codes."""
    return _SPACING.sub("", code).upper()


def shown_code(code: str) -> str:
    """A normal code of twelve characters in groups for people (``KQMX-TRPA-WNLB``); any
    other as it is."""
    if len(code) != CODE_LENGTH:
        return code
    return "-".join(code[i : i + GROUP] for i in range(0, CODE_LENGTH, GROUP))


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
