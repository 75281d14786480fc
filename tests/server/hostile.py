"""Hostile input for the server, drawn from a seeded ``random.Random``: request bodies,
websocket messages and raw websocket frames, each with what the server must answer (the
refusal codes of docs/protocol.md it may use, or the close codes of a connection).
``test_fuzz.py`` sends them."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.frames import Frame, Opcode

from tests.support import FIXTURES, sample_cards

Codes = frozenset[str]


def codes(*names: str) -> Codes:
    return frozenset(names)


OK = codes()
"""Not refused (a pong, a state, a table)."""
MALFORMED = codes("protocol/malformed")
TOO_LARGE = codes("protocol/too_large")
UNKNOWN_TYPE = codes("protocol/unknown_type")
REQUEST = codes("request/malformed")
SETUP = codes("setup/invalid")
DECK = codes("deck/invalid")
BAD_NAME = codes("table/bad_name")
BAD_SEAT = codes("table/bad_seat")
ACTION = codes("action/malformed")
ENGINE = codes("action/not_your_turn", "action/wrong_kind", "action/illegal", "action/game_over")
TAKEN = codes("table/full", "table/seat_taken", "table/bad_seat", "table/bad_name")
"""A join at a table whose seats are all taken."""

LONE = ("\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800", "\ud83c!")
"""Lone surrogates (and a reversed pair, and a high half followed by something else)."""
NOT_UTF8 = (b"\xff", b"\x80", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82")
"""Bytes that are not UTF-8: stray bytes, an overlong form, an encoded surrogate, a code
point past U+10FFFF, a truncated sequence."""


@dataclass(frozen=True)
class Bad:
    """A request body or websocket message, and the codes it may be refused with."""

    content: bytes | str
    expect: Codes
    headers: dict[str, str] | None = None


def dumps(value: Any) -> bytes:
    return json.dumps(value).encode()


def nested(depth: int) -> str:
    """JSON text of arrays ``depth`` deep."""
    return "[" * depth + "0" + "]" * depth


def spliced(body: Any, marker: str, text: str) -> bytes:
    """``body`` as JSON, with the string ``marker`` replaced by the raw JSON ``text``."""
    return dumps(body).replace(json.dumps(marker).encode(), text.encode())


def strings_in(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every string and object key (a last step ``("key", k)``) in ``value``."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, str):
        found.append(path)
    elif isinstance(value, dict):
        for key, item in value.items():
            found.append((*path, ("key", key)))
            found.extend(strings_in(item, (*path, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.extend(strings_in(item, (*path, i)))
    return found


def replaced(value: Any, path: tuple[Any, ...], change: Callable[[str], str]) -> Any:
    """A copy of ``value`` with the string (or key) at ``path`` changed."""
    if not path:
        return change(value)
    step, rest = path[0], path[1:]
    if isinstance(step, tuple):
        return {(change(k) if k == step[1] else k): v for k, v in value.items()}
    if isinstance(value, dict):
        return {**value, step: replaced(value[step], rest, change)}
    items = list(value)
    items[step] = replaced(items[step], rest, change)
    return items


def undercover_deck() -> dict[str, Any]:
    data = json.loads((FIXTURES / "undercover-mini.json").read_text("utf-8"))
    return {"countries": data["countries"], "questions": data["questions"]}


# -- POST /api/tables -----------------------------------------------------------------------


def cross_body(rng: random.Random) -> dict[str, Any]:
    return {
        "game": rng.choice(["uppsala", "world", "italia", "buxtehude"]),
        "seats": [{"name": "Ann"}, {"name": "Ben"}, {"bot": "random"}],
        "claim": [0],
        "seed": 7,
        "deck": sample_cards(),
    }


def undercover_body(rng: random.Random) -> dict[str, Any]:
    return {
        "game": "undercover",
        "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cem"}],
        "claim": [0, 1],
        "deck": undercover_deck(),
    }


def is_cross(body: dict[str, Any]) -> bool:
    return bool(body["game"] != "undercover")


WRONG_TYPES: dict[str, list[Any]] = {
    "game": [1, True, None, [], {}, "", "x" * 33, 1.5],
    "variant": [1, True, [], {}, "", "x" * 33],
    "seats": ["Ann, Ben", 2, {}, [], None, [1, 2], ["Ann", "Ben"], [[]], [{}] * 13],
    "claim": ["0", 0, {}, [True], ["0"], [0.0], [1.5], [0] * 13, [None]],
    "clock": ["60", True, 0, -1, 3601, [], {}, 0.0, 1e308, 0.01],
    "options": [[], "x", 1, True, None],
    "seed": [-1, 2**63, 1.5, "1", True, [], 1e30, 2**64 + 1],
    "deck": ["x", 1, True, 1.5],
    "public": ["yes", 1, None, [], 0],
    "language": ["fr", "", "EN", 1, None, []],
    "chat": ["all", "", "Players", 1, None, True],
}
"""Values of the wrong type, or out of range, for each field of a create request (a clock
of 0.01 s is under the test server's shortest clock)."""


def unknown_field(rng: random.Random, body: dict[str, Any]) -> Bad:
    if rng.random() < 0.5:
        body[rng.choice(["colour", "Game", "decks", "", "token"])] = 1
    else:
        body["seats"][rng.randrange(len(body["seats"]))][rng.choice(["nmae", "level"])] = "x"
    return Bad(dumps(body), REQUEST)


def missing_field(rng: random.Random, body: dict[str, Any]) -> Bad:
    del body[rng.choice(["game", "seats"])]
    return Bad(dumps(body), REQUEST)


def wrong_type(rng: random.Random, body: dict[str, Any]) -> Bad:
    if rng.random() < 0.3:
        seat = body["seats"][rng.randrange(len(body["seats"]))]
        if rng.random() < 0.5:
            seat["name"] = rng.choice([1, [], {}, True, "", "x" * 41])
        else:
            seat["bot"] = rng.choice([1, [], True, "x" * 33])
    else:
        name = rng.choice(sorted(WRONG_TYPES))
        body[name] = rng.choice(WRONG_TYPES[name])
    return Bad(dumps(body), REQUEST)


def lone_surrogate(rng: random.Random, body: dict[str, Any]) -> Bad:
    lone = rng.choice(LONE)

    def change(text: str) -> str:
        at = rng.randint(0, len(text))
        return text[:at] + lone + text[at:]

    return Bad(dumps(replaced(body, rng.choice(strings_in(body)), change)), REQUEST)


def not_utf8(rng: random.Random, body: dict[str, Any]) -> Bad:
    raw = dumps(body)
    at = rng.choice([i for i, byte in enumerate(raw) if byte == ord('"')]) + 1
    return Bad(raw[:at] + rng.choice(NOT_UTF8) + raw[at:], REQUEST)


def not_json(rng: random.Random, body: dict[str, Any]) -> Bad:
    raw = dumps(body)
    garbage = [
        raw[: rng.randrange(len(raw))],
        bytes(rng.randrange(256) for _ in range(rng.randint(1, 64))),
        b"\xef\xbb\xbf" + raw,
        raw.replace(b'"seats"', b"seats", 1),
        *(b"NaN", b"[]", b"null", b"true", b'"x"', b"{", b"{}}", b"   ", b""),
        *(b"{'game': 'uppsala'}", b'{"game": "uppsala",}', b'{"game": "uppsala"} {}'),
    ]
    return Bad(rng.choice(garbage), REQUEST)


def huge_number(rng: random.Random, body: dict[str, Any]) -> Bad:
    name, numbers, expect = rng.choice(
        [
            ("seed", ["1e400", "-1e400", "123456789012345678901234567890", "1.0"], REQUEST),
            ("clock", ["1e400", "NaN", "Infinity", "-Infinity", "1e-400", "0"], REQUEST),
            ("claim", ["[1e400]", "[-0.0]", "[18446744073709551615]"], REQUEST | BAD_SEAT),
        ]
    )
    body[name] = "@@"
    return Bad(spliced(body, "@@", rng.choice(numbers)), expect)


def too_deep(rng: random.Random, body: dict[str, Any]) -> Bad:
    depth = rng.choice([rng.randint(33, 300), rng.randint(1025, 1500)])
    where = rng.randrange(3)
    if where == 0 and is_cross(body):
        body["deck"]["moscow"]["extra"] = "@@"
    elif where == 1:
        body["options"] = {"x": "@@"}
    else:
        body["seats"][0]["name"] = "@@"
    return Bad(spliced(body, "@@", nested(depth)), REQUEST)


def wrong_content_type(rng: random.Random, body: dict[str, Any]) -> Bad:
    latin = '{"game": "uppsala", "seats": [{"name": "Zoë"}, {}]}'.encode("latin-1")
    form = b'--x\r\nContent-Disposition: form-data; name="game"\r\n\r\nuppsala\r\n--x--\r\n'
    kind, content = rng.choice(
        [
            ("application/x-www-form-urlencoded", b"game=uppsala&seats=2"),
            ("multipart/form-data; boundary=x", form),
            ("text/plain", b"uppsala, two seats"),
            ("application/json; charset=latin-1", latin),
            ("application/xml", b"<table game='uppsala'/>"),
        ]
    )
    return Bad(content, REQUEST, {"content-type": kind})


def same_names(rng: random.Random, body: dict[str, Any]) -> Bad:
    if rng.random() < 0.7:
        body["seats"][1]["name"] = rng.choice(["Ann", "ann", " ANN ", "aNn"])
    else:
        body["seats"][:2] = [{"name": "Player 2"}, {}]
    return Bad(dumps(body), BAD_NAME)


def bad_seats(rng: random.Random, body: dict[str, Any]) -> Bad:
    if rng.random() < 0.5:
        body["seats"][-1]["bot"] = rng.choice(["genius", "RANDOM", "", "oracle "])
    elif rng.random() < 0.5:
        body["seats"] = [{"name": f"P{i}"} for i in range(7)]
        body["claim"] = [0]
    else:
        body["seats"] = [{}] if is_cross(body) else [{}, {}]
        body["claim"] = [0]
    return Bad(dumps(body), SETUP)


def bad_claim(rng: random.Random, body: dict[str, Any]) -> Bad:
    bot = [2] if is_cross(body) else [3]
    body["claim"] = rng.choice([[5], [-1], [0, 0], bot, [99, 0]])
    return Bad(dumps(body), BAD_SEAT)


def unknown_game(rng: random.Random, body: dict[str, Any]) -> Bad:
    if rng.random() < 0.5:
        body["game"] = rng.choice(["chess", "Uppsala", "uppsala ", "cross"])
    else:
        body["variant"] = rng.choice(["nope", "altitude" if is_cross(body) else "geo", "GEO"])
    return Bad(dumps(body), SETUP)


def bad_options(rng: random.Random, body: dict[str, Any]) -> Bad:
    if is_cross(body):
        difficulty = rng.choice([0, 2, 4, "2", True, 2.5])  # no sample card has one
        body["options"] = rng.choice(
            [{"max_dificulty": 2}, {"speed": 1}, {"max_difficulty": difficulty}]
        )
        return Bad(dumps(body), SETUP)
    count = rng.choice([0, "2", True, 10**12])
    changes: list[dict[str, Any]] = [
        {"options": {"speed": 1}},
        {"options": {"remove_country_questions": 1}},
        {"variant": "hard"},
        {"variant": "hard", "options": {"remove_country_questions": count}},
        {"variant": "hard", "options": {"remove_country_questions": 1, "x": 1}},
    ]
    body.update(rng.choice(changes))
    return Bad(dumps(body), SETUP)


def bad_cross_deck(rng: random.Random) -> tuple[Any, Codes]:
    cards = sample_cards()
    some = rng.choice(sorted(cards))
    kind = rng.randrange(8)
    if kind == 0:
        listed: list[Any] = [{"id": k, **v} for k, v in cards.items()]
        listed.insert(rng.randrange(len(listed)), rng.choice([{"name": "x"}, {"id": 5}, 1, None]))
        return listed, DECK
    if kind == 1:
        empty: Any = rng.choice([{}, [], {"cards": {}}, {"cards": "x"}])
        # {} is a deck of no cards, too few to deal (A1.5); the others break a deck's form
        return empty, SETUP if empty == {} else DECK
    if kind == 2:
        return dict(list(cards.items())[: rng.randint(1, 47)]), SETUP
    if kind == 3:
        key = rng.choice(["lat", "lon", "name"])
        cards[some][key] = rng.choice([1000, -1e300, "x" if key != "name" else 5, None, [], ""])
    elif kind == 4:
        cards[some]["kind"] = rng.choice([None, [], {}, 5])
    elif kind == 5:
        del cards[some][rng.choice(["lat", "lon", "name", "kind"])]
    elif kind == 6:
        not_cards: list[Any] = [[], "Berlin", 5, None]
        cards[some] = rng.choice(not_cards)
    else:
        key = rng.choice(["population", "difficulty"])
        cards[some][key] = rng.choice([-1, "many", [], 7 if key == "difficulty" else -0.5])
    return cards, DECK


def bad_undercover_deck(rng: random.Random) -> tuple[Any, Codes]:
    deck = undercover_deck()
    country = rng.choice(sorted(deck["countries"]))
    question = rng.choice(sorted(deck["questions"]))
    kind = rng.randrange(7)
    if kind == 0:
        del deck[rng.choice(["countries", "questions"])]
    elif kind == 1:
        deck[rng.choice(["countries", "questions"])] = rng.choice([[], [1], "x", 5, {}])
    elif kind == 2:
        deck["countries"][country] = rng.choice([[], "Spain", {"name": "X"}, {"colour": "x"}])
    elif kind == 3:
        deck["countries"][country]["area"] = rng.choice(["big", -5, [], {}])
    elif kind == 4:
        deck["questions"][question] = rng.choice(
            [{}, {"text": "?"}, {"text": "?", "about": "moon"}, {"text": 5, "about": "seeker"}]
        )
    elif kind == 5:
        deck["questions"] = dict(list(deck["questions"].items())[:2])
    else:
        return sample_cards(), SETUP
    return deck, SETUP


def bad_deck(rng: random.Random, body: dict[str, Any]) -> Bad:
    deck, expect = bad_cross_deck(rng) if is_cross(body) else bad_undercover_deck(rng)
    body["deck"] = deck
    return Bad(dumps(body), expect)


def too_large(rng: random.Random, body: dict[str, Any]) -> Bad:
    body["pad"] = "x" * (2 * 1024 * 1024 + rng.randint(1, 1000))
    return Bad(dumps(body), codes("request/too_large"))


CREATE: list[tuple[Callable[[random.Random, dict[str, Any]], Bad], float]] = [
    (unknown_field, 1),
    (missing_field, 0.5),
    (wrong_type, 2),
    (lone_surrogate, 2),
    (not_utf8, 1),
    (not_json, 1),
    (huge_number, 1),
    (too_deep, 1),
    (wrong_content_type, 0.5),
    (same_names, 1),
    (bad_seats, 1),
    (bad_claim, 0.5),
    (unknown_game, 0.5),
    (bad_options, 1),
    (bad_deck, 2),
    (too_large, 0.03),
]


def bad_create(rng: random.Random) -> Bad:
    """A create request that must be refused."""
    body = rng.choice([cross_body, undercover_body])(rng)
    make = rng.choices([m for m, _ in CREATE], weights=[w for _, w in CREATE])[0]
    return make(rng, body)


# -- POST /api/tables/{code}/join and table codes -------------------------------------------


def bad_join(rng: random.Random, *, waiting: bool) -> Bad:
    """A join that must be refused. At a ``waiting`` table seat 0 is Ann's and seat 1 (Ben)
    is free, so no body may claim it; at another table every seat is taken."""
    bodies = [
        Bad(b'{"seat": 1, "name": "' + rng.choice(NOT_UTF8) + b'"}', REQUEST),
        Bad(dumps({"seat": 1, "name": "B" + rng.choice(LONE)}), REQUEST),
        Bad(dumps({"seat": rng.choice([-1, "1", 1.0, True, [], {}])}), REQUEST),
        Bad(dumps({"seat": 1, "name": rng.choice(["", "x" * 41, 1, []])}), REQUEST),
        Bad(dumps({"seat": 1, rng.choice(["nmae", "token"]): "Zed"}), REQUEST),
        Bad(rng.choice([b"[]", b'"x"', b"1", b"{", b"NaN", b'{"seat": 1e400}']), REQUEST),
        Bad(b'{"seat": 1, "name": ' + nested(40).encode() + b"}", REQUEST),
        Bad(dumps({"seat": 0}), codes("table/seat_taken")),
        Bad(dumps({"seat": rng.choice([2, 3, 99, 2**40])}), BAD_SEAT),
        Bad(dumps({"seat": 1, "name": rng.choice(["ann", "ANN", " Ann ", "   "])}), BAD_NAME),
        Bad(dumps({"name": rng.choice(["aNN", "ann  "])}), BAD_NAME),
    ]
    if not waiting:
        bodies += [Bad(b"{}", TAKEN), Bad(b"", TAKEN), Bad(dumps({"name": "Zed"}), TAKEN)]
    bad = rng.choice(bodies)
    if not waiting and bad.expect != REQUEST:
        return Bad(bad.content, TAKEN)
    return bad


def bad_code(rng: random.Random, taken: set[str]) -> str:
    """A table code that names no table (some are no table code at all)."""
    pieces = [*"ABCDEFGHJKLMNPQRSTUVWXYZabcxyz019-_~", "Ä", "é", "Ω", "漢", "%ED%A0%80", "%FF"]
    while True:
        code = "".join(rng.choice(pieces) for _ in range(rng.choice([1, 5, 6, 7, 300])))
        if code.upper() not in taken:
            return code


# -- websocket messages ---------------------------------------------------------------------


def act(version: Any, action: Any) -> str:
    return json.dumps({"type": "act", "version": version, "action": action})


def truncated(rng: random.Random) -> Bad:
    text = act(0, {"act": "place", "line": "west-east", "at": 0})
    return Bad(text[: rng.randrange(len(text))], MALFORMED)


def not_an_object(rng: random.Random) -> Bad:
    return Bad(rng.choice(["[]", "1", '"hello"', "null", "true", '[{"type": "ping"}]']), MALFORMED)


def unknown_type(rng: random.Random) -> Bad:
    kinds: list[Any] = ["shout", "HELLO", "act ", "", "pong", "state", "error", 1, None, [], {}]
    kind = rng.choice(kinds)
    return Bad(json.dumps(rng.choice([{"type": kind}, {"kind": "ping"}, {}])), UNKNOWN_TYPE)


def good_ping(rng: random.Random) -> Bad:
    ping: dict[str, Any] = {"type": "ping"}
    if rng.random() < 0.7:
        ping["id"] = rng.choice([5, -3, 2**63, "x" * 64, "", "é"])
    return Bad(json.dumps(ping), OK)


def bad_ping(rng: random.Random) -> Bad:
    ping: dict[str, Any] = {"type": "ping", "id": rng.choice(["x" * 65, [], {}, 1.5, True])}
    if rng.random() < 0.3:
        ping = {"type": "ping", "id": rng.choice([None, 2**64 + 5]), "extra": 1}
    return Bad(json.dumps(ping), MALFORMED)


def oversized(rng: random.Random) -> Bad:
    """Over 4096 bytes, under the 64 KiB at which the connection would be closed."""
    if rng.random() < 0.5:
        return Bad(json.dumps({"type": "ping", "id": "x" * rng.randint(4097, 60000)}), TOO_LARGE)
    wide = {"type": "ping", "id": "é" * rng.randint(2050, 30000)}
    return Bad(json.dumps(wide, ensure_ascii=False), TOO_LARGE)


def binary(rng: random.Random) -> Bad:
    data = [b"\x00\x01", b'{"type": "ping"}', bytes(rng.randrange(256) for _ in range(40))]
    return Bad(rng.choice(data), MALFORMED)


def with_lone_surrogate(rng: random.Random) -> Bad:
    templates = [
        '{"type": "ping", "id": @}',
        '{"type": @}',
        '{"type": "hello", "token": @}',
        '{"type": "act", "version": 0, "action": {"act": @}}',
        '{"type": "ping", @: 1}',
    ]
    return Bad(rng.choice(templates).replace("@", json.dumps(rng.choice(LONE))), MALFORMED)


def deep(rng: random.Random) -> Bad:
    depth = rng.choice([50, 500, 1000, 1030, 2000])
    return Bad('{"type": "ping", "id": ' + nested(depth) + "}", MALFORMED)


def not_a_number(rng: random.Random) -> Bad:
    texts = [
        '{"type": "ping", "id": 1e400}',
        '{"type": "ping", "id": NaN}',
        '{"type": "ping", "id": 123456789012345678901234567890}',
        '{"type": "act", "version": 1e400, "action": {}}',
        '{"type": "act", "version": Infinity, "action": {}}',
    ]
    return Bad(rng.choice(texts), MALFORMED)


def bad_hello(rng: random.Random) -> Bad:
    hellos: list[dict[str, Any]] = [
        {"type": "hello"},
        {"type": "hello", "token": "x" * 20, "spectator": True},
        {"type": "hello", "token": ""},
        {"type": "hello", "token": "x" * 129},
        {"type": "hello", "token": 12345},
        {"type": "hello", "spectator": "yes"},
        {"type": "hello", "spectator": False},
        {"type": "hello", "spectator": True, "delta": "true"},
        {"type": "hello", "spectator": True, "seat": 0},
    ]
    return Bad(json.dumps(rng.choice(hellos)), MALFORMED)


def bad_act(rng: random.Random) -> Bad:
    acts: list[dict[str, Any]] = [
        {"type": "act", "version": rng.choice(["0", True, -1, 1.5, None]), "action": {}},
        {"type": "act", "version": 0},
        {"type": "act", "version": 0, "action": rng.choice(["place", [], 1, None])},
        {"type": "act", "version": 0, "action": {}, "extra": 1},
        {"type": "act", "action": {"act": "pass"}},
    ]
    return Bad(json.dumps(rng.choice(acts)), MALFORMED)


def bad_chat(rng: random.Random) -> Bad:
    """A chat message that is not one in its form (the checks of its text come after)."""
    chats: list[dict[str, Any]] = [
        {"type": "chat", "text": rng.choice([5, [], {}, True, 1.5])},
        {"type": "chat", "emote": rng.choice([5, [], {}, True])},
        {"type": "chat", "text": "x" * 1001},
        {"type": "chat", "emote": "x" * 33},
        {"type": "chat", "text": "hi", "to": rng.choice([0, "Ann"])},
    ]
    return Bad(json.dumps(rng.choice(chats)), MALFORMED)


GARBAGE: list[Callable[[random.Random], Bad]] = [
    truncated,
    not_an_object,
    unknown_type,
    good_ping,
    bad_ping,
    oversized,
    binary,
    with_lone_surrogate,
    deep,
    not_a_number,
    bad_hello,
    bad_act,
    bad_chat,
]


def garbage(rng: random.Random, *, joined: bool) -> Bad:
    """A message refused whatever the table's state (or a good ping), on a connection that
    said hello (``joined``) or not."""
    if rng.random() < 1 / (len(GARBAGE) + 1):
        token = "".join(rng.choice("abcdefXYZ0123456789-_") for _ in range(rng.randint(1, 128)))
        expect = codes("protocol/hello_twice" if joined else "auth/bad_token")
        return Bad(json.dumps({"type": "hello", "token": token}), expect)
    return rng.choice(GARBAGE)(rng)


# -- raw websocket frames -------------------------------------------------------------------


@dataclass(frozen=True)
class Raw:
    """Bytes to write to a websocket connection as they are, the frames they hold, and the
    close codes the server may close it with (``None``: it stays open and answers)."""

    data: bytes
    frames: int
    closes: frozenset[int | None]

    @property
    def not_utf8(self) -> bool:
        return 1007 in self.closes


def raw(*frames: Frame) -> bytes:
    return b"".join(frame.serialize(mask=True) for frame in frames)


def raw_frames(rng: random.Random) -> Raw:
    bad = rng.choice(NOT_UTF8)
    ping = b'{"type": "ping", "id": "' + bad + b'"}'
    kind = rng.randrange(9)
    if kind <= 2:
        return Raw(raw(Frame(Opcode.TEXT, rng.choice([bad, ping]))), 1, frozenset({1007}))
    if kind == 3:
        split = Frame(Opcode.TEXT, ping[:5], fin=False), Frame(Opcode.CONT, ping[5:])
        return Raw(raw(*split), 2, frozenset({1007}))
    if kind == 4:
        return Raw(raw(Frame(Opcode.TEXT, ping), Frame(Opcode.TEXT, ping)), 2, frozenset({1007}))
    if kind == 5:
        close = Frame(Opcode.CLOSE, b"\x03\xe8")  # the client's close in the same packet
        return Raw(raw(Frame(Opcode.TEXT, ping), close), 2, frozenset({1000, 1007}))
    if kind == 6:
        broken = [
            raw(Frame(Opcode.CONT, b'{"type": "ping"}')),
            raw(Frame(Opcode.BINARY, b"{}", fin=False), Frame(Opcode.TEXT, b"{}")),
            bytes([0x83]) + raw(Frame(Opcode.TEXT, b"{}"))[1:],  # opcode 3 is reserved
            Frame(Opcode.TEXT, b"{}").serialize(mask=False),  # a client must mask
        ]
        return Raw(rng.choice(broken), 1, frozenset({1002}))
    if kind == 7:
        huge = Frame(Opcode.TEXT, b"x" * rng.choice([70_000, 200_000]))
        return Raw(raw(huge), 1, frozenset({1009}))
    letter = "é".encode()  # split between two frames: still UTF-8 as a whole message
    start = Frame(Opcode.TEXT, b'{"type": "ping", "id": "' + letter[:1], fin=False)
    return Raw(raw(start, Frame(Opcode.CONT, letter[1:] + b'"}')), 2, frozenset({None}))
