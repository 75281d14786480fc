"""Typed errors. Each has a stable ``code`` and, where a rule is broken, the RULES.md section
(shown after the message in brackets: "2 to 6 players are needed, got 1 (rule A)")."""

from __future__ import annotations


class GeodeckError(Exception):
    """Base of every error geodeck raises on purpose."""

    code = "geodeck/error"

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        if self.rule:
            return f"{self.message} (rule {self.rule})"
        return self.message

    def to_wire(self) -> dict[str, str | None]:
        return {"code": self.code, "rule": self.rule, "message": self.message}


class ActionError(GeodeckError):
    """An action that cannot be applied in the current state. The game is left untouched."""

    code = "action/illegal"


class NotYourTurn(ActionError):
    code = "action/not_your_turn"


class WrongKind(ActionError):
    """The seat may act, but not with this kind of action (placing while a guess is due)."""

    code = "action/wrong_kind"


class IllegalAction(ActionError):
    """The right kind of action from the right seat, with arguments the rules forbid."""

    code = "action/illegal"


class GameOver(ActionError):
    code = "action/game_over"


class SetupError(GeodeckError):
    """A game that cannot be dealt or set up (deck too small, bad seats, unknown variant)."""

    code = "setup/invalid"


class RecordError(GeodeckError):
    """A record that is malformed, or whose action at ``index`` breaks a rule."""

    code = "record/invalid"

    def __init__(self, message: str, *, rule: str | None = None, index: int | None = None) -> None:
        super().__init__(message, rule=rule)
        self.index = index

    def __str__(self) -> str:
        where = f"action {self.index}: " if self.index is not None else ""
        return where + super().__str__()


class MalformedAction(RecordError):
    """Wire input that is not an action of the game at all: not an object, an unknown
    ``act``, a field missing, mistyped or not in the action's wire form. Apart from the
    rule errors (``ActionError``): nothing was applied. A ``RecordError``, as a record
    holding one is malformed."""

    code = "action/malformed"
