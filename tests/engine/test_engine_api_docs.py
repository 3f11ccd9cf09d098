"""docs/engine-api.md documents "the events and the `context` of every decision kind" (issue
14): the tables there must name every decision kind, context key and event type that games
actually produce, so a client developer can rely on them."""

from __future__ import annotations

import random
import re
from pathlib import Path

from engine import Game

DOC = (Path(__file__).resolve().parents[2] / "docs" / "engine-api.md").read_text()


def _table(heading: str) -> list[list[str]]:
    section = DOC.split(heading, 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def _observed(games: int = 6) -> tuple[dict[str, set[str]], set[str]]:
    contexts: dict[str, set[str]] = {}
    events: set[str] = set()
    for seed in range(games):
        g = Game.new(3 + seed % 2, seed)
        events.update(e["type"] for e in g.setup_events)
        rnd = random.Random(seed)
        while not g.is_over:
            contexts.setdefault(g.pending.kind, set()).update(g.pending.context)
            events.update(e["type"] for e in g.apply(rnd.choice(g.pending.actions)))
    return contexts, events


def test_engine_api_docs_name_every_decision_kind_its_context_and_every_event():
    documented_contexts = {}
    for kind, _when, _actions, context in _table("## Decision kinds and their context"):
        documented_contexts[kind.strip("`")] = set(re.findall(r'"(\w+)"', context))
    documented_events = set()
    for name, _data in _table("## Events"):
        documented_events.update(re.findall(r"`(\w+)`", name))
    contexts, events = _observed()
    assert len(contexts) >= 12, sorted(contexts)  # random games reach most kinds
    for kind, keys in contexts.items():
        assert kind in documented_contexts, kind
        assert keys <= documented_contexts[kind], (kind, keys - documented_contexts[kind])
    assert events <= documented_events, events - documented_events
