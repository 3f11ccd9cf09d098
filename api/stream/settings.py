"""The stream's knobs, read from the environment (``URSUPPE_STREAM_*``)."""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass, field

MAX_OPEN_CEILING = 1000  # the default's upper bound: what one gevent worker serves well


def default_max_open() -> int:
    """Half this process's descriptor limit, at most ``MAX_OPEN_CEILING``: each stream
    holds a socket, and the other half stays for ordinary requests, the database and
    Redis connections and the log files, so a full stream cap never starves the rest."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_OPEN_CEILING
    return max(1, min(MAX_OPEN_CEILING, soft // 2))


@dataclass(frozen=True)
class StreamSettings:
    """``max_per_client``: open streams per client address and process (429 beyond);
    ``max_open``: open streams in the process, whatever the addresses (503 beyond);
    ``idle_timeout``: close a stream that sent nothing but heartbeats this long;
    ``max_duration``: close any stream after this long (clients resume with
    ``Last-Event-ID``, which EventSource does by itself); ``heartbeat``: at most this long
    without a byte (proxies and browsers drop silent connections; the contract says ≤ 15 s);
    ``recheck``: how often the versions of the watched games are compared with the
    database, so that a lost notice delays a client by at most this; ``max_games``: the
    games one stream of many games follows at most (``GET /api/v1/stream``)."""

    max_per_client: int = 32
    max_open: int = field(default_factory=default_max_open)
    idle_timeout: float = 1800.0
    max_duration: float = 4 * 3600.0
    heartbeat: float = 10.0
    recheck: float = 3.0
    max_games: int = 1000
    retry_ms: int = 2000  # the SSE reconnection delay suggested to EventSource clients

    @classmethod
    def from_env(cls) -> StreamSettings:
        env = os.environ.get
        return cls(
            max_per_client=int(env("URSUPPE_STREAM_MAX_PER_CLIENT") or cls.max_per_client),
            max_open=int(env("URSUPPE_STREAM_MAX_OPEN") or default_max_open()),
            idle_timeout=float(env("URSUPPE_STREAM_IDLE_TIMEOUT") or cls.idle_timeout),
            max_duration=float(env("URSUPPE_STREAM_MAX_DURATION") or cls.max_duration),
            heartbeat=min(15.0, float(env("URSUPPE_STREAM_HEARTBEAT") or cls.heartbeat)),
            recheck=float(env("URSUPPE_STREAM_RECHECK") or cls.recheck),
            max_games=int(env("URSUPPE_STREAM_MAX_GAMES") or cls.max_games),
        )
