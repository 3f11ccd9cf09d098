"""Service errors: one class per kind of refusal, each instance with a stable ``code``.

The kinds say what went wrong in the game's terms (no such game, not your seat, the game's
state does not allow it, ...); they know nothing of HTTP. The API turns them into problem
documents with one table (``api/problems.py``); workers and scripts branch on the class or
the code. Codes are part of the public contract (docs/api.md lists them): add new ones,
never rename.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refused request: ``code`` is stable, ``message`` is for humans, ``extra`` holds
    members a client may use (e.g. ``current_seq``)."""

    def __init__(self, code: str, message: str, **extra: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class NotFound(ServiceError):
    """No such game, or no such seat in it."""


class Unauthorized(ServiceError):
    """The token is not one of this game's seats."""


class Forbidden(ServiceError):
    """The caller is known but may not do this (another seat, a bot's seat, not the creator)."""


class Conflict(ServiceError):
    """The request is valid but the game's current state does not allow it."""


class PreconditionFailed(ServiceError):
    """The caller's idea of the game's version is out of date."""


class PreconditionRequired(ServiceError):
    """A change that must say which version of the game it was meant for did not."""


class TooMany(ServiceError):
    """Too many requests of one kind from one author (chat messages): try again after
    ``retry_after`` seconds (the API's ``Retry-After``)."""

    def __init__(self, code: str, message: str, retry_after: int):
        super().__init__(code, message)
        self.retry_after = retry_after


class Unprocessable(ServiceError):
    """Well-formed but semantically wrong: illegal actions, bad options."""


# Engine error codes (docs/engine-api.md) and the kind each is. An illegal or malformed
# action is the client's mistake about the content; a move out of turn or on a finished game
# conflicts with the game's state.
ENGINE_CODE_KINDS: dict[str, type[ServiceError]] = {
    "malformed_action": Unprocessable,
    "illegal_action": Unprocessable,
    "not_your_turn": Conflict,
    "game_over": Conflict,
}


def from_engine_error(err: Exception) -> ServiceError:
    """Wrap an engine error keeping its code and message (the engine's reason).

    Mapped by ``code``, so a plain ``EngineError`` and a subclass per code read the same."""
    code = str(getattr(err, "code", "illegal_action"))
    message = str(getattr(err, "message", None) or err)
    return ENGINE_CODE_KINDS.get(code, Unprocessable)(code, message)
