"""The colours and marks of geodeck's maps."""

from __future__ import annotations

OCEAN = "#dce9f2"
LAND = "#e9e5dc"
HOME = "#faf7f0"
BORDER = "#a59e92"
INK = "#1f2a33"
MUTED = "#5f6b75"

KIND_STYLE: dict[str, tuple[str, str]] = {
    "place": ("#24527a", "o"),
    "sight": ("#c2412d", "D"),
    "landmark": ("#c2412d", "D"),
    "attraction": ("#c2412d", "D"),
    "mountain": ("#7a5a2b", "^"),
}
OTHER_KIND = ("#6d6d6d", "s")
CAPITAL_COLOUR = "#0d2c4a"
