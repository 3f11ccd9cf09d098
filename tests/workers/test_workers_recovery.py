"""The sweep's recovery of held messages (``workers.recovery``) on a real Redis broker: a
message kombu holds that no live worker lists comes back once older than twice the lease;
one a live worker lists, one too young and one of another queue stay where they are."""

from __future__ import annotations

import uuid

import redis
from kombu import Connection, Exchange, Queue

from workers import recovery


def _held(conn: Connection, queue: str, body: str) -> str:
    """Publish ``body`` to ``queue`` and take it unacknowledged: its delivery tag."""
    channel = conn.default_channel
    q = Queue(queue, Exchange(queue), routing_key=queue, channel=channel)
    q.declare()
    conn.Producer(channel).publish(body, exchange=q.exchange, routing_key=queue)
    message = q.get(no_ack=False)
    assert message is not None and message.payload == body
    return str(message.delivery_tag)


def _age(client: redis.Redis, channel: object, tag: str, seconds: float) -> None:
    """Make kombu's record of when ``tag`` was taken ``seconds`` old."""
    score = client.zscore(channel.unacked_index_key, tag)  # type: ignore[attr-defined]
    client.zadd(channel.unacked_index_key, {tag: score - seconds})  # type: ignore[attr-defined]


def test_a_message_nobody_lists_comes_back_once_older_than_twice_the_lease(
    redis_url: str,
) -> None:
    queue = f"recovery-{uuid.uuid4().hex[:8]}"
    other = f"elsewhere-{uuid.uuid4().hex[:8]}"
    client = redis.Redis.from_url(redis_url)
    with Connection(redis_url) as conn:
        channel = conn.default_channel
        orphan = _held(conn, queue, "orphan")
        listed = _held(conn, f"{queue}.bots", "listed")
        young = _held(conn, queue, "young")
        foreign = _held(conn, other, "foreign")
        for tag in (orphan, listed, foreign):
            _age(client, channel, tag, 3 * recovery.LEASE)
        live = "host:1"
        recovery.announce(client, queue, live)
        recovery.took(client, queue, live, listed)

        assert recovery.recover(channel, queue) == 1

        held = {t.decode() for t in client.hkeys(channel.unacked_key)}
        assert orphan not in held
        assert {listed, young, foreign} <= held
        assert client.llen(queue) == 1  # the orphan, back at the head of its queue
        assert client.llen(f"{queue}.bots") == 0 and client.llen(other) == 0
        assert recovery.recover(channel, queue) == 0  # nothing left that is anybody's loss
