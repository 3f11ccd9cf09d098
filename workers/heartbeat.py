"""Heartbeats: the worker and beat record, in the broker's Redis, when they were last alive,
so that the web's ``/readyz`` and ``/metrics`` can say whether they are seen.

A worker records one whenever it runs the deadline sweep (beat sends it every few seconds,
and every worker consuming the live queue may run it); beat records one whenever it sends a
periodic task. Keys are per queue (``ursuppe:heartbeat:<queue>:<process>``), values the
Unix time, and they expire after a day: a stack long gone leaves nothing behind.
"""

from __future__ import annotations

import time
from typing import Any

PROCESSES = ("worker", "beat")
TTL_SECONDS = 24 * 3600


def key(queue: str, process: str) -> str:
    return f"ursuppe:heartbeat:{queue}:{process}"


def record(client: Any, queue: str, process: str) -> None:
    """``process`` is alive now (``client``: a redis-py client on the broker)."""
    client.set(key(queue, process), f"{time.time():.3f}", ex=TTL_SECONDS)


def ages(client: Any, queue: str) -> dict[str, float | None]:
    """Seconds since each process's last heartbeat (None: never seen, or expired)."""
    values = client.mget([key(queue, p) for p in PROCESSES])
    now = time.time()
    return {
        process: None if raw is None else max(now - float(raw), 0.0)
        for process, raw in zip(PROCESSES, values, strict=True)
    }
