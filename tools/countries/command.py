"""What ``python -m tools countries`` does: rebuild the Undercover data, check or validate it."""

from __future__ import annotations

from rich.console import Console

from tools.countries import pipeline
from tools.countries.curated import CuratedError


def run(*, check: bool, validate: bool, install: bool) -> int:
    console = Console(stderr=True)
    if validate:
        problems = pipeline.validate_shipped()
        return report(console, problems, "the shipped Undercover data are valid")
    try:
        result = pipeline.build(console, install=install)
    except (CuratedError, pipeline.BuildFailed, ValueError) as err:
        console.print(f"[bold red]build failed[/]\n{err}")
        return 1
    pipeline.summary(result, console)
    if check:
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
