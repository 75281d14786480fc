"""Fixtures of the place-deck tests: the shipped decks and the reference data they are
checked against (tools/places/reference.json)."""

from __future__ import annotations

from typing import Any

import pytest
from tools.places import validate


@pytest.fixture(scope="session")
def ref() -> validate.Reference:
    return validate.Reference.load()


@pytest.fixture(scope="session")
def files() -> dict[str, dict[str, Any]]:
    return {deck: validate.shipped(deck) for deck in validate.DECKS}
