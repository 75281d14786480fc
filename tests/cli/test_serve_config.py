"""``geodeck serve --config FILE``: every option of ``serve`` is a key of a TOML file and an
environment variable ``GEODECK_…``; the command line wins over the environment, the
environment over the file; ``--print-config`` shows what is in force; a wrong file or
value is refused in one line naming the key, with exit status 2 (docs/hosting.md)."""

from __future__ import annotations

import re
import subprocess
import time
import tomllib
from pathlib import Path

import httpx
import pytest

from geodeck.cli.serve_config import OPTIONS
from tests import loopback
from tests.cli.command import GEODECK, plain_env, run_in_process
from tests.cli.test_options import refused
from tests.workers import free_port


def config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "geodeck.toml"
    path.write_text(text, "utf-8")
    return path


def in_force(*args: str | Path) -> dict[str, str]:
    """``geodeck serve --print-config``: each key's value (as TOML) and where it came from."""
    done = run_in_process("serve", *args, "--print-config")
    assert done.returncode == 0, done.stderr
    tomllib.loads(done.stdout)  # the output is itself a configuration file
    found = {}
    for line in done.stdout.splitlines():
        if m := re.fullmatch(r"(\w+) = (.+)  # (.+)", line):
            found[m[1]] = f"{m[2]} ({m[3]})"
        elif m := re.fullmatch(r"# (\w+) =  \((.+): none\)", line):
            found[m[1]] = f"none ({m[2]})"
    return found


def test_every_option_of_serve_is_a_key_and_an_environment_variable() -> None:
    done = run_in_process("serve", "--help", columns=300)
    flags = set(re.findall(r"--[a-z-]+", done.stdout)) - {"--help", "--config", "--print-config"}
    flags -= {f"--no-{o.name}" for o in OPTIONS if o.kind is bool}
    assert flags == {o.flag for o in OPTIONS}
    assert len(OPTIONS) >= 46
    shown = in_force()
    assert set(shown) == {o.name for o in OPTIONS}
    assert shown["max_tables"] == "2000 (default)"
    assert shown["database_url"] == "none (default)"


def test_the_command_line_wins_over_the_environment_and_that_over_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = config(
        tmp_path,
        'max_tables = 500\ngrace = 12\nlog_level = "warning"\ndeck = ["a.json", "b.json"]\n'
        "compress = true\n",
    )
    monkeypatch.setenv("GEODECK_GRACE", "7.5")
    monkeypatch.setenv("GEODECK_LINGER", "90")
    shown = in_force("--config", path, "--linger", "5")
    assert shown["max_tables"] == f"500 ({path}: max_tables)"
    assert shown["grace"] == "7.5 (GEODECK_GRACE)"
    assert shown["linger"] == "5.0 (--linger)"
    assert shown["log_level"] == f'"warning" ({path}: log_level)'
    assert shown["deck"] == f'["a.json", "b.json"] ({path}: deck)'
    assert shown["compress"] == f"true ({path}: compress)"
    assert shown["port"] == "8000 (default)"


def test_print_config_hides_passwords(tmp_path: Path) -> None:
    path = config(
        tmp_path,
        'database_url = "postgresql://ann:secret@db/geodeck"\n'
        'redis_url = "redis://:hush@127.0.0.1:6379/0"\n',
    )
    done = run_in_process("serve", "--config", path, "--print-config")
    assert "secret" not in done.stdout
    assert "hush" not in done.stdout
    assert 'database_url = "postgresql://ann:***@db/geodeck"' in done.stdout


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("max_tabels = 3\n", "{path}: max_tabels: no such key; it takes the options"),
        ("[server]\nport = 1\n", "{path}: [server]: no tables here, only keys"),
        ("grace = -1\n", "{path}: grace is a number of seconds, 0 or more, not -1.0"),
        ('grace = "soon"\n', "{path}: grace must be a number, not 'soon'"),
        ("port = 8000.5\n", "{path}: port must be a whole number, not 8000.5"),
        ("port = true\n", "{path}: port must be a whole number, not True"),
        ("port = 0\n", "{path}: port must be from 1 to 65535, not 0"),
        ("compress = 1\n", "{path}: compress must be true or false, not 1"),
        ('log_level = "loud"\n', "{path}: log_level must be one of debug, info, warning"),
        ("pause = 500\n", "{path}: pause must be at most 120 seconds, not 500"),
        ("deck = [1]\n", "{path}: deck must be a list of text, not [1]"),
        ("grace = \n", "{path}: not TOML: "),
    ],
)
def test_a_wrong_config_is_refused_in_one_line_naming_the_key(
    tmp_path: Path, text: str, line: str
) -> None:
    path = config(tmp_path, text)
    said = refused("serve", "--config", path)
    assert said.startswith("geodeck serve: " + line.format(path=path)), said
    said = refused("serve", "--config", path, "--print-config")
    assert said.startswith("geodeck serve: " + line.format(path=path)), said


def test_a_missing_config_file_is_refused(tmp_path: Path) -> None:
    said = refused("serve", "--config", tmp_path / "none.toml")
    assert said == (
        f"geodeck serve: --config {tmp_path / 'none.toml'}: cannot read it: "
        "No such file or directory"
    )


@pytest.mark.parametrize(
    ("name", "value", "line"),
    [
        ("GEODECK_PORT", "eighty", "GEODECK_PORT must be a whole number, not 'eighty'"),
        ("GEODECK_GRACE", "-3", "GEODECK_GRACE is a number of seconds, 0 or more, not -3.0"),
        ("GEODECK_COMPRESS", "maybe", "GEODECK_COMPRESS must be true or false, not 'maybe'"),
        ("GEODECK_MAX_TABLES", "0", "GEODECK_MAX_TABLES must be more than 0, not 0"),
    ],
)
def test_a_wrong_environment_variable_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, line: str
) -> None:
    monkeypatch.setenv(name, value)
    assert refused("serve") == f"geodeck serve: {line}"


def test_serve_runs_with_the_options_of_its_config_file(tmp_path: Path) -> None:
    """A real server takes its port, database and limits from the file."""
    port = free_port()
    database = tmp_path / "tables.sqlite3"
    path = config(
        tmp_path,
        f'port = {port}\ndatabase_url = "sqlite:///{database}"\ncreations_burst = 1\n'
        'log_level = "warning"\n',
    )
    with subprocess.Popen(
        [GEODECK, "serve", "--config", str(path)],
        env=plain_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    ) as process:
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    health = loopback.get(f"http://127.0.0.1:{port}/api/health", timeout=1)
                    break
                except httpx.TransportError:
                    assert process.poll() is None
                    assert time.monotonic() < deadline
                    time.sleep(0.05)
            assert health.status_code == 200
            table = {"game": "uppsala", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
            url = f"http://127.0.0.1:{port}/api/tables"
            assert loopback.post(url, json=table, timeout=10).status_code == 201
            second = loopback.post(url, json=table, timeout=10)
            assert second.status_code == 429  # creations_burst = 1
            assert database.exists()
        finally:
            process.terminate()
            process.wait(10)


def test_the_shipped_config_file_is_read_as_it_is() -> None:
    """deploy/geodeck.toml, as docs/hosting.md installs it (deploy/check runs it)."""
    path = Path(__file__).resolve().parents[2] / "deploy" / "geodeck.toml"
    shown = in_force("--config", path)
    assert shown["slots"] == f"2 ({path}: slots)"
    assert shown["forwarded_allow_ips"] == f'"127.0.0.1,::1" ({path}: forwarded_allow_ips)'
    assert shown["metrics"] == f"true ({path}: metrics)"
