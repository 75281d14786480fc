"""The typed JSON forms (``shapes`` modules) against the record schema and the engine.

Each record ``TypedDict`` must name exactly the schema's properties, require exactly what
it requires, and give each value the schema's type (RECORDS.md: the record format), so the
two cannot drift; real records and views must have exactly the typed keys and types."""

from __future__ import annotations

import types
from typing import Any, Literal, NotRequired, TypedDict, Union, get_args, get_origin, get_type_hints

import pytest
from typing_extensions import is_typeddict

import geodeck
from geodeck.core.records import schema
from geodeck.cross import shapes as cross
from geodeck.cross import view as cross_view
from geodeck.undercover import shapes as undercover
from geodeck.undercover import view as undercover_view

OPEN = (cross.CardData, undercover.CountryData, undercover.QuestionData)
"""The forms whose extra fields a record carries through (RECORDS.md)."""

JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean"}


def _resolve(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = schema()["$defs"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _family(name: str) -> dict[str, Any]:
    """The schema of a family's record: the top level with the family's branch over it."""
    top = schema()
    branch = top["$defs"][name]
    props = {k: dict(v) for k, v in top["properties"].items()}
    for key, value in branch["properties"].items():
        props[key] = {**props.get(key, {}), **value}
    return {"properties": props, "required": top["required"] + branch.get("required", [])}


def _members(hint: Any) -> tuple[Any, ...]:
    if get_origin(hint) in (Union, types.UnionType):
        return get_args(hint)
    return (hint,)


def _check(hint: Any, node: Any, where: str) -> None:
    node = _resolve(node)
    if node is True or hint is object:
        return
    origin = get_origin(hint)
    members = _members(hint)
    if len(members) > 1 and all(is_typeddict(m) for m in members):
        _check_tagged(members, node, where)
    elif is_typeddict(hint):
        _check_object(hint, node, where)
    elif origin is Literal:
        listed = node["enum"] if "enum" in node else [node["const"]]
        assert set(get_args(hint)) == set(listed), where
    elif origin is list:
        assert node.get("type") == "array", where
        _check(get_args(hint)[0], node["items"], f"{where}[]")
    elif origin is dict:
        assert node.get("type") == "object", where
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            _check(get_args(hint)[1], extra, f"{where}{{}}")
    elif hint is str and "type" not in node:
        listed = node["enum"] if "enum" in node else [node["const"]]
        assert all(isinstance(v, str) for v in listed), where
    else:
        assert node.get("type") == JSON_TYPES[hint], f"{where}: {hint} against {node}"


def _check_object(shape: Any, node: dict[str, Any], where: str) -> None:
    hints = get_type_hints(shape)
    props = node["properties"]
    assert set(hints) == set(props), f"{where}: {sorted(hints)} against {sorted(props)}"
    assert set(shape.__required_keys__) == set(node.get("required", [])), where
    for key, hint in hints.items():
        _check(hint, props[key], f"{where}.{key}")


def _check_tagged(members: tuple[Any, ...], node: dict[str, Any], where: str) -> None:
    """A union of actions against a schema that picks the fields by ``act``."""
    base = node["properties"]
    branches = {b["if"]["properties"]["act"]["const"]: b["then"] for b in node["allOf"]}
    acts = {get_args(get_type_hints(m)["act"])[0]: m for m in members}
    assert set(acts) == set(branches) == set(base["act"]["enum"]), where
    for act, member in acts.items():
        then = branches[act]
        props = {k: base[k] if v is True else v for k, v in then["properties"].items()}
        props["act"] = {"const": act}
        required = set(node["required"]) | set(then.get("required", []))
        _check_object(member, {"properties": props, "required": sorted(required)}, act)


@pytest.mark.parametrize(
    ("shape", "family"),
    [(cross.CrossRecord, "cross"), (undercover.UndercoverRecord, "undercover")],
)
def test_record_shapes_match_the_schema(shape: Any, family: str) -> None:
    _check_object(shape, _family(family), family)


def test_the_check_finds_a_drifted_shape() -> None:
    class Drifted(TypedDict):
        start: str
        draw: list[int]
        reserve: list[str]
        seed: NotRequired[int]

    setup = _family("cross")["properties"]["setup"]
    with pytest.raises(AssertionError):
        _check_object(Drifted, setup, "setup")


def _conforms(value: Any, hint: Any, where: str) -> None:
    """``value`` (built by the engine) has exactly the type ``hint`` says."""
    members = _members(hint)
    if len(members) > 1:
        errors = []
        for member in members:
            try:
                _conforms(value, member, where)
                return
            except AssertionError as err:
                errors.append(str(err))
        raise AssertionError(f"{where}: {value!r} is none of {members}: {errors}")
    origin = get_origin(hint)
    if hint is type(None):
        assert value is None, where
    elif hint is object:
        return
    elif is_typeddict(hint):
        assert isinstance(value, dict), where
        hints = get_type_hints(hint)
        untyped = set(value) - set(hints)
        assert hint in OPEN or not untyped, f"{where}: {sorted(untyped)} untyped"
        assert set(hint.__required_keys__) <= set(value), f"{where}: keys missing"
        for key, item in value.items():
            if key in hints:
                _conforms(item, hints[key], f"{where}.{key}")
    elif origin is Literal:
        assert value in get_args(hint), where
    elif origin is list:
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            _conforms(item, get_args(hint)[0], f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), where
        for key, item in value.items():
            _conforms(key, get_args(hint)[0], where)
            _conforms(item, get_args(hint)[1], f"{where}.{key}")
    elif hint is float:
        assert isinstance(value, int | float), where
        assert not isinstance(value, bool), where
    else:
        assert isinstance(value, hint), where
        assert hint is bool or not isinstance(value, bool), where


def _played(game_id: str, seats: list[str], moves: int) -> geodeck.Game:
    game = geodeck.new_game(game_id, seats, seed=5)
    for _ in range(moves):
        if game.finished:
            break
        seat = game.expects().seats[0]
        action = game.legal_actions(seat)[-1]
        if getattr(action, "act", "") == "hide":
            action = action.salted("00" * 16)
        game.apply(action)
    return game


@pytest.mark.parametrize("moves", [0, 7, 40, 2000])
def test_cross_records_and_views_have_their_shapes(moves: int) -> None:
    game = _played("uppsala", ["Ann", "Ben", "Cem"], moves)
    _conforms(game.to_record(), cross.CrossRecord, "record")
    for seat in (None, 0, 1):
        _conforms(game.view(seat), cross.CrossView, "view")
        assert list(game.view(seat)) == list(get_type_hints(cross.CrossView))
    assert set(get_type_hints(cross.OwnPart)) == set(cross_view.OWN)


@pytest.mark.parametrize("moves", [0, 3, 40, 2000])
def test_undercover_records_and_views_have_their_shapes(moves: int) -> None:
    game = _played("undercover", ["Ann", "Ben", "Cem", "Dan"], moves)
    _conforms(game.to_record(), undercover.UndercoverRecord, "record")
    for seat in (None, 0, 1):
        _conforms(game.view(seat), undercover.UndercoverView, "view")
        assert list(game.view(seat)) == list(get_type_hints(undercover.UndercoverView))
    assert set(get_type_hints(undercover.OwnPart)) == set(undercover_view.OWN)
