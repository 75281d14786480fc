"""The commitment to the hidden country (RULES.md B2.2, RECORDS.md Undercover).

The commitment is the lowercase hex SHA-256 of the UTF-8 text ``COUNTRY:SALT``. Everyone
sees it as soon as the country is hidden; the country and the salt are revealed when the
round ends, and anyone can check them with standard tools::

    printf '%s' 'ES:5b1e0c27d9a4f3e2' | sha256sum

With only a few dozen countries a short salt could be found by trying, so a salt is 16 to
128 printable ASCII characters without spaces (hex digits in practice). ``legal_actions``
offers a salt derived from the game's seed and the round: it is exactly as secret as the
seed, which never leaves the record. A host that seeds games predictably should hide with
a salt of its own (any salt that passes :func:`check_salt` is legal).
"""

from __future__ import annotations

import hashlib
import hmac
import re

from geodeck.core.errors import IllegalAction

SALT = re.compile(r"[!-~]{16,128}")


def commit(country: str, salt: str) -> str:
    """The commitment to ``country`` with ``salt``."""
    return hashlib.sha256(f"{country}:{salt}".encode()).hexdigest()


def verify(commitment: str, country: str, salt: str) -> bool:
    """Whether ``commitment`` is the one made for ``country`` and ``salt``."""
    return hmac.compare_digest(commitment.strip().lower(), commit(country, salt))


def check_salt(salt: object) -> str:
    """Raise ``IllegalAction`` unless ``salt`` is a usable secret (B2.2)."""
    if not isinstance(salt, str) or not SALT.fullmatch(salt):
        raise IllegalAction(
            "the salt must be 16 to 128 printable ASCII characters without spaces, "
            "so that nobody can find the country by trying",
            rule="B2.2",
        )
    return salt


def suggested_salt(seed: int, round_number: int) -> str:
    """The salt ``legal_actions`` offers in a round: 16 hex digits, fixed by seed and round."""
    return hashlib.sha256(f"geodeck/undercover/salt/{round_number}/{seed}".encode()).hexdigest()[
        :16
    ]
