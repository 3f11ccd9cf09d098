"""The Ursuppe rules engine: pure Python, no I/O. Public interface: docs/engine-api.md."""

from engine.actions import ACTION_TYPES
from engine.counts import AMOEBAS_PER_COLOUR, CUBES_PER_COLOUR, SUPPORTED_PLAYERS
from engine.decision import Decision
from engine.errors import (
    EngineError,
    GameOverError,
    IllegalActionError,
    InvalidOptionsError,
    InvalidStateError,
    MalformedActionError,
    NotYourTurnError,
)
from engine.game import Game, replay
from engine.rules.feeding import patterns as feeding_patterns
from engine.rules_data import rules_data

__all__ = [
    "ACTION_TYPES",
    "Decision",
    "EngineError",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "InvalidOptionsError",
    "InvalidStateError",
    "MalformedActionError",
    "NotYourTurnError",
    "AMOEBAS_PER_COLOUR",
    "CUBES_PER_COLOUR",
    "SUPPORTED_PLAYERS",
    "feeding_patterns",
    "replay",
    "rules_data",
]
