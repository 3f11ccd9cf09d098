"""The one exception the engine raises for bad input."""

from __future__ import annotations


class EngineError(Exception):
    """A rejected request; the game state is unchanged.

    ``code`` is stable and machine-readable (the API passes it on); ``message`` is for people.
    Codes: ``malformed_action``, ``illegal_action``, ``not_your_turn``, ``game_over``,
    ``invalid_options``, ``invalid_state``.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}
