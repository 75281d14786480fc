"""``geodeck rules GAME [--lang] [--variant]``: the browser's short rules in the terminal,
wrapped to its width, every paragraph of the help file there."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from tests.cli.command import run_geodeck, run_in_process


def help_file(language: str) -> dict[str, object]:
    text = (resources.files("geodeck") / "web" / "help" / f"{language}.json").read_text("utf-8")
    found: dict[str, object] = json.loads(text)
    return found


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize(
    ("game", "language", "variant", "family"),
    [
        ("uppsala", "en", None, "cross"),
        ("italia", "de", "altitude", "cross"),
        ("undercover", "it", None, "undercover"),
    ],
)
def test_the_rules_are_the_help_texts_wrapped(
    game: str, language: str, variant: str | None, family: str
) -> None:
    args = ["rules", game, "--lang", language] + (["--variant", variant] if variant else [])
    done = run_geodeck(*args, columns=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 59
    texts = help_file(language)[family]
    assert isinstance(texts, dict)
    flowing = words(done.stdout)
    extra = "geo" if (variant or "geo") == "geo" else "column"
    other = "column" if extra == "geo" else "geo"
    for section in texts["sections"]:
        assert section["title"] in done.stdout
        for said in [*section["body"], *section.get(extra, [])]:
            assert words(said) in flowing
        for said in section.get(other, []):
            assert words(said) not in flowing
    assert lines[0].startswith(texts["title"])


def test_a_wide_terminal_gets_longer_lines_up_to_a_limit() -> None:
    narrow = run_geodeck("rules", "uppsala", columns=50).stdout.splitlines()
    wide = run_geodeck("rules", "uppsala", columns=200).stdout.splitlines()
    assert max(map(len, narrow)) <= 49
    assert 60 < max(map(len, wide)) <= 100
    assert len(wide) < len(narrow)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["rules", "chess"], "no game 'chess'"),
        (["rules", "uppsala", "--lang", "fr"], "--lang: one of en, de, it"),
        (["rules", "undercover", "--variant", "geo"], "--variant: undercover has"),
    ],
)
def test_wrong_arguments_are_said_in_one_line(args: list[str], said: str) -> None:
    done = run_in_process(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert said in done.stderr
    assert "Traceback" not in done.stderr
