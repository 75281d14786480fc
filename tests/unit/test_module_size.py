"""No module in src is over 400 lines, so that each can be read at one sitting; a module
that grows past it is split along a seam it has."""

from __future__ import annotations

from pathlib import Path

import geodeck

ROOT = Path(geodeck.__file__).parent
MOST_LINES = 400


def lines_of(root: Path = ROOT) -> dict[str, int]:
    return {
        path.relative_to(root).as_posix(): len(path.read_text("utf-8").splitlines())
        for path in sorted(root.rglob("*.py"))
    }


def test_no_module_is_over_the_limit() -> None:
    assert {name: n for name, n in lines_of().items() if n > MOST_LINES} == {}


def test_a_long_module_is_found(tmp_path: Path) -> None:
    (tmp_path / "long.py").write_text("x = 1\n" * (MOST_LINES + 1), "utf-8")
    (tmp_path / "short.py").write_text("x = 1\n" * MOST_LINES, "utf-8")
    assert lines_of(tmp_path) == {"long.py": MOST_LINES + 1, "short.py": MOST_LINES}
