"""engine.decision.DECISION_KINDS names every kind of decision the engine can ask for, so
that the help texts keyed on it (GET /rules) cover every decision."""

from __future__ import annotations

import re
from pathlib import Path

import engine
from engine.decision import DECISION_KINDS

_ASKED = re.compile(r'Decision\(\s*\w+,\s*"(\w+)"')


def test_decision_kinds_lists_every_kind_the_engine_asks_for() -> None:
    root = Path(engine.__file__).parent
    asked = {m for p in root.rglob("*.py") for m in _ASKED.findall(p.read_text("utf-8"))}
    assert len(asked) > 10  # the pattern still finds the engine's decisions
    assert asked == set(DECISION_KINDS)
    assert len(DECISION_KINDS) == len(set(DECISION_KINDS))
