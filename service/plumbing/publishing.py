"""How the service tells live streams that a game changed.

After every commit that appends log entries or changes a game's public state, the service
publishes a small notice ``{"game_id", "seq"}``. The notice is only a wake-up: the action
log in the database stays the truth, and a stream that is woken reads the log after the
last entry it sent. So a lost notice (Redis restarted, a publish that failed) only delays
a client until the stream's periodic re-check; it never costs an entry.

One channel for all games: each stream process holds ONE subscription and filters by
game id in memory, instead of subscribing and unsubscribing per game as streams come and
go (a notice is ~40 bytes; every process receiving every game's notices is cheap next to
the database reads a notice triggers).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import orjson
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from service.plumbing.outages import log_failure

if TYPE_CHECKING:
    from service.plumbing.config import Settings

log = logging.getLogger(__name__)

CHANNEL = "ursuppe:game-notices"


@runtime_checkable
class Publisher(Protocol):
    """Announce a committed change of a game; must never raise into the caller."""

    def game_changed(self, game_id: str, seq: int) -> None: ...


class NullPublisher:
    """No carrier configured: streams still see every change at their periodic re-check."""

    def game_changed(self, game_id: str, seq: int) -> None:
        return None


class RedisPublisher:
    """``PUBLISH`` on Redis; short timeouts, because this runs in the request that made
    the change, after its commit, and a slow Redis must not slow every move down."""

    def __init__(self, redis_url: str, channel: str = CHANNEL) -> None:
        self.channel = channel
        # One retry: the first attempt after a Redis restart fails on the dead pooled
        # connection, the retry reconnects. More would hold the request while Redis is down.
        self._redis = redis.Redis.from_url(
            redis_url, socket_timeout=0.5, socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 1)
        )

    def game_changed(self, game_id: str, seq: int) -> None:
        try:
            self._redis.publish(self.channel, encode_notice(game_id, seq))
        except Exception as err:  # noqa: BLE001 - a lost notice only delays the streams
            log_failure(log, err, "could not publish the notice for %s@%s", game_id, seq)


@dataclass
class RecordingPublisher:
    """Records notices in order, for tests (thread-safe)."""

    notices: list[tuple[str, int]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def game_changed(self, game_id: str, seq: int) -> None:
        with self._lock:
            self.notices.append((game_id, seq))


def encode_notice(game_id: str, seq: int) -> bytes:
    return orjson.dumps({"game_id": game_id, "seq": seq})


def decode_notice(data: bytes | str) -> tuple[str, int] | None:
    """``(game_id, seq)``, or None for a message that is not a notice."""
    try:
        notice = orjson.loads(data)
        return str(notice["game_id"]), int(notice["seq"])
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        return None


def build_publisher(settings: Settings) -> Publisher:
    """Redis when ``REDIS_URL`` is configured (production, and the embedded runner, which
    starts its own Redis), else the null publisher. The one wiring point."""
    if settings.redis_url:
        return RedisPublisher(settings.redis_url)
    return NullPublisher()
