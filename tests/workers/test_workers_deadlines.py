"""Deadlines that cost nothing while they wait: a message only within the ETA horizon,
sent once, and far deadlines brought in by the sweep — on real Redis, PostgreSQL, Celery."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
import redis

from tests.workers.test_workers_games import (
    BOTS,
    HUMAN,
    assert_log_complete,
    finished,
    seed_where_first_decision_is,
    wait_for,
)
from tests.workers.test_workers_plumbing import queued
from workers.celery_app import make_celery
from workers.config import WorkerSettings
from workers.scheduler import CeleryScheduler

pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]


def test_the_default_horizon_is_a_minute() -> None:
    assert WorkerSettings.from_env({}).eta_horizon == 60


def test_one_eta_message_per_deadline_and_none_beyond_the_horizon(redis_url: str) -> None:
    queue = f"ursuppe-test-{uuid.uuid4().hex[:10]}"
    app = make_celery(WorkerSettings.from_env({"REDIS_URL": redis_url, "URSUPPE_QUEUE": queue}))
    scheduler = CeleryScheduler(app=app, eta_horizon=60)
    client = redis.Redis.from_url(redis_url)
    game = uuid.uuid4().hex
    try:
        soon = datetime.now(UTC) + timedelta(seconds=30)
        scheduler.deadline(game, 1, soon)
        scheduler.deadline(game, 1, soon)  # the sweep, a second time: no second message
        scheduler.deadline(game, 2, datetime.now(UTC) + timedelta(days=1))  # waits in the DB
        assert client.llen(queue) == 1
        assert client.exists(f"ursuppe:eta:{game}:1") and not client.exists(f"ursuppe:eta:{game}:2")
        scheduler.deadline(game, 2, soon)  # later, within the horizon: now it is sent
        assert client.llen(queue) == 2
    finally:
        client.delete(queue)
        app.close()


def test_a_deadline_beyond_the_horizon_fires_once_through_the_sweep(stack) -> None:  # noqa: ANN001
    st, worker = stack(URSUPPE_ETA_HORIZON="4", URSUPPE_SWEEP_INTERVAL="1")
    seed = seed_where_first_decision_is(1, players=3)
    created = st.service.creation.create_game(
        players=3, seats=[BOTS, HUMAN, BOTS], time_limit=9, timeout_policy="bot", seed=seed
    )
    game_id = created.game.id
    client = redis.Redis.from_url(st.env["REDIS_URL"])
    st.service.seating.join(game_id, seat=1)  # deadline in 9 s, beyond the 4 s horizon: no message
    # The queue may hold beat's sweeps (one a second) that a loaded worker has not taken
    # yet: what must not be there is a deadline's message.
    waiting = [m["headers"]["task"] for m in queued(client, st.queue)]
    assert "workers.tasks.expire_deadline" not in waiting, waiting
    assert not client.exists(f"ursuppe:eta:{game_id}:0")  # seq 0: none sent

    wait_for(lambda: st.service.games.get(game_id).seats[1].replaced_by_bot, 60,
             "the deadline to hand seat 1 to a bot", worker)  # fmt: skip
    wait_for(lambda: finished(st.service, game_id), 120, "the game to finish", worker)
    assert_log_complete(st.service, game_id)
    seat1 = st.service.games.get(game_id).seats[1]
    assert seat1.timeouts == 1  # the ETA message, the due sweep: exactly one applied
    # The sweep gave it its timed message when it came within the horizon.
    assert f"expire_deadline[deadline-{game_id}-0-" in worker.logfile.read_text()


def test_two_schedulers_sweeping_at_once_make_one_sweep_per_tick(redis_url: str) -> None:
    """Two beat instances send a sweep each tick; exactly one of them sweeps."""
    from concurrent.futures import ThreadPoolExecutor

    from workers.tasks import take_tick

    client = redis.Redis.from_url(redis_url)
    queue = f"ursuppe-test-{uuid.uuid4().hex[:10]}"
    with ThreadPoolExecutor(8) as pool:
        first = list(pool.map(lambda _: take_tick(client, queue, 0.5), range(8)))
        assert first.count(True) == 1
        wait_for(lambda: not client.exists(f"ursuppe:sweep:{queue}"), 5, "the tick to pass")
        second = list(pool.map(lambda _: take_tick(client, queue, 0.5), range(8)))
        assert second.count(True) == 1  # the next tick has its sweep again


def test_two_beats_fire_a_deadline_once(stack, start_worker) -> None:  # noqa: ANN001
    """Two worker processes, each with its own beat, on one queue: the human's deadline
    applies once and the game finishes intact."""
    st, worker = stack(URSUPPE_SWEEP_INTERVAL="1", URSUPPE_ETA_HORIZON="1")
    second = start_worker(st.queue, beat=True, URSUPPE_SWEEP_INTERVAL="1", URSUPPE_ETA_HORIZON="1")
    seed = seed_where_first_decision_is(1, players=3)
    created = st.service.creation.create_game(
        players=3, seats=[BOTS, HUMAN, BOTS], time_limit=3, timeout_policy="bot", seed=seed
    )
    game_id = created.game.id
    st.service.seating.join(game_id, seat=1)
    wait_for(lambda: finished(st.service, game_id), 120, "the game to finish", worker)
    assert_log_complete(st.service, game_id)
    assert st.service.games.get(game_id).seats[1].timeouts == 1
    assert second.proc is not None and second.proc.poll() is None
