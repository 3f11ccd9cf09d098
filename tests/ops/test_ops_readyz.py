"""``/readyz`` tells the truth without emptying a balancer: red until the process has reached
PostgreSQL and Redis once, then green, ``degraded`` while either is down, and it reports the
worker's and beat's heartbeats. On a PostgreSQL cluster and a Redis
server of the test's own (the shared ones on 5432/6379 are never stopped)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import redis

from api import create_app
from harness.private_postgres import private_cluster
from harness.streams import RedisServer
from service.plumbing.config import Settings
from service.plumbing.db import upgrade_database
from workers import heartbeat

pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


@pytest.fixture
def stack() -> Iterator[tuple[Any, Any, RedisServer, str]]:
    """(test client, private cluster, private Redis, service) of an app scheduling onto
    Celery (the Redis is the test's own: the default queue name is free)."""
    redis_server = RedisServer().start()
    try:
        with private_cluster() as cluster:
            url = cluster.create_database("ursuppe_ready")
            upgrade_database(url)
            settings = Settings(
                database_url=url,
                redis_url=redis_server.url,
                scheduler="celery",
                auto_migrate=False,
                heartbeat_stale=30.0,
            )
            app = create_app(settings)
            yield app.test_client(), cluster, redis_server, app.extensions["ursuppe"]
    finally:
        redis_server.close()


def _ready(client: Any) -> tuple[int, dict[str, Any]]:
    response = client.get("/readyz")
    return response.status_code, response.get_json()


def test_readyz_red_until_both_were_reached_then_degraded_not_red_in_an_outage(
    stack: Any,
) -> None:
    client, cluster, redis_server, service = stack
    redis_server.stop()  # this process has not reached the broker yet: not ready
    status, body = _ready(client)
    assert status == 503, body
    assert body["code"] == "not_ready"
    assert (body["database"], body["broker"]) == ("ok", "unreachable")
    redis_server.start()
    status, body = _ready(client)
    assert status == 200, body
    assert (body["status"], body["database"], body["broker"]) == ("ready", "ok", "ok")
    assert body["worker"] == {"seen_seconds_ago": None, "recent": False}

    queue = service.scheduler.live_queue
    heartbeat.record(redis.Redis.from_url(redis_server.url), queue, "worker")
    status, body = _ready(client)
    assert body["worker"]["recent"] is True and body["worker"]["seen_seconds_ago"] < 5
    assert body["beat"] == {"seen_seconds_ago": None, "recent": False}

    # an outage after that: reported for alerts, never a reason to leave the rotation
    redis_server.stop()
    status, body = _ready(client)
    assert status == 200, body
    assert (body["status"], body["database"], body["broker"]) == ("degraded", "ok", "unreachable")
    redis_server.start()
    status, body = _ready(client)
    assert status == 200 and body["status"] == "ready", body

    cluster.stop()
    status, body = _ready(client)
    assert status == 200, body
    assert (body["status"], body["database"], body["broker"]) == ("degraded", "unreachable", "ok")
    assert client.get("/healthz").status_code == 200
    cluster.start()
    status, body = _ready(client)
    assert status == 200 and body["status"] == "ready", body
