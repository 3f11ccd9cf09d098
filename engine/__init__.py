"""The Ursuppe rules engine: pure Python, no I/O. Public interface: docs/engine-api.md."""

import native

native.activate(__path__, __name__)  # the compiled build of these sources, when current

# ruff: noqa: E402 - the imports below must come after ``activate``

from engine.actions import ACTION_TYPES
from engine.errors import EngineError
from engine.game import Game, replay
from engine.machine import Decision
from engine.rules_data import rules_data

__all__ = ["ACTION_TYPES", "Decision", "EngineError", "Game", "replay", "rules_data"]
