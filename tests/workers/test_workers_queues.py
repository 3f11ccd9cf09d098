"""Human-facing tasks go ahead of bot-only games' turns, on real Redis."""

from __future__ import annotations

import uuid

import pytest
import redis
from kombu import Consumer

from workers.celery_app import make_celery
from workers.config import WorkerSettings
from workers.scheduler import CeleryScheduler

pytestmark = pytest.mark.integration


def test_live_bot_turns_are_consumed_before_bot_only_ones(redis_url: str) -> None:
    queue = f"ursuppe-test-{uuid.uuid4().hex[:10]}"
    settings = WorkerSettings.from_env({"REDIS_URL": redis_url, "URSUPPE_QUEUE": queue})
    app = make_celery(settings)
    scheduler = CeleryScheduler(app=app)
    client = redis.Redis.from_url(redis_url)
    try:
        for seq in range(5):
            scheduler.bot_turn("tournament", seq, live=False)
        scheduler.bot_turn("with-a-human", 9, live=True)
        assert client.llen(settings.bots_queue) == 5 and client.llen(queue) == 1

        # What a worker does: one consumer on the app's queues, in the app's order.
        received: list[str] = []
        with app.connection_for_read() as conn:
            consumer = Consumer(
                conn.default_channel,
                queues=list(app.amqp.queues.values()),
                callbacks=[lambda body, message: (received.append(body[0][0]), message.ack())],
                accept=["json"],
                prefetch_count=1,
            )
            with consumer:
                conn.drain_events(timeout=5)
                # A queue just taken from does not go to the back of the line (round
                # robin would now take a tournament turn): the live queue stays first.
                scheduler.bot_turn("another-human", 3, live=True)
                while len(received) < 7:
                    conn.drain_events(timeout=5)
        assert received == ["with-a-human", "another-human"] + ["tournament"] * 5
    finally:
        client.delete(queue, settings.bots_queue)
        app.close()
