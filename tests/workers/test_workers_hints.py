"""A hint computed by a real Celery worker (PostgreSQL, Redis): the seat to play asks, the
live queue's worker searches within the hint level's budget and stores the answer."""

from __future__ import annotations

import time

import pytest
from test_workers_games import seed_where_first_decision_is, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]


def test_a_worker_computes_the_hint_the_seat_to_play_asked_for(stack) -> None:  # noqa: ANN001
    st, worker = stack(beat=False)
    seed = seed_where_first_decision_is(0, players=3)
    bot = {"kind": "bot", "level": "greedy"}
    created = st.service.creation.create_game(
        players=3, seats=[{"kind": "human"}, bot, bot], time_limit=0, seed=seed, rated=False
    )
    joined = st.service.seating.join(created.game.id, name="ann", seat=0)
    game = joined.game
    assert game.status == "active" and game.pending_seat == 0
    asked_at = time.monotonic()
    # Asked three times: one row; each ask that found it pending sent a message.
    asks = [st.service.hints.ask(game.id, 0, joined.token) for _ in range(3)]
    assert {a.seq for a in asks} == {game.seq}
    sent = sum(a.status == "pending" for a in asks)
    assert sent >= 1

    def ready():  # noqa: ANN202
        hint = st.service.hints.read(game.id, 0, joined.token)
        return hint if hint.status == "ready" else None

    hint = wait_for(ready, 60, "the worker's hint", worker)
    assert hint.action in game.pending["actions"]
    assert hint.reason["kind"] == "search" and hint.reason["level"] == "mcts-fast"
    assert hint.reason["iterations"] >= 1
    # Within the level's budget (0.1 s) plus the queue: far below the task's soft limit.
    assert time.monotonic() - asked_at < 30
    assert st.service.hints.compute(game.id, game.seq) is False  # done: nothing to redo
    # Every message ended, one of them searched: the others found the hint taken or done.
    results = wait_for(
        lambda: (found := [line for line in worker.tail(400).splitlines()
                           if "compute_hint" in line and "succeeded" in line])
        and len(found) >= sent and found,
        30, "every hint task to end", worker,
    )  # fmt: skip
    outcomes = sorted(line.rsplit(":", 1)[1].strip() for line in results)
    assert outcomes == ["False"] * (sent - 1) + ["True"]
