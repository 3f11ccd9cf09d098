"""The messages a killed worker held come back within seconds, not after the visibility
timeout.

A worker takes its messages unacknowledged (``acks_late``, ``workers.celery_app``), and
kombu's Redis transport keeps each one in its ``unacked`` hash until the task returns. A
worker killed outright (SIGKILL, out of memory, a lost machine) never returns them; kombu
puts such a message back only once it is older than the visibility timeout, an hour here
(a worker holds a deadline's ETA message unacknowledged until it is due, and a review runs
for minutes, so the timeout cannot be short). Meanwhile a bot turn waited for the deadline
sweep's ``URSUPPE_BOT_GRACE`` and the message itself came back an hour later, as a task
with nothing left to do.

So each worker process says which messages it holds and that it is alive, in the broker's
Redis, under its queue's name:

* ``ursuppe:workers:<queue>``: the set of worker instances (``<host>:<pid>``: a worker
  restarted under the same node name is another instance);
* ``ursuppe:worker:<queue>:<instance>:alive``: set when the worker is ready and refreshed
  every ``LEASE / 3`` seconds by a thread of its main process, expiring after ``LEASE``;
* ``ursuppe:worker:<queue>:<instance>:taken``: the delivery tags of the messages it has
  received, added when one arrives (the main process receives every message, ETA ones too)
  and pruned by the same thread once kombu no longer holds them (acknowledged).

The deadline sweep (every ``URSUPPE_SWEEP_INTERVAL`` seconds, ``recover``) puts every
message of an instance whose liveness key is gone back at the head of its queue, with
kombu's own ``restore_by_tag`` (the message leaves ``unacked``, so nothing stale is left to
come back later), and forgets the instance. A message of the queue held longer
than ``2 * LEASE`` that no live instance lists is put back too: its worker was killed
between kombu's ``unacked`` entry and its own record. A worker thought dead that is only
slow (a pause longer than ``LEASE``) gets its message run a second time elsewhere: every
task is idempotent on ``(game_id, seq)``, so the second run is a no-op.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
from typing import Any

log = logging.getLogger(__name__)

#: Seconds without a refresh after which a worker is taken for dead: short, so that a
#: person waits seconds; long enough for a busy machine to refresh it in time.
LEASE = 6.0

#: This process's instance, when it is a worker's main process (set when it is ready).
_instance: str | None = None


def instance_id() -> str:
    """This process as a worker instance: its host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


def workers_key(queue: str) -> str:
    return f"ursuppe:workers:{queue}"


def alive_key(queue: str, instance: str) -> str:
    return f"ursuppe:worker:{queue}:{instance}:alive"


def taken_key(queue: str, instance: str) -> str:
    return f"ursuppe:worker:{queue}:{instance}:taken"


def announce(client: Any, queue: str, instance: str) -> None:
    """``instance`` is alive (for ``LEASE`` seconds) and listed among the queue's workers."""
    client.pipeline().sadd(workers_key(queue), instance).set(
        alive_key(queue, instance), "1", ex=int(LEASE)
    ).execute()


def took(client: Any, queue: str, instance: str, delivery_tag: str) -> None:
    """``instance`` received the message ``delivery_tag`` (and holds it until its ack)."""
    client.sadd(taken_key(queue, instance), delivery_tag)


def prune(client: Any, queue: str, instance: str, unacked_key: str = "unacked") -> None:
    """Forget the tags of ``instance`` that kombu no longer holds (acknowledged)."""
    tags = list(client.smembers(taken_key(queue, instance)))
    if not tags:
        return
    held = client.hmget(unacked_key, tags)
    done = [tag for tag, raw in zip(tags, held, strict=True) if raw is None]
    if done:
        client.srem(taken_key(queue, instance), *done)


def recover(channel: Any, queue: str) -> int:
    """Put back every message a dead instance of ``queue``'s workers held; how many.

    ``channel``: a kombu Redis channel on the broker (its ``client`` and ``qos``)."""
    client = channel.client
    restored = 0
    for instance in map(_text, client.smembers(workers_key(queue))):
        if client.exists(alive_key(queue, instance)):
            continue
        held = 0
        for tag in map(_text, client.smembers(taken_key(queue, instance))):
            if client.hexists(channel.unacked_key, tag):
                channel.qos.restore_by_tag(tag, client=client, leftmost=True)
                held += 1
        client.delete(taken_key(queue, instance))
        client.srem(workers_key(queue), instance)
        if held:
            log.warning(
                "worker %s stopped answering: %d message(s) it held put back on the queue",
                instance,
                held,
            )
        restored += held
    return restored + _recover_unclaimed(channel, queue)


def _recover_unclaimed(channel: Any, queue: str) -> int:
    """Put back the messages of ``queue`` (and of its ``<queue>.*`` queues) that kombu has
    held for longer than ``2 * LEASE`` and that no live instance says it took.

    A worker records a message a moment after kombu moved it to ``unacked``; one killed in
    that moment, or whose record failed with a broker hiccup, held a message nobody lists.
    Only a message older than twice the lease is taken for such an orphan, so a live
    worker's record has long been written; should it still be a live worker's, its task
    runs a second time, which the tasks' idempotence makes a no-op."""
    client = channel.client
    claimed: set[str] = set()
    for raw in client.smembers(workers_key(queue)):
        claimed.update(map(_text, client.smembers(taken_key(queue, _text(raw)))))
    old = client.zrangebyscore(channel.unacked_index_key, 0, time.time() - 2 * LEASE)
    restored = 0
    for tag in map(_text, old):
        if tag in claimed:
            continue
        entry = client.hget(channel.unacked_key, tag)
        if entry is None:  # acknowledged meanwhile
            continue
        routing_key = str(json.loads(entry)[2])
        if routing_key != queue and not routing_key.startswith(f"{queue}."):
            continue
        channel.qos.restore_by_tag(tag, client=client, leftmost=True)
        restored += 1
    if restored:
        log.warning("%d message(s) held by no live worker put back on the queue", restored)
    return restored


def _text(value: Any) -> str:
    """A Redis reply as text, whether the client decodes replies or not."""
    return value.decode() if isinstance(value, bytes) else str(value)


def start_keeper(app: Any, queue: str) -> str:
    """In a worker's main process: announce this instance now and every ``LEASE / 3``
    seconds, and prune its acknowledged tags, from a daemon thread; its instance id."""
    global _instance
    _instance = instance_id()
    stop = threading.Event()

    def keep() -> None:
        while not stop.wait(LEASE / 3):
            try:
                with app.pool.acquire(block=True, timeout=LEASE) as conn:
                    client = conn.default_channel.client
                    announce(client, queue, _instance)
                    prune(client, queue, _instance, conn.default_channel.unacked_key)
            except Exception as err:  # noqa: BLE001 - a broker outage: try again next time
                log.debug("worker liveness not recorded (%s)", type(err).__name__)

    with app.pool.acquire(block=True) as conn:
        announce(conn.default_channel.client, queue, _instance)
    threading.Thread(target=keep, name="worker-liveness", daemon=True).start()
    return _instance


def current() -> str | None:
    """This process's instance id, when it is a worker's main process that is ready."""
    return _instance
