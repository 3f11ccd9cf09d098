"""The worker suite and the benchmarks touch only what they created: Redis is a
server of their own, never a database of a Redis that something else uses."""

from __future__ import annotations

import uuid

import pytest
import redis

from harness import processes


def test_the_suite_runs_on_a_redis_of_its_own(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    assert client.ping() and client.connection_pool.connection_kwargs["port"] != 6379


def test_a_key_in_another_redis_survives_the_harness() -> None:
    """A key planted in every database of the Redis on the default port (the one a running
    server may use) is still there after a private server was started, used and stopped."""
    shared = redis.Redis(host="127.0.0.1", port=6379, socket_timeout=2)
    try:
        shared.ping()
    except redis.exceptions.RedisError:
        pytest.skip("no Redis on the default port to plant a key in")
    key = f"ursuppe:planted:{uuid.uuid4().hex}"
    # Not the database indexes claimed by a test run's web or stream servers (maybe this
    # run's, on another xdist worker): their owner empties them when it is done.
    dbs = [db for db in range(16)
           if not redis.Redis(host="127.0.0.1", port=6379, db=db).exists("ursuppe:test-claim")]  # fmt: skip
    for db in dbs:
        redis.Redis(host="127.0.0.1", port=6379, db=db).set(key, "keep", ex=600)
    try:
        with processes.redis_server() as url:
            private = redis.Redis.from_url(url)
            private.set("scratch", "1")
            private.flushdb()  # whatever the suite does to its own server
        for db in dbs:
            assert redis.Redis(host="127.0.0.1", port=6379, db=db).get(key) == b"keep"
    finally:
        for db in dbs:
            redis.Redis(host="127.0.0.1", port=6379, db=db).delete(key)
