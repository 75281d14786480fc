"""The ``.mo`` reader behind the towns' names in other languages (``geodeck.decks.exonyms``):
it finds every message the ``gettext`` module finds through its public lookups."""

from __future__ import annotations

import gettext
import struct
from pathlib import Path

import pytest

from geodeck.decks.exonyms import read_mo, town_names

MESSAGES = {
    "": "Content-Type: text/plain; charset=UTF-8\n",
    "2657896": "Zürich",
    "2660646": "Genf",
    "3169070": "Provinz Rom",
    "one\x00many": "ein\x00viele",
    "menu\x04Open": "Öffnen",
    "word": "Wort",
}


def write_mo(path: Path, messages: dict[str, str], order: str) -> None:
    """A catalogue in the GNU MO format, as msgfmt writes it (ids sorted)."""
    keys = sorted(messages)
    ids = [k.encode() for k in keys]
    texts = [messages[k].encode() for k in keys]
    start = 28 + 16 * len(keys)
    table: list[int] = []
    blob = b""
    for item in (*ids, *texts):
        table += [len(item), start + len(blob)]
        blob += item + b"\x00"
    head = struct.pack(order + "7I", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    path.write_bytes(head + struct.pack(order + f"{len(table)}I", *table) + blob)


@pytest.mark.parametrize("order", ["<", ">"])
def test_every_plain_message_is_read_as_gettext_finds_it(tmp_path: Path, order: str) -> None:
    path = tmp_path / "geonames.mo"
    write_mo(path, MESSAGES, order)
    read = read_mo(path.read_bytes())
    assert read == {
        "2657896": "Zürich",
        "2660646": "Genf",
        "3169070": "Provinz Rom",
        "word": "Wort",
    }
    with path.open("rb") as fh:
        found = gettext.GNUTranslations(fh)
    assert all(found.gettext(key) == value for key, value in read.items())
    assert town_names(path.read_bytes()) == {2657896: "Zürich", 2660646: "Genf"}


def test_a_file_that_is_no_catalogue_is_refused() -> None:
    with pytest.raises(ValueError, match="not a GNU gettext catalogue"):
        read_mo(b"not a catalogue at all")


def test_the_installed_catalogues_read_as_gettext_finds_them() -> None:
    paths = sorted(Path("/usr/share/locale").glob("*/LC_MESSAGES/geonames.mo"))
    if not paths:
        pytest.skip("libgeonames-common is not installed")
    read_any = False
    for path in paths:
        read = read_mo(path.read_bytes())
        read_any |= bool(read)
        with path.open("rb") as fh:
            found = gettext.GNUTranslations(fh)
        assert all(found.gettext(key) == value for key, value in read.items())
    assert read_any
