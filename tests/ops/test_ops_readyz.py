"""``/readyz`` tells the truth: red while PostgreSQL or Redis is down, green again after,
and it reports the worker's and beat's heartbeats. On a PostgreSQL cluster and a Redis
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


def test_readyz_red_while_postgres_or_redis_is_down_and_green_after(stack: Any) -> None:
    client, cluster, redis_server, service = stack
    status, body = _ready(client)
    assert status == 200, body
    assert (body["database"], body["broker"]) == ("ok", "ok")
    assert body["worker"] == {"seen_seconds_ago": None, "recent": False}

    queue = service.scheduler.live_queue
    heartbeat.record(redis.Redis.from_url(redis_server.url), queue, "worker")
    status, body = _ready(client)
    assert body["worker"]["recent"] is True and body["worker"]["seen_seconds_ago"] < 5
    assert body["beat"] == {"seen_seconds_ago": None, "recent": False}

    redis_server.stop()
    status, body = _ready(client)
    assert status == 503, body
    assert body["code"] == "not_ready"
    assert (body["database"], body["broker"]) == ("ok", "unreachable")
    redis_server.start()
    status, body = _ready(client)
    assert status == 200 and body["broker"] == "ok", body

    cluster.stop()
    status, body = _ready(client)
    assert status == 503, body
    assert (body["database"], body["broker"]) == ("unreachable", "ok")
    cluster.start()
    status, body = _ready(client)
    assert status == 200 and body["database"] == "ok", body
