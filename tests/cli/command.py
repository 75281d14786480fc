"""Running the real installed ``geodeck`` command in a subprocess, for the CLI tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def find_geodeck() -> str:
    beside = Path(sys.executable).with_name("geodeck")
    if beside.exists():
        return str(beside)
    found = shutil.which("geodeck")
    if found is None:
        raise RuntimeError("the geodeck command is not installed (scripts/setup --dev)")
    return found


GEODECK = find_geodeck()


def run_geodeck(
    *args: str | Path, stdin: str = "", timeout: float = 120, columns: int = 100
) -> subprocess.CompletedProcess[str]:
    """``geodeck ARGS...`` with ``stdin`` piped in, plain output ``columns`` wide."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": str(columns), "NO_COLOR": "1"}
    return subprocess.run(
        [GEODECK, *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=timeout,
        check=False,
    )
