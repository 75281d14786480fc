"""``python -m tools.countries``: rebuild the Undercover data (or check it).

python -m tools.countries             rebuild and write the package data
python -m tools.countries --check     rebuild in memory; fail if the files differ
python -m tools.countries --validate  run the shipped-file validators only
"""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

from tools.countries import pipeline
from tools.countries.curated import CuratedError
from tools.countries.inputs import InputError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.countries", description=__doc__)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="fail if a rebuild would differ")
    mode.add_argument("--validate", action="store_true", help="validate the shipped files only")
    parser.add_argument(
        "--no-install", action="store_true", help="do not run npm ci when node_modules differs"
    )
    args = parser.parse_args(argv)
    console = Console(stderr=True)

    if args.validate:
        problems = pipeline.validate_shipped()
        return report(console, problems, "the shipped Undercover data are valid")
    try:
        result = pipeline.build(console, install=not args.no_install)
    except (InputError, CuratedError, pipeline.BuildFailed, ValueError) as err:
        console.print(f"[bold red]build failed[/]\n{err}")
        return 1
    pipeline.summary(result, console)
    if args.check:
        changed = pipeline.differences(result)
        if changed:
            console.print("[bold red]a rebuild differs from the files in the package:[/]")
            for name in changed:
                console.print(f"  {name}")
            return 1
        console.print("[green]the package data match a fresh build byte for byte[/]")
        return 0
    counts = pipeline.write(result, console)
    console.print(
        f"[green]wrote {counts['written']} files, {counts['unchanged']} unchanged, "
        f"{counts['removed']} removed[/]"
    )
    return report(console, pipeline.validate_shipped(), "the written files pass the validators")


def report(console: Console, problems: list[str], ok: str) -> int:
    if problems:
        console.print("[bold red]validation failed[/]")
        for problem in problems:
            console.print(f"  {problem}")
        return 1
    console.print(f"[green]{ok}[/]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
