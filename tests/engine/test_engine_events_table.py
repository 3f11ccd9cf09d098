"""Every event the engine records matches ``engine.events``, the table the API's spec is
built from: random games of every size and variant, from the set-up to the end, and the
positions of the tests' own scenarios would otherwise drift from what clients are told."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import engine
from engine import SUPPORTED_PLAYERS, Game
from engine.actions import ACTION_FIELDS
from engine.counts import VARIANTS
from engine.events import EVENT_FIELDS, event_problems

CONFIGS = [(n, None) for n in SUPPORTED_PLAYERS] + [(2, v) for v in sorted(VARIANTS)]


def _events_of_random_games(players: int, variant: str | None, games: int) -> list[dict]:
    events: list[dict] = []
    for seed in range(games):
        game = (
            Game.new(players, seed=seed, variant=variant)
            if variant
            else Game.new(players, seed=seed)
        )
        events.extend(game.setup_events)
        choose = random.Random(seed).choice
        while game.pending is not None:
            events.extend(game.apply(choose(game.pending.actions)))
    return events


@pytest.mark.parametrize(("players", "variant"), CONFIGS)
def test_every_event_of_random_games_matches_the_table(players, variant) -> None:
    events = _events_of_random_games(players, variant, games=6)
    problems = sorted({p for event in events for p in event_problems(event)})
    assert not problems, problems[:10]
    assert {e["type"] for e in events} >= {"game_created", "action", "game_ended"}


def test_the_games_together_show_most_of_the_table() -> None:
    """The check above can only vouch for types it saw: most of the table must turn up."""
    seen = {e["type"] for n, v in CONFIGS for e in _events_of_random_games(n, v, games=3)}
    assert len(seen) >= len(EVENT_FIELDS) - 3, sorted(EVENT_FIELDS.keys() - seen)


def test_every_event_type_the_engine_writes_is_in_the_table() -> None:
    """Read from the source, so the rare ones count too (an escape that fails, armor that
    takes a hit): random games reach them too seldom to vouch for them."""
    source = "\n".join(p.read_text() for p in Path(engine.__file__).parent.rglob("*.py"))
    written = set(re.findall(r'"type": "([a-z_]+)"', source)) - set(ACTION_FIELDS)
    written -= {"per_decision", "none"}  # not events: clock types, should any appear
    assert written - EVENT_FIELDS.keys() == set(), sorted(written - EVENT_FIELDS.keys())
    assert len(written) >= len(EVENT_FIELDS) - 2


@pytest.mark.parametrize(
    ("event", "problem"),
    [
        ({"type": "nope"}, "unknown event type"),
        ({"type": "round_started"}, "missing 'round'"),
        ({"type": "round_started", "round": True}, "is not int"),
        ({"type": "round_started", "round": 1, "extra": 1}, "unknown field"),
        (
            {
                "type": "amoeba_fed",
                "seat": 0,
                "number": 1,
                "eaten": [1],
                "excreted": 0,
                "parasite": "x",
            },
            "is not int?",
        ),
    ],  # fmt: skip
)
def test_the_check_finds_what_does_not_match(event, problem) -> None:
    assert any(problem in p for p in event_problems(event)), event_problems(event)
