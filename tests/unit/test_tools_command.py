"""``python -m tools``: the data pipelines' one command, its errors and exit codes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tools.__main__ as command
from tools import npm
from tools.geometry import build as geometry

ROOT = Path(__file__).resolve().parents[2]


def test_help_lists_the_three_pipelines() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tools", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    for name in ("places", "countries", "geometry"):
        assert name in done.stdout


def test_no_pipeline_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        command.main([])
    assert stop.value.code == 2
    assert "PIPELINE" in capsys.readouterr().err


def test_a_missing_package_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def lacking(_args: object) -> int:
        raise ModuleNotFoundError("No module named 'babel'", name="babel")

    monkeypatch.setitem(command.COMMANDS, "places", lacking)
    assert command.main(["places", "--check"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "python -m tools places: the Python package babel is missing: pip install -e '.[data]'\n"
    )


def test_geometry_without_npm_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(npm, "installed", lambda _folder: None)
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    assert command.main(["geometry", "--check"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("python -m tools geometry: npm is not on PATH")


def test_geometry_check_names_the_files_that_differ(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    said: list[str] = []
    monkeypatch.setattr(npm, "ensure", lambda _folder, _say: {})
    monkeypatch.setattr(geometry, "build", lambda cut: f'{{"cut":"{cut.name}"}}\n')
    monkeypatch.setattr(geometry, "OUT", tmp_path)
    monkeypatch.setattr(geometry, "ROOT", tmp_path.parent)
    (tmp_path / "world.json").write_text('{"cut":"world"}\n', "utf-8")
    (tmp_path / "europe.json").write_text('{"cut":"old"}\n', "utf-8")
    assert geometry.run(check=True, say=said.append) == 1
    assert said[-1] == f"out of date in {tmp_path.name}: europe.json"
    assert (tmp_path / "europe.json").read_text("utf-8") == '{"cut":"old"}\n'
    (tmp_path / "europe.json").write_text('{"cut":"europe"}\n', "utf-8")
    assert geometry.run(check=True, say=said.append) == 0
