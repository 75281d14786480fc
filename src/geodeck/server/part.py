"""A part of a room (its seats, bots, clock, chat) reaches the room by a weak reference.

A strong one both ways would make every room a reference cycle: a room let go of would
then wait, with its whole game, history and views, for the collector's next full pass,
which comes seldom on a long-running server (``geodeck serve`` tunes it so) and costs
more the more such garbage has piled up. With the parts' references weak, the last
strong reference to a room going (the lobby's, after ``--linger``) frees it at once.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from geodeck.server.room import Room


class RoomPart:
    """Holds its room weakly; ``room`` is the room itself, never a proxy, so that
    ``lobby.rooms.get(code) is room`` holds for it as for any other reference."""

    def __init__(self, room: Room) -> None:
        self._room = weakref.ref(room)

    @property
    def room(self) -> Room:
        room = self._room()
        if room is None:
            raise RuntimeError("a part of a room was used after its room was freed")
        return room
