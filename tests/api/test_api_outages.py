"""Outages of the database and of Redis, on real servers that the tests stop and start.

The database (a PostgreSQL cluster of the test's own): every request answers 503
``unavailable`` with ``Retry-After`` and leaves one log line, no traceback; once the server
is back the same client is served again, and an action retried with its ``Idempotency-Key``
applies once. Redis (a private server killed with SIGKILL): play goes on, since the
database is the truth (task messages and stream notices wait for the sweeps, the rate limits
count in memory), each lost hand-off logged in one line; a request that needed Redis itself
answers 503. A fault that is not an outage still answers 500 with one traceback.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from api_helpers import API, Http, assert_problem, bearer
from flask import Flask
from sqlalchemy import text

from api import create_app, deps
from api.outages import RETRY_AFTER
from api.stream.runtime import EXTENSION as STREAM_EXTENSION
from harness.private_postgres import private_cluster
from harness.streams import RedisServer
from service.plumbing.db import upgrade_database

pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def outage_app(database_url: str, **settings: object) -> Flask:
    """The API as production runs it (errors handled by the app, not raised to the test)."""
    base = {"database_url": database_url, "auto_migrate": False, "scheduler": "none"}
    app = create_app({**base, **settings})
    app.config["TESTING"] = False
    return app


def lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """What the requests logged at warning and above."""
    return [r for r in caplog.records if r.levelno >= logging.WARNING]


def assert_one_line(records: list[logging.LogRecord], *words: str) -> None:
    assert len(records) == 1, [r.getMessage() for r in records]
    record = records[0]
    message = record.getMessage()
    assert record.exc_info is None and "\n" not in message, message
    assert all(w in message for w in words), message


def assert_unavailable(resp: object) -> None:
    assert_problem(resp, 503, "unavailable")
    # 5 s, or later: with rate limits on, flask-limiter raises it to its window's reset.
    assert int(resp.headers["Retry-After"]) >= RETRY_AFTER  # type: ignore[attr-defined]


@pytest.fixture
def cluster_db() -> Iterator[tuple[object, str]]:
    with private_cluster() as cluster:
        url = cluster.create_database("ursuppe_outage")
        upgrade_database(url)
        yield cluster, url


def test_a_database_outage_answers_503_in_one_line_and_nothing_applies_twice(
    cluster_db: tuple, caplog: pytest.LogCaptureFixture
) -> None:
    cluster, url = cluster_db
    app = outage_app(url, rate_limit="1000/60")  # the limiter looks the player up too
    http = Http(app.test_client())
    player = bearer(http.c.post(f"{API}/players", json={"name": "p"}).get_json()["token"])
    table = http.started(players=3)
    pending = http.pending(table)
    seat = pending["pending"]["seat"]
    move = {"action": pending["pending"]["actions"][0], "expected_seq": pending["seq"]}
    key = {"Idempotency-Key": f"outage-{uuid.uuid4().hex}", **bearer(table.tokens[seat])}

    cluster.stop()
    requests = {
        "GET game": lambda: http.c.get(table.url),
        "GET game as a player": lambda: http.c.get(table.url, headers=player),
        "GET pending": lambda: http.c.get(f"{table.url}/pending"),
        "POST action": lambda: http.c.post(f"{table.url}/actions", json=move, headers=key),
        "POST games": lambda: http.c.post(f"{API}/games", json={"players": 3}),
        "GET stream": lambda: http.c.get(f"{table.url}/stream"),  # the stream process's too
    }
    try:
        for name, send in requests.items():
            caplog.clear()
            with caplog.at_level(logging.WARNING):
                resp = send()
            assert_unavailable(resp)
            assert_one_line(lines(caplog), "database unavailable", name.split()[0])
    finally:
        runtime = app.extensions.pop(STREAM_EXTENSION, None)
        if runtime is not None:
            runtime.hub.stop()

    cluster.start()
    assert http.c.get(table.url).status_code == 200  # the pool reconnects by itself
    first = http.c.post(f"{table.url}/actions", json=move, headers=key)
    assert first.status_code == 200, first.get_json()
    again = http.c.post(f"{table.url}/actions", json=move, headers=key)
    assert again.status_code == 200 and again.get_json()["replayed"] is True
    assert {**again.get_json(), "replayed": False} == first.get_json()
    after = http.game(table)
    assert after["seq"] == pending["seq"] + 1, "the retried action applied once"
    events = http.c.get(f"{table.url}/events").get_json()
    assert [e["seq"] for e in events["items"]] == list(range(1, after["seq"] + 1))


def test_a_fault_that_is_no_outage_stays_a_500_with_one_traceback(
    cluster_db: tuple, caplog: pytest.LogCaptureFixture
) -> None:
    _, url = cluster_db
    app = outage_app(url)

    @app.get("/bad-statement")
    def _bad_statement() -> str:
        with deps.service().sessions() as session:
            session.execute(text("SELECT * FROM no_such_table"))
        return "unreachable"

    with caplog.at_level(logging.WARNING):
        resp = app.test_client().get("/bad-statement")
    assert_problem(resp, 500, "internal_error")
    records = lines(caplog)
    assert len(records) == 1 and records[0].exc_info is not None, [r.getMessage() for r in records]


@pytest.fixture
def broker() -> Iterator[RedisServer]:
    server = RedisServer().start()
    try:
        yield server
    finally:
        server.close()


def test_a_redis_outage_leaves_play_going_and_logs_one_line_per_lost_handoff(
    broker: RedisServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    database = f"sqlite:///{tmp_path / 'outage.sqlite'}"
    upgrade_database(database)
    app = outage_app(
        database,
        redis_url=broker.url,
        scheduler="celery",
        rate_limit="1000/60",
    )
    http = Http(app.test_client())
    table = http.started(players=3, time_limit=60)  # each decision's deadline is sent to Redis
    assert http.act(table).status_code == 200
    assert redis.Redis.from_url(broker.url).keys("LIMITS:LIMITER/ursuppe/*"), (
        "the limits count in Redis"
    )

    broker.kill()
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            resp = http.act(table)
            assert resp.status_code == 200, resp.get_json()
        assert http.c.get(table.url).status_code == 200
        other = http.create(players=3)
        http.join(other, "during the outage")
    records = lines(caplog)
    assert records, "the lost hand-offs are logged"
    for record in records:
        message = record.getMessage()
        assert record.exc_info is None and "\n" not in message, message
    assert any("redis unavailable" in r.getMessage() for r in records)

    caplog.clear()
    broker.start()  # empty: the sweeps make up for every lost message
    with caplog.at_level(logging.WARNING):
        assert http.act(table).status_code == 200
        assert http.c.get(table.url).status_code == 200


def test_a_request_that_needs_redis_answers_503_in_one_line(
    broker: RedisServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    database = f"sqlite:///{tmp_path / 'needs-redis.sqlite'}"
    upgrade_database(database)
    app = outage_app(database)
    client = redis.Redis.from_url(broker.url, socket_connect_timeout=1)

    @app.get("/needs-redis")
    def _needs_redis() -> str:
        return str(client.ping())

    assert app.test_client().get("/needs-redis").status_code == 200
    broker.kill()
    with caplog.at_level(logging.WARNING):
        resp = app.test_client().get("/needs-redis")
    assert_unavailable(resp)
    assert_one_line(lines(caplog), "redis unavailable", "/needs-redis")
    broker.start()
    assert app.test_client().get("/needs-redis").status_code == 200
