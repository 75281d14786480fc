"""Where ``geodeck serve`` takes each option from: the command line, else the environment
(``GEODECK_GRACE``), else the configuration file (``--config FILE``, TOML: ``grace =
30``), else the default; each option once, as a field of ``Settings``
(``server/options.py``).

A value that is wrong is refused in one line that names where it came from (``--grace``,
``GEODECK_GRACE`` or ``FILE: grace``), with exit status 2.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import os
import tomllib
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union, get_args, get_origin, get_type_hints

import typer

from geodeck.cli.errors import fail
from geodeck.server.options import OPTION, OptionInfo
from geodeck.server.settings import Settings

ENV_PREFIX = "GEODECK_"
TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")


@dataclass(frozen=True, slots=True)
class Option:
    """One option of ``geodeck serve``: a field of ``Settings`` made with ``option``."""

    name: str
    kind: type
    """``str``, ``int``, ``float``, ``bool`` or ``tuple`` (of str: a repeated option)."""
    optional: bool
    default: object
    info: OptionInfo

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def env(self) -> str:
        return ENV_PREFIX + self.name.upper()


def _options() -> tuple[Option, ...]:
    hints = get_type_hints(Settings)
    found = []
    for f in dataclasses.fields(Settings):
        info = f.metadata.get(OPTION)
        if info is None:
            continue
        hint = hints[f.name]
        args = [a for a in get_args(hint) if a is not type(None)]
        optional = get_origin(hint) in (Union, types.UnionType)
        kind = tuple if get_origin(hint) is tuple else (args[0] if optional else hint)
        found.append(Option(f.name, kind, optional, f.default, info))
    return tuple(found)


OPTIONS = _options()
BY_NAME = {o.name: o for o in OPTIONS}


@dataclass(frozen=True, slots=True)
class Value:
    value: Any
    origin: str
    """Where it was taken from: ``--grace``, ``GEODECK_GRACE``, ``FILE: grace`` or
    ``default``."""


def command(run: Callable[..., None], extra: list[inspect.Parameter]) -> Callable[..., None]:
    """``run(ctx, **values)`` as a Typer command with a ``--flag`` for every option, after
    the parameters ``extra``."""
    params = [
        inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context),
        *extra,
    ]
    for o in OPTIONS:
        annotation: Any = list[str] if o.kind is tuple else o.kind
        if o.optional:
            annotation = annotation | None
        decl = f"{o.flag}/--no-{o.flag[2:]}" if o.kind is bool else o.flag
        default = None if o.kind is tuple else o.default
        info = typer.Option(
            default,
            decl,
            help=o.info.help,
            metavar=o.info.metavar,
            show_default=o.info.show_default,
        )
        params.append(
            inspect.Parameter(
                o.name, inspect.Parameter.KEYWORD_ONLY, default=info, annotation=annotation
            )
        )
    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    return run


def given_on_command_line(ctx: typer.Context, given: Mapping[str, object]) -> dict[str, object]:
    """The options among ``given`` that the command line gave (not their defaults)."""
    found: dict[str, object] = {}
    for name, value in given.items():
        source = ctx.get_parameter_source(name)
        if source is not None and source.name == "COMMANDLINE":
            found[name] = tuple(value) if isinstance(value, list) else value
    return found


def resolve(given: Mapping[str, object], config: Path | None) -> dict[str, Value]:
    """Every option's value and where it came from (checked): ``given`` on the command
    line, else in the environment, else in the file ``config``, else the default."""
    table = _read_config(config) if config is not None else {}
    values: dict[str, Value] = {}
    for o in OPTIONS:
        if o.name in given:
            value = Value(given[o.name], o.flag)
        elif o.env in os.environ:
            value = Value(_from_env(o, os.environ[o.env]), o.env)
        elif o.name in table:
            where = f"{config}: {o.name}"
            value = Value(_from_toml(o, table[o.name], where), where)
        else:
            value = Value(o.default, "default")
        _check(o, value)
        values[o.name] = value
    return values


def _read_config(path: Path) -> dict[str, object]:
    try:
        text = path.read_text("utf-8")
    except OSError as err:
        fail(f"--config {path}: cannot read it: {err.strerror or err}")
    except UnicodeDecodeError:
        fail(f"--config {path}: not text (UTF-8)")
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        fail(f"{path}: not TOML: {err}")
    for key, value in table.items():
        if key not in BY_NAME:
            hint = "; it takes the options of geodeck serve, such as grace or max_tables"
            if isinstance(value, dict):
                fail(f"{path}: [{key}]: no tables here, only keys{hint}")
            fail(f"{path}: {key}: no such key{hint}")
    return table


def _from_toml(o: Option, value: object, where: str) -> object:
    """A TOML value as the option's type, or exit 2 naming ``where``."""
    kind = o.kind
    if o.kind is tuple:
        items = value if isinstance(value, list) else [value]
        if not all(isinstance(i, str) for i in items):
            fail(f"{where} must be a list of text, not {value!r}")
        return tuple(items)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, kind) and (kind is bool or not isinstance(value, bool)):
        return value
    return fail(f"{where} {_needs(kind)}, not {value!r}")


def _from_env(o: Option, text: str) -> object:
    if o.kind is tuple:
        return tuple(part.strip() for part in text.split(",") if part.strip())
    if o.kind is str:
        return text
    word = text.strip().lower()
    if o.kind is bool and word in TRUE + FALSE:
        return word in TRUE
    if o.kind in (int, float):
        try:
            return o.kind(word)
        except ValueError:
            pass
    return fail(f"{o.env} {_needs(o.kind)}, not {text!r}")


def _needs(kind: type) -> str:
    return {
        int: "must be a whole number",
        float: "must be a number",
        bool: "must be true or false",
        str: "must be text",
    }[kind]


def _check(o: Option, value: Value) -> None:
    if value.value is None:
        return
    for check in o.info.checks:
        said = check(value.value)
        if said is not None:
            fail(f"{value.origin} {said}")


def as_toml(values: Mapping[str, Value], hide: Callable[[str, object], object]) -> str:
    """The options in force as a configuration file, each with where it came from; an
    option with no value is commented out. ``hide(name, value)`` hides passwords."""
    lines = ["# geodeck serve: the options in force (a configuration file for --config)"]
    for o in OPTIONS:
        value = values[o.name]
        shown = hide(o.name, value.value)
        if shown is None:
            lines.append(f"# {o.name} =  ({value.origin}: none)")
        else:
            lines.append(f"{o.name} = {_toml(shown)}  # {value.origin}")
    return "\n".join(lines)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'
