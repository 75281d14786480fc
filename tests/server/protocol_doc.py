"""What docs/protocol.md says, read from the page itself."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


@cache
def documented_codes() -> frozenset[str]:
    """The codes in the first column of the page's "Error codes" table."""
    text = PROTOCOL.read_text("utf-8")
    section = text.split("\n## Error codes\n", 1)[1].split("\n## ", 1)[0]
    codes: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            codes.update(re.findall(r"`([a-z]+/[a-z_]+)`", first))
    return frozenset(codes)
