"""``python -m tools.places``: the same as ``python -m tools places`` (docs/data.md)."""

import sys

from tools.__main__ import alias

sys.exit(alias("places"))
