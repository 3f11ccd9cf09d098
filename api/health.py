"""Readiness that means something: the database and the broker answer, and the worker and
beat have been seen lately (``workers.heartbeat``).

Only the first two decide the status: a web process cannot fix a missing worker, so
restarting it would not help; the heartbeats are reported (and exported as
``ursuppe_heartbeat_age_seconds``) for the orchestrator or an alert to act on the worker.
"""

from __future__ import annotations

import logging
from typing import Any

import redis

from service.game_service import GameService
from workers import heartbeat

log = logging.getLogger(__name__)

#: Seconds a probe waits for the broker: a probe must answer well inside its own timeout.
BROKER_TIMEOUT = 1.0


def _broker(service: GameService) -> tuple[str | None, str | None]:
    """The broker URL and live queue the service schedules onto (None: no broker used)."""
    broker = service.scheduler.broker()
    return (None, None) if broker is None else broker


def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(
        url, socket_connect_timeout=BROKER_TIMEOUT, socket_timeout=BROKER_TIMEOUT
    )


def heartbeat_ages(service: GameService) -> dict[str, float | None]:
    """Seconds since the worker's and beat's heartbeats; empty without a broker or when it
    cannot be reached."""
    url, queue = _broker(service)
    if url is None or queue is None:
        return {}
    try:
        with _client(url) as client:
            return heartbeat.ages(client, queue)
    except redis.RedisError:
        return {}


def readiness(service: GameService) -> tuple[bool, dict[str, Any]]:
    """(ready, report): ready when the database and the broker (if one is used) answer."""
    report: dict[str, Any] = {}
    try:
        service.games.ping()
        report["database"] = "ok"
    except Exception as err:  # noqa: BLE001 - any failure means not ready
        log.warning("readiness: database unreachable (%s)", type(err).__name__)
        report["database"] = "unreachable"
    url, queue = _broker(service)
    if url is None:
        report["broker"] = "not used"
    else:
        try:
            with _client(url) as client:
                client.ping()
                ages = heartbeat.ages(client, queue) if queue else {}
            report["broker"] = "ok"
        except redis.RedisError as err:
            log.warning("readiness: broker unreachable (%s)", type(err).__name__)
            report["broker"], ages = "unreachable", {}
        stale = service.settings.heartbeat_stale
        for process in heartbeat.PROCESSES:
            age = ages.get(process)
            report[process] = {
                "seen_seconds_ago": None if age is None else round(age, 1),
                "recent": age is not None and age <= stale,
            }
    ready = report["database"] == "ok" and report["broker"] in ("ok", "not used")
    return ready, report
