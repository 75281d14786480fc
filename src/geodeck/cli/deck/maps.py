"""``geodeck deck map``: a deck's places (or Undercover's countries) on a map, as a picture."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from geodeck.cli.deck.common import (
    ALL_DECKS,
    QUESTIONS,
    UNDERCOVER,
    Lang,
    fail,
    load,
)
from geodeck.cli.errors import FAILED
from geodeck.cli.files import check_output


def _png_size(path: Path) -> tuple[int, int] | None:
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def map_deck(
    deck: Annotated[
        str,
        typer.Argument(
            metavar="DECK",
            help=f"{', '.join(d for d in ALL_DECKS if d != QUESTIONS)}, or a deck file.",
            show_default=False,
        ),
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Where to write the map: .png or .svg; its folder must exist, and an "
            "existing file is kept unless --force.",
        ),
    ],
    lang: Annotated[Lang, typer.Option("--lang", help="Language of the labels.")] = Lang.en,
    force: Annotated[
        bool, typer.Option("--force", help="Write over the file --out names if it exists.")
    ] = False,
) -> None:
    """Draw a deck's cards on a map of their countries (Natural Earth outlines, offline)."""
    from geodeck.maps.draw import SUFFIXES, render
    from geodeck.maps.picture import deck_picture, undercover_picture

    if out.suffix.lower() not in SUFFIXES:
        fail(f"--out names the map's file, which must end in .png or .svg, not {out.name!r}")
    check_output(out, "--out", force=force)
    loaded = load(deck)
    if loaded.kind == QUESTIONS:
        fail("the questions have no places to draw; the map of their countries is: undercover")
    if loaded.kind == UNDERCOVER:
        picture = undercover_picture(loaded.data, lang.value)
    else:
        picture = deck_picture(loaded.data, lang.value)
    try:
        render(picture, out)
    except OSError as err:
        fail(f"cannot write {out}: {err.strerror or err}", FAILED)
    size = _png_size(out)
    kib = out.stat().st_size / 1024
    shape = f", {size[0]}×{size[1]} px" if size else ""
    Console(highlight=False, soft_wrap=True).print(
        f"wrote {out} ({kib:,.0f} KiB{shape}): {picture.subtitle}"
    )
