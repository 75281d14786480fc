"""docs/protocol.md ("Error codes") lists exactly the codes the server sends: every member
of ``ErrorCode`` and every engine error's code that reaches the wire, and nothing else."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

from geodeck.core.errors import GeodeckError
from geodeck.server.errors import ACTION_REFUSALS, SETUP_REFUSALS, ErrorCode, engine_code
from tests.server.protocol_doc import documented_codes

ENGINE_PACKAGES = ("core", "decks", "cross", "undercover", "bots")

KEPT_OFF_THE_WIRE = {
    "geodeck/error": ErrorCode.SETUP_INVALID,
    "record/invalid": ErrorCode.SETUP_INVALID,
    "deck/build": ErrorCode.SETUP_INVALID,
}
"""Engine codes the server never sends, with the code it sends in their place: a record
that would not be valid, a deck that cannot be built, an error of no more exact kind."""


def engine_errors() -> list[type[GeodeckError]]:
    """Every error class of the engine packages, found by importing all their modules."""
    for name in ENGINE_PACKAGES:
        package = importlib.import_module(f"geodeck.{name}")
        for module in pkgutil.walk_packages(package.__path__, f"geodeck.{name}."):
            importlib.import_module(module.name)
    found: list[type[GeodeckError]] = []
    todo: list[type[GeodeckError]] = [GeodeckError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return [cls for cls in found if cls.__module__.split(".")[1] in ENGINE_PACKAGES]


def test_every_code_of_the_enum_is_documented() -> None:
    missing = {code.value for code in ErrorCode} - documented_codes()
    assert not missing, f"not in docs/protocol.md: {sorted(missing)}"


def test_every_documented_code_is_in_the_enum() -> None:
    unknown = documented_codes() - {code.value for code in ErrorCode}
    assert not unknown, f"docs/protocol.md lists codes the server does not have: {unknown}"


def test_the_engine_errors_are_found() -> None:
    """The walk finds the engine's errors, the deck files' and the deck builder's."""
    codes = {cls.code for cls in engine_errors()}
    assert {"action/not_your_turn", "setup/invalid", "deck/invalid", "deck/build"} <= codes


@pytest.mark.parametrize("cls", engine_errors(), ids=lambda cls: cls.__qualname__)
def test_every_engine_code_is_documented_or_kept_off_the_wire(cls: type[GeodeckError]) -> None:
    if cls.code in KEPT_OFF_THE_WIRE:
        sent = KEPT_OFF_THE_WIRE[cls.code]
        assert cls.code not in documented_codes()
        assert engine_code(cls.code, SETUP_REFUSALS, ErrorCode.SETUP_INVALID) == sent
        assert engine_code(cls.code, ACTION_REFUSALS, ErrorCode.ACTION_ILLEGAL) != cls.code
    else:
        assert cls.code in documented_codes(), f"{cls.__qualname__}: {cls.code}"
        assert ErrorCode(cls.code).value == cls.code


def test_the_codes_passed_on_from_the_engine_are_its_own() -> None:
    """The members the engine's errors pass through as they are hold the engine's very
    strings, so a code changed in the engine changes here too."""
    codes = {cls.code for cls in engine_errors()}
    for member in ACTION_REFUSALS | SETUP_REFUSALS:
        assert member.value in codes, member
