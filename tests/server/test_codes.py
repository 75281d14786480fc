"""Table and class codes (docs/protocol.md, Wrong codes and tokens; docs/classroom.md):
their form, how people write them, and the codes of tables and classes made before codes
had twelve characters, which go on working. The ten-character codes of a
form that never shipped in a release are not codes."""

from __future__ import annotations

import re
import secrets

import pytest

from geodeck.server.classroom.models import could_be_class_code, new_class_code
from geodeck.server.tokens import CODE_ALPHABET, could_be_code, new_code, normal_code, shown_code
from tests.server.classroom_support import auth, join, open_class
from tests.server.conftest import fast_settings
from tests.server.live import Player, create_table, run, running


def test_a_new_table_code_is_twelve_letters_of_the_alphabet() -> None:
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    for code in codes:
        assert re.fullmatch(f"[{CODE_ALPHABET}]{{12}}", code)
        assert could_be_code(code)
        assert not could_be_class_code(code)
    assert set("".join(codes)) == set(CODE_ALPHABET)  # no I, no O


def test_a_new_class_code_is_nine_letters_and_three_digits() -> None:
    for _ in range(500):
        code = new_class_code()
        assert re.fullmatch(f"[{CODE_ALPHABET}]{{9}}[2-9]{{3}}", code)
        assert could_be_class_code(code)
        assert not could_be_code(code)


def test_codes_are_shown_in_three_groups_of_four() -> None:
    assert shown_code("KQMXTRPAWNLB") == "KQMX-TRPA-WNLB"
    assert shown_code("KXMQRTPWZ428") == "KXMQ-RTPW-Z428"
    assert shown_code("KQMXTRPAWN") == "KQMXTRPAWN"  # not a code: as it is
    assert shown_code("KXQMRT") == "KXQMRT"  # an old code, as it is
    assert shown_code("KXM428") == "KXM428"


@pytest.mark.parametrize(
    "typed",
    [
        "KQMXTRPAWNLB",
        "KQMX-TRPA-WNLB",
        "kqmx-trpa-wnlb",
        " Kqmx trpa WNLB ",
        "kqmx\u2013trpa\u2013wnlb",  # en dashes, as a word processor makes them
        "K-Q-M-X-T-R-P-A-W-N-L-B",
        "kqmx  -  trpa\t-wnlb\n",
    ],
)
def test_a_code_is_typed_in_any_case_with_spaces_and_dashes(typed: str) -> None:
    assert normal_code(typed) == "KQMXTRPAWNLB"


def test_what_has_the_form_of_a_code() -> None:
    for code in ("KQMXTRPAWNLB", "kqmx-trpa-wnlb", "KXQMRT", "ZZZZZZ"):
        assert could_be_code(normal_code(code.lower()))
    for code in ("", "KXQMR", "KXQMRTP", "KQMXTRPAWN", "KQMXTRPAWNLBX", "KQMXTRPAWNL2"):
        assert not could_be_code(normal_code(code))
    for code in ("ÄÖÜÄÖÜ", "KXM428", "KXMQRTPWZ428"):
        assert not could_be_code(normal_code(code))
    for code in ("KXMQRTPWZ428", "kxmq-rtpw-z428", "KXM428", "kxm 428"):
        assert could_be_class_code(normal_code(code))
    for code in ("KXMQRTP428", "KXM-QRTP-428", "KXMQRTPWZ421", "KXMQ428", "KQMXTRPAWNLB"):
        assert not could_be_class_code(normal_code(code))
    for code in ("KXMQRTPWZ4280", "KXMQRTPWZZ28", "KXMQRTPWI428"):
        assert not could_be_class_code(normal_code(code))


def test_tables_and_classes_made_before_keep_their_codes(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database from before: a table with a code of six letters, a class with one of three
    letters and three digits, still found, joined and played after an upgrade."""
    old_table = lambda: "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))  # noqa: E731
    old_class = lambda: new_class_code()[6:]  # noqa: E731
    settings = fast_settings(sqlite_url)
    with monkeypatch.context() as patch:
        patch.setattr("geodeck.server.lobby.new_code", old_table)
        patch.setattr("geodeck.server.classroom.service.new_class_code", old_class)
        with running(settings) as before, before.http() as http:
            created = create_table(http, [{"name": "Ann"}, {}], claim=[0])
            opened = open_class(http)
    code, token = created["table"]["code"], created["tokens"]["0"]
    class_code = opened["code"]
    assert len(code) == len(class_code) == 6

    with running(settings) as after, after.http() as http:
        assert len(create_table(http, [{}, {}])["table"]["code"]) == 12
        assert http.get(f"/api/tables/{code.lower()}").status_code == 200
        joined = http.post(f"/api/tables/{code}/join", json={"name": "Bo"})
        assert joined.status_code == 200, joined.text
        pupil = join(http, class_code.lower(), "Cleo")
        me = http.get(f"/api/classes/{class_code}/me", headers=auth(pupil["token"]))
        assert me.status_code == 200, me.text

        async def play() -> None:
            ann = await Player(after.ws_url(code), "Ann").open()
            state = await ann.hello(token)
            assert (state["type"], state["you"]) == ("state", 0), state
            await ann.close()

        run(play, timeout=30)
