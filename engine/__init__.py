"""The Ursuppe rules engine: pure Python, no I/O. Public interface: docs/engine-api.md."""

from engine.actions import ACTION_TYPES
from engine.errors import EngineError
from engine.game import Game, replay
from engine.machine import Decision
from engine.rules_data import rules_data

__all__ = ["ACTION_TYPES", "Decision", "EngineError", "Game", "replay", "rules_data"]
