"""The one name rule (``geodeck.names``): what a name or chat line may hold, which names
are one another's look-alikes, and what a terminal is given to print."""

from __future__ import annotations

import pytest

from geodeck.names import BadName, clean_line, clean_name, printable, printable_data, same_name

REFUSED = {
    "NUL": "Ann\x00",
    "ESC": "\x1b[31mAnn",
    "newline": "Ann\nBen",
    "right-to-left override": "Ann\u202e",
    "zero-width space": "A\u200bnn",
    "zero-width joiner": "An\u200dn",
    "tag letter": "Ann\U000e0041",
    "soft hyphen": "An\u00adn",
    "private use": "Ann\ue000",
    "line separator": "Ann\u2028",
}


@pytest.mark.parametrize("text", REFUSED.values(), ids=REFUSED.keys())
def test_a_name_holds_only_visible_characters(text: str) -> None:
    with pytest.raises(BadName) as caught:
        clean_name(text, limit=40)
    assert caught.value.kind == "character"
    assert "U+" in caught.value.reason


def test_a_name_is_nfc_with_one_space_between_words_and_a_length() -> None:
    assert clean_name("  Zoe\u0308   van  Dijk ", limit=40) == "Zoë van Dijk"
    assert clean_name("Ådne", limit=4) == "Ådne"
    with pytest.raises(BadName) as long:
        clean_name("Ådnes", limit=4)
    assert long.value.kind == "long"
    with pytest.raises(BadName) as empty:
        clean_name(" \t ", limit=4)
    assert empty.value.kind == "empty"


def test_look_alike_names_are_one_name() -> None:
    assert same_name("Ann", "\u0391nn")  # Greek capital alpha
    assert same_name("paypal", "p\u0430ypal")  # Cyrillic a
    assert same_name("rn", "m")
    assert same_name("Ben", "BEN")
    assert same_name("TopPlayer", "TopPIayer")  # a capital I for the l
    assert same_name("TopPlayer", "T0pPlayer")  # a zero for the o
    assert same_name("Zoë", "Zoe\u0308")
    assert not same_name("Ann", "Anna")
    assert not same_name("Zoë", "Zoe")
    assert not same_name("TopPlayer", "TopPlayer2")


def test_a_chat_line_may_join_emoji_but_must_show_something() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean_line(f" hi {family} ", limit=200) == f"hi {family}"
    for invisible in ("\u200d\u200d", " \u0301 ", "\u3000"):
        with pytest.raises(BadName) as caught:
            clean_line(invisible, limit=200)
        assert caught.value.kind == "empty"
    for bad in ("a\u202eb", "a\u200bb", "a\U000e0041", "a\nb"):
        with pytest.raises(BadName) as caught:
            clean_line(bad, limit=200)
        assert caught.value.kind == "character"


def test_a_terminal_is_never_given_a_control_character_from_data() -> None:
    assert printable("Ann") == "Ann"
    assert printable("\x1b[2JAnn\u202e") == "\ufffd[2JAnn\ufffd"
    data = {"seats": ["\x1b]0;x\x07Eve", "Bo"], "cards": {"c\x1b": {"name": "Ro\u200bme"}}}
    assert printable_data(data) == {
        "seats": ["\ufffd]0;x\ufffdEve", "Bo"],
        "cards": {"c\ufffd": {"name": "Ro\ufffdme"}},
    }
