"""``python -m tools.countries``: the same as ``python -m tools countries`` (docs/data.md)."""

import sys

from tools.__main__ import alias

sys.exit(alias("countries"))
