"""A teacher's class on this server (docs/classroom.md): opening it, pupils joining,
assignments, answers, the results sheet and the end of the class.

Tokens are made and checked as seat tokens are (``tokens.py``): only their SHA-256 is
stored. The teacher's and the pupils' tokens come in the ``Authorization: Bearer``
header; which one a request needs is said by each method.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from typing import TypedDict

from geodeck.catalogue import catalogue
from geodeck.core.family import places_cards
from geodeck.names import BadName, clean_name, same_name
from geodeck.server import cards, creation
from geodeck.server.bodies import CreateTable, SeatSpec
from geodeck.server.classroom import rows
from geodeck.server.classroom.models import (
    MAX_PUPILS,
    PUPIL_ANSWERS,
    JoinClass,
    OpenClass,
    PostAnswers,
    StartGames,
    StartPractice,
    could_be_class_code,
    first_name,
    new_class_code,
)
from geodeck.server.classroom.rows import ClassRow, PupilRow
from geodeck.server.classroom.sheet import game_figures, pupil_row, sheet_rows
from geodeck.server.classroom.tables import ClassTables, groups
from geodeck.server.errors import ErrorCode
from geodeck.server.lobby import Lobby
from geodeck.server.protocol import Refusal
from geodeck.server.storage import Conflict
from geodeck.server.tokens import new_token, normal_code, token_hash

log = logging.getLogger("geodeck.server")

Sheet = TypedDict(
    "Sheet",
    {
        "class": dict[str, object],
        "assignment": dict[str, object] | None,
        "pupils": list[dict[str, object]],
    },
)
"""The results sheet of a class (``GET /api/classes/{code}/sheet``)."""


def bearer(header: str | None) -> str | None:
    if not header:
        return None
    kind, _, token = header.partition(" ")
    token = token.strip()
    if kind.lower() != "bearer" or not token or len(token) > 128:
        return None
    return token


class Classroom:
    """The classes of one server, over its lobby and storage."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.engine = lobby.storage.engine
        self.games = {g.id: g for g in catalogue()}
        self.tables = ClassTables(lobby)

    async def find(self, code: str) -> ClassRow:
        code = normal_code(code)
        found = None
        if could_be_class_code(code):
            found = await self.lobby.run(rows.load_class, self.engine, code)
        if found is None:
            raise Refusal(ErrorCode.CLASS_NOT_FOUND, f"no class {code[:12]!r}")
        return found

    async def teacher(self, code: str, token: str | None) -> ClassRow:
        """The class, if ``token`` is its teacher's."""
        found = await self.find(code)
        if token is not None and hmac.compare_digest(found.teacher_hash, token_hash(token)):
            return found
        if token is not None and await self._pupil_of(found, token) is not None:
            raise Refusal(ErrorCode.CLASS_NOT_TEACHER, "only the class's teacher may do that")
        await self.find(code)  # a class that ended since it was read is not found
        raise Refusal(ErrorCode.CLASS_BAD_TOKEN, "the token is not one of this class")

    async def _pupil_of(self, found: ClassRow, token: str) -> PupilRow | None:
        digest = token_hash(token)
        pupils = await self.lobby.run(rows.load_pupils, self.engine, found.code)
        match = None
        for pupil in pupils:
            if hmac.compare_digest(pupil.token_hash, digest):
                match = pupil
        return match

    async def pupil(self, code: str, token: str | None) -> tuple[ClassRow, PupilRow]:
        """The class and the pupil whose token ``token`` is."""
        found = await self.find(code)
        pupil = None if token is None else await self._pupil_of(found, token)
        if pupil is None:
            await self.find(code)  # a class that ended since it was read is not found
            raise Refusal(ErrorCode.CLASS_BAD_TOKEN, "the token is not a pupil's of this class")
        return found, pupil

    # -- the teacher ---------------------------------------------------------------------

    async def open(self, body: OpenClass) -> dict[str, object]:
        cross = [g for g in self.games.values() if places_cards(g.id)]
        if body.game not in {g.id for g in cross}:
            names = ", ".join(g.id for g in cross)
            raise Refusal(
                ErrorCode.SETUP_INVALID, f"a class plays one of the cross games ({names})"
            )
        if body.deck is not None:
            creation.deck_for(self.lobby.settings, body.game, body.deck)
        try:
            given = clean_name(body.title, limit=80, what="a class title") if body.title else ""
        except BadName as err:
            raise Refusal(ErrorCode.CLASS_BAD_NAME, err.reason) from None
        title = given or self.games[body.game].title
        token = new_token()
        for _ in range(20):
            code = new_class_code()
            try:
                await self.lobby.run(
                    rows.create_class,
                    self.engine,
                    code,
                    body.game,
                    title,
                    body.deck,
                    token_hash(token),
                )
            except Conflict:
                continue
            return {"code": code, "token": token, "game": body.game, "title": title}
        raise Refusal(ErrorCode.SERVER_BUSY, "no free class code was found; try again")

    async def practice(self, found: ClassRow, body: StartPractice) -> dict[str, object]:
        variant = body.variant or self.games[found.game].variants[0]
        if variant not in self.games[found.game].variants:
            raise Refusal(ErrorCode.SETUP_INVALID, f"{found.game} has no variant {variant!r}")
        assignment: dict[str, object] = {
            "kind": "practice",
            "game": found.game,
            "variant": variant,
            "mode": body.mode,
            "region": body.region.upper() if body.region else None,
        }
        await self.lobby.run(rows.set_assignment, self.engine, found.code, assignment)
        return assignment

    async def start_games(self, found: ClassRow, body: StartGames, base: str) -> dict[str, object]:
        pupils = await self.lobby.run(rows.load_pupils, self.engine, found.code)
        if not pupils:
            raise Refusal(ErrorCode.CLASS_NO_PUPILS, "no pupil has joined the class yet")
        offer = self.games[found.game]
        low, high = offer.players
        size = min(max(body.size, low), high)
        made: list[str] = []
        start = 0
        for count in groups(len(pupils), size):
            sitting = pupils[start : start + count]
            start += count
            seats = [SeatSpec(name=p.name) for p in sitting]
            seats += [SeatSpec(bot=body.bot) for _ in range(max(size, low) - count)]
            request = CreateTable(
                game=found.game, variant=body.variant, seats=seats, claim=[], deck=found.deck
            )
            # each pupil's seat is claimed with the pupil's own token (its hash)
            hashes = {seat: p.token_hash for seat, p in enumerate(sitting)}
            created = await self.lobby.create(request, base, hashes=hashes)
            table = created.table.code
            await self.lobby.run(
                rows.give_seats,
                self.engine,
                found.code,
                table,
                {seat: p.pupil for seat, p in enumerate(sitting)},
            )
            made.append(table)
        assignment: dict[str, object] = {"kind": "games", "game": found.game, "tables": made}
        await self.lobby.run(rows.set_assignment, self.engine, found.code, assignment)
        return assignment

    async def sheet(self, found: ClassRow) -> Sheet:
        pupils = await self.lobby.run(rows.load_pupils, self.engine, found.code)
        answers = await self.lobby.run(rows.load_answers, self.engine, found.code)
        tables = await self.lobby.run(rows.load_tables, self.engine, found.code)
        figures = game_figures(tables, await self.tables.finished(tables))
        return {
            "class": self._about(found),
            "assignment": found.assignment,
            "pupils": sheet_rows(pupils, answers, figures),
        }

    async def end(self, found: ClassRow) -> dict[str, object]:
        """Delete the class, its pupils and answers, its tables and their rematches with
        their records (they hold the pupils' names), and the pupils' names in the card
        ratings."""
        pupils = await self.lobby.run(rows.load_pupils, self.engine, found.code)
        tables = await self.lobby.run(rows.delete_class, self.engine, found.code)
        rematches = await self.tables.drop_all(tables)
        # the rating of a table of the class under way puts its names in before they go
        await asyncio.gather(*list(self.lobby.rater.tasks), return_exceptions=True)
        names = [p.name for p in pupils]
        try:
            await self.lobby.run(cards.forget_answerers, self.lobby.storage, found.game, names)
        except Exception:
            log.exception(
                "class %s: its pupils stay in the card ratings of %s", found.code, found.game
            )
        return {
            "ended": found.code,
            "pupils": len(pupils),
            "tables": len(tables),
            "rematches": rematches,
        }

    # -- the pupils ----------------------------------------------------------------------

    async def join(self, found: ClassRow, body: JoinClass) -> dict[str, object]:
        name = first_name(body.name)
        if name is None:
            raise Refusal(
                ErrorCode.CLASS_BAD_NAME,
                "a first name of 1 to 24 visible characters, not a bot's (Bot 2)",
            )
        token = new_token()
        for _ in range(5):
            pupils = await self.lobby.run(rows.load_pupils, self.engine, found.code)
            if any(same_name(p.name, name) for p in pupils):
                raise Refusal(ErrorCode.CLASS_NAME_TAKEN, f"a pupil called {name!r} has joined")
            try:
                number = await self.lobby.run(
                    rows.add_pupil, self.engine, found.code, name, token_hash(token), MAX_PUPILS
                )
            except Conflict:
                continue
            if number is None:
                raise Refusal(ErrorCode.CLASS_FULL, f"a class has at most {MAX_PUPILS} pupils")
            return {"pupil": number, "name": name, "token": token, "class": self._about(found)}
        raise Refusal(ErrorCode.SERVER_BUSY, "the class is busy; try again")

    async def answers(
        self, found: ClassRow, pupil: PupilRow, body: PostAnswers
    ) -> dict[str, object]:
        items = []
        for item in body.answers:
            if item.type == "answer" and (item.card is None or item.right is None):
                raise Refusal(ErrorCode.REQUEST_MALFORMED, "an answer needs its card and right")
            items.append(
                {"kind": item.type, "card": item.card, "area": item.area, "right": item.right}
            )
        stored = await self.lobby.run(
            rows.add_answers, self.engine, found.code, pupil.pupil, items, PUPIL_ANSWERS
        )
        if not stored:
            raise Refusal(
                ErrorCode.CLASS_TOO_MANY_ANSWERS,
                f"a pupil may have at most {PUPIL_ANSWERS} answers kept",
            )
        return {"stored": len(items)}

    async def me(self, found: ClassRow, pupil: PupilRow, token: str) -> dict[str, object]:
        """The pupil's own page; ``token`` is theirs, and opens their seat at a table."""
        answers = await self.lobby.run(rows.load_answers, self.engine, found.code, pupil.pupil)
        tables = await self.lobby.run(rows.load_tables, self.engine, found.code)
        mine = {t: s for t, s in tables.items() if pupil.pupil in s.values()}
        figures = game_figures(mine, await self.tables.finished(mine))
        assignment = found.assignment
        if assignment is not None and assignment.get("kind") == "games":
            seat = None if pupil.seat is None else {**pupil.seat, "token": token}
            assignment = {"kind": "games", "game": assignment["game"], "seat": seat}
        return {
            "class": self._about(found),
            "pupil": {"pupil": pupil.pupil, "name": pupil.name},
            "assignment": assignment,
            "results": pupil_row(pupil, answers, figures),
        }

    @staticmethod
    def _about(found: ClassRow) -> dict[str, object]:
        return {"code": found.code, "title": found.title, "game": found.game}
