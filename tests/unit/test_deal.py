"""The deal commitment (``geodeck.core.deal``) and the table secret it is drawn from
(``geodeck.server.dealing``): docs/records.md, docs/protocol.md (Security)."""

from __future__ import annotations

import hashlib
from typing import Any

from geodeck.core.deal import canonical, check_deal, commit_deal
from geodeck.server import dealing

SETUP = {"start": "uppsala", "draw": ["berlin", "intermezzo", "köln"], "reserve": ["rome"]}


def test_the_commitment_is_sha256_of_salt_colon_canonical_setup() -> None:
    text = '{"draw":["berlin","intermezzo","köln"],"reserve":["rome"],"start":"uppsala"}'
    assert canonical(SETUP) == text
    expected = hashlib.sha256(f"ab12:{text}".encode()).hexdigest()
    assert commit_deal(SETUP, "ab12") == expected


def test_check_deal_says_ok_changed_or_nothing_to_check() -> None:
    salt = "0" * 32
    sealed = {"commitment": commit_deal(SETUP, salt), "salt": salt}
    record: dict[str, Any] = {"setup": SETUP, "deal": sealed}
    assert check_deal(record).ok is True
    changed = {**record, "setup": {**SETUP, "reserve": ["paris"]}}
    assert check_deal(changed).ok is False
    assert check_deal({"setup": SETUP}).ok is None
    unrevealed = {"setup": SETUP, "deal": {"commitment": sealed["commitment"]}}
    assert check_deal(unrevealed).ok is None
    assert check_deal(unrevealed).commitment == sealed["commitment"]


def test_a_tables_secret_decides_the_seed_and_the_creators_seed_only_mixes_in() -> None:
    one, two = dealing.new_secret(), dealing.new_secret()
    assert len(one) == 32
    assert one != two
    assert dealing.deal_seed(one, 5) == dealing.deal_seed(one, 5)
    assert dealing.deal_seed(one, 5) != dealing.deal_seed(two, 5)
    assert dealing.deal_seed(one, 5) != dealing.deal_seed(one, 6)
    assert dealing.deal_seed(one, None) != dealing.deal_seed(one, 0)
    seeds = [dealing.deal_seed(dealing.new_secret(), 5) for _ in range(200)]
    assert all(0 <= s < 2**53 for s in seeds)
    assert len(set(seeds)) == 200


def test_the_seal_is_the_commitment_with_a_salt_of_the_secret() -> None:
    secret = bytes(range(32))
    sealed = dealing.seal(SETUP, secret)
    assert len(sealed["salt"]) == 32
    assert sealed["commitment"] == commit_deal(SETUP, sealed["salt"])
    assert dealing.seal(SETUP, bytes(32))["salt"] != sealed["salt"]
    assert dealing.public_deal(sealed, finished=False) == {
        "commitment": sealed["commitment"],
        "salt": None,
    }
    assert dealing.public_deal(sealed, finished=True) == sealed
    assert dealing.public_deal(None, finished=True) is None


def test_bots_of_one_table_draw_apart_and_from_nothing_public() -> None:
    secret = dealing.new_secret()
    seeds = {dealing.bot_rng_seed(secret, seat, p) for seat in range(6) for p in ("seat", "clock")}
    assert len(seeds) == 12
    assert dealing.bot_rng_seed(secret, 0, "seat") != dealing.bot_rng_seed(bytes(32), 0, "seat")


def test_a_records_deal_is_carried_through_a_replay() -> None:
    """docs/records.md: ``deal`` is kept as it is when a record is read and written again."""
    import geodeck

    record = geodeck.new_game("uppsala", ["Ann", "Ben"], seed=3).to_record()
    assert "deal" not in record
    salt = "ab" * 16
    record["deal"] = {"commitment": commit_deal(record["setup"], salt), "salt": salt}
    again = geodeck.Game.from_record(record).to_record()
    assert again["deal"] == record["deal"]
    assert check_deal(again).ok is True
