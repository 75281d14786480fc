"""The commitment to the hidden country (RULES.md B2.2, RECORDS.md Undercover).

The commitment is the lowercase hex SHA-256 of the UTF-8 text ``COUNTRY:SALT``. Everyone
sees it as soon as the country is hidden; the country and the salt are revealed when the
round ends, and anyone can check them with standard tools::

    printf '%s' 'ES:5b1e0c27d9a4f3e2' | sha256sum

With only a few dozen countries a short salt could be found by trying, so a salt is 16 to
128 printable ASCII characters without spaces (hex digits in practice). The salt is the
hider's own secret: the engine never makes one (it is pure and seeded, so a salt it made
would be as predictable as the seed). ``legal_actions`` lists hides without a salt; a
person's client adds one from its own random numbers (the browser's ``crypto``, the
terminal's ``secrets``), a bot from its own random numbers (``salt_from``), the server
from the table's secret.
"""

from __future__ import annotations

import hashlib
import hmac
import random
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
    if salt is None:
        raise IllegalAction(
            "a hide needs the hider's own salt (16 to 128 printable ASCII characters "
            "without spaces); the engine makes none",
            rule="B2.2",
        )
    if not isinstance(salt, str) or not SALT.fullmatch(salt):
        raise IllegalAction(
            "the salt must be 16 to 128 printable ASCII characters without spaces, "
            "so that nobody can find the country by trying",
            rule="B2.2",
        )
    return salt


def salt_from(rng: random.Random) -> str:
    """A salt of 32 hex digits (128 bits) from ``rng``, a hider's own random numbers."""
    return f"{rng.getrandbits(128):032x}"
