"""Help texts on an 80-column terminal: each paragraph of a command's description is
wrapped to the width, not broken where the source's lines end."""

from __future__ import annotations

import itertools

import pytest
from typer.testing import CliRunner

from geodeck.cli.main import app

COMMANDS = [
    ["play"],
    ["practice"],
    ["daily"],
    ["serve"],
    ["simulate"],
    ["deck", "show"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_descriptions_fill_the_width(command: list[str]) -> None:
    result = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    description = []
    for line in lines[lines.index(next(x for x in lines if "Usage:" in x)) + 1 :]:
        if line.lstrip().startswith("╭"):
            break
        description.append(line.strip())
    paragraphs: list[list[str]] = [[]]
    for line in description:
        if line:
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    assert sum(len(p) for p in paragraphs) >= 1
    for paragraph in paragraphs:
        assert all(len(line) <= 78 for line in paragraph), paragraph
        # a line cut short before the paragraph ends is a line break kept from the source
        for line, following in itertools.pairwise(paragraph):
            assert len(line) + 1 + len(following.split()[0]) > 78, (line, following)
