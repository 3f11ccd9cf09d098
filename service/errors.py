"""Service errors with stable, machine-readable codes.

The HTTP layer turns each into an RFC 9457 problem document; the HTTP status lives here so
that every caller (API, workers, CLI) agrees on what kind of failure a code is. Codes are
part of the public contract: add new ones, never rename.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refused request. ``code`` is stable, ``status`` the matching HTTP status."""

    status: int = 400

    def __init__(self, code: str, message: str, *, status: int | None = None, **extra: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        if status is not None:
            self.status = status
        self.extra = extra

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class NotFound(ServiceError):
    status = 404


class Unauthorized(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    """The request is valid but the game's current state does not allow it."""

    status = 409


class PreconditionFailed(ServiceError):
    status = 412


class Unprocessable(ServiceError):
    """Well-formed but semantically wrong: illegal actions, bad options."""

    status = 422


# Engine error codes (docs/engine-api.md) and the status each maps to. An illegal or
# malformed action is the client's mistake about the content (422); a move out of turn or on
# a finished game conflicts with the game's state (409).
ENGINE_CODE_STATUS: dict[str, int] = {
    "malformed_action": 422,
    "illegal_action": 422,
    "not_your_turn": 409,
    "game_over": 409,
}


def from_engine_error(err: Exception) -> ServiceError:
    """Wrap an ``engine.EngineError`` keeping its code and message (the engine's reason)."""
    code = str(getattr(err, "code", "illegal_action"))
    message = str(getattr(err, "message", None) or err)
    return ServiceError(code, message, status=ENGINE_CODE_STATUS.get(code, 422))
