"""The engine's exceptions: one class per reason, all ``EngineError``.

A caller catches ``EngineError`` for any rejected request, or one subclass for one reason (as
python-chess's ``IllegalMoveError``); ``code`` is the stable, machine-readable name of the
reason (the API passes it on as its problem code), ``message`` is for people. Whatever is
raised, the game state is unchanged.
"""

from __future__ import annotations

from typing import ClassVar


class EngineError(Exception):
    """A rejected request; the game state is unchanged."""

    code: ClassVar[str] = "engine_error"

    def __init__(self, message: str) -> None:
        super().__init__(f"{self.code}: {message}")
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class MalformedActionError(EngineError):
    """The action is not shaped like any action type (unknown type, fields, value types)."""

    code = "malformed_action"


class IllegalActionError(EngineError):
    """A well-formed action that is not among the pending decision's legal actions."""

    code = "illegal_action"


class NotYourTurnError(EngineError):
    """Another seat must decide now."""

    code = "not_your_turn"


class GameOverError(EngineError):
    """The game is over: no action can be applied."""

    code = "game_over"


class InvalidOptionsError(EngineError):
    """``Game.new`` got options it cannot set up a game with."""

    code = "invalid_options"


class InvalidStateError(EngineError):
    """Not a saved game (``Game.from_dict``), or a position that cannot be built."""

    code = "invalid_state"
