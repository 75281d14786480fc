"""``python -m tools``: the data pipelines of geodeck behind one command (docs/data.md).

  python -m tools places [--check]      the place decks uppsala, buxtehude, italia, world
  python -m tools countries [--check]   the Undercover countries, questions and flags
  python -m tools geometry [--check]    the browser's map shapes (src/geodeck/web/geo)

Without ``--check`` a pipeline writes the files geodeck ships; with it, it builds them
anew and compares. Exit codes: 0 done (or up to date), 1 a check or a validator failed,
2 the pipeline cannot run here (a missing package, npm or source; bad arguments).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from tools.npm import NpmError

PROG = "python -m tools"

EXTRAS = {"places": "data", "countries": "countries", "geometry": "dev"}
"""The extra of pyproject.toml that holds a pipeline's Python packages."""


class CannotRun(RuntimeError):
    """What the pipeline needs and lacks here; said in one line, exit code 2."""


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog=PROG,
        description="The data pipelines of geodeck behind one command (docs/data.md).",
        epilog=__doc__.split("\n\n", 2)[2],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = top.add_subparsers(dest="pipeline", required=True, metavar="PIPELINE")
    places = sub.add_parser(
        "places",
        help="the place decks uppsala, buxtehude, italia and world",
        description="Build the four place decks and tools/places/reference.json from the "
        "pinned sources (GeoNames, ISTAT, Destatis, Natural Earth and the curated tables), "
        "validate them and write them. Needs the extra 'data', Debian's "
        "libgeonames-common and npm.",
    )
    places.add_argument(
        "--check", action="store_true", help="build and validate, then compare instead of writing"
    )
    places.add_argument("--out", type=Path, help="where the decks go (default: the package)")
    countries = sub.add_parser(
        "countries",
        help="the Undercover countries, questions and flags",
        description="Build undercover.json, questions.json and the flags from the pinned "
        "sources and the curated tables, validate them and write them. Needs the extra "
        "'countries', Debian's libgeonames-common and npm (npm ci runs in tools/countries "
        "when node_modules differs from package.json).",
    )
    mode = countries.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="rebuild in memory; fail if it differs")
    mode.add_argument("--validate", action="store_true", help="validate the shipped files only")
    countries.add_argument(
        "--no-install", action="store_true", help="do not run npm ci when node_modules differs"
    )
    geometry = sub.add_parser(
        "geometry",
        help="the browser's map shapes (world.json, europe.json)",
        description="Make src/geodeck/web/geo/world.json and europe.json from Natural Earth "
        "(npm world-atlas). Runs npm ci in tools/geometry when node_modules is missing.",
    )
    geometry.add_argument(
        "--check",
        action="store_true",
        help="build into a temporary folder; fail naming the shipped files that differ",
    )
    return top


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def places(args: argparse.Namespace) -> int:
    from tools.places import build, sources

    try:
        return build.run(check=args.check, out=args.out)
    except sources.SourceError as err:
        raise CannotRun(str(err)) from err


def countries(args: argparse.Namespace) -> int:
    from tools.countries import command, inputs

    try:
        return command.run(check=args.check, validate=args.validate, install=not args.no_install)
    except inputs.InputError as err:
        raise CannotRun(str(err)) from err


def geometry(args: argparse.Namespace) -> int:
    from tools.geometry import build

    return build.run(check=args.check, say=say)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "places": places,
    "countries": countries,
    "geometry": geometry,
}


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    name = args.pipeline
    try:
        return COMMANDS[name](args)
    except ModuleNotFoundError as err:
        missing = (err.name or "").split(".")[0]
        if not missing or missing in ("tools", "geodeck"):
            raise
        problem = f"the Python package {missing} is missing: pip install -e '.[{EXTRAS[name]}]'"
    except (CannotRun, NpmError) as err:
        problem = str(err).replace("\n", " ")
    except KeyboardInterrupt:
        problem = "interrupted"
    print(f"{PROG} {name}: {problem}", file=sys.stderr)
    return 2


def alias(name: str) -> int:
    """``python -m tools.NAME ARGS``: the same as ``python -m tools NAME ARGS``."""
    return main([name, *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
