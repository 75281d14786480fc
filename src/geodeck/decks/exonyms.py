"""Names of towns in other languages from a GNU gettext catalogue (a ``.mo`` file), as
Debian's libgeonames-common ships them: message id a GeoNames id, message the name.

The catalogue is read by its file format (GNU gettext manual, The Format of GNU MO
Files), since the ``gettext`` module gives no public way to list a catalogue's messages.
"""

from __future__ import annotations

import re
import struct

MAGIC = 0x950412DE

_NOT_A_TOWN = re.compile(
    r"\b(Provinz|Provincia|Province|Region|Regione|Oblast|District|Distretto|Distrikt|County|"
    r"Contea|Kreis|Landkreis|Bezirk|Stato|State|Kanton|Cantone|Departement|Dipartimento|Islands|"
    r"Prefettura|Prefecture|Präfektur)\b"
)


def names_a_town(name: str) -> bool:
    """False for a catalogue entry that names a province, region, district and so on."""
    return bool(name) and not _NOT_A_TOWN.search(name)


def read_mo(data: bytes) -> dict[str, str]:
    """The messages of a ``.mo`` file's content by message id; the header (the empty id)
    and the entries with plural forms or a context are left out. ``ValueError`` if it is
    not one (the caller reads the file: the deck layer does no IO)."""
    for order in "<>":
        if len(data) >= 20 and struct.unpack_from(order + "I", data)[0] == MAGIC:
            break
    else:
        raise ValueError("not a GNU gettext catalogue")
    count, ids, messages = struct.unpack_from(order + "3I", data, 8)

    def entry(table: int, index: int) -> bytes:
        length, offset = struct.unpack_from(order + "2I", data, table + 8 * index)
        return data[offset : offset + length]

    raw = {entry(ids, i): entry(messages, i) for i in range(count)}
    found = re.search(rb"charset=([-\w]+)", raw.get(b"", b""))
    charset = found.group(1).decode("ascii") if found else "utf-8"
    return {
        key.decode(charset): value.decode(charset)
        for key, value in raw.items()
        if key and b"\x00" not in key and b"\x04" not in key
    }


def town_names(data: bytes) -> dict[int, str]:
    """The towns' names of a libgeonames-common catalogue by GeoNames id: entries that
    name a province, region or district rather than a town are dropped."""
    return {
        int(key): value
        for key, value in read_mo(data).items()
        if key.isdigit() and names_a_town(value)
    }
