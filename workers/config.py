"""Worker settings, read from the environment once per process.

Every process that talks to the workers (the web app scheduling tasks, the worker, beat)
derives the same broker from the same variables, so they always meet on one queue:

* ``URSUPPE_BROKER_URL`` wins when set (tests and the embedded runner use it);
* else ``REDIS_URL`` (production: broker *and* result backend);
* else the embedded default, kombu's ``filesystem://`` transport under ``var/broker`` —
  a broker that needs no server, matching the API's SQLite default.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

#: Where embedded mode keeps its broker files, beat schedule and SQLite database.
DEFAULT_VAR_DIR = Path(__file__).resolve().parent.parent / "var"


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    return float(raw) if raw else default


@dataclass(frozen=True)
class WorkerSettings:
    """Everything the Celery app and the scheduler need, immutable once read."""

    broker_url: str
    result_backend: str | None
    queue: str
    #: How often beat sweeps the database for deadlines that are due (seconds).
    sweep_interval: float
    #: How many due deadlines one sweep hands out at most.
    sweep_limit: int
    #: Soft limit: the bot task gets ``SoftTimeLimitExceeded`` and falls back to RandomBot.
    bot_soft_time_limit: float
    #: Hard limit: the pool kills the child; ``on_failure`` enqueues the fallback move.
    bot_time_limit: float
    #: Deadlines further away than this get no ETA message, only the sweep (see docs).
    eta_horizon: float
    #: Redis redelivers an unacknowledged message after this many seconds.
    visibility_timeout: float
    #: Directory for the filesystem broker (embedded mode only).
    broker_dir: Path

    @property
    def is_filesystem_broker(self) -> bool:
        """True in embedded mode: no server, no fanout, no result backend."""
        return self.broker_url.startswith("filesystem://")

    @property
    def is_redis_broker(self) -> bool:
        return self.broker_url.startswith(("redis://", "rediss://", "unix://"))

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> WorkerSettings:
        """Read the settings; unset variables give the embedded defaults."""
        env = os.environ if env is None else env
        redis_url = env.get("REDIS_URL", "").strip() or None
        broker_url = env.get("URSUPPE_BROKER_URL", "").strip() or redis_url or "filesystem://"
        backend = env.get("URSUPPE_RESULT_BACKEND", "").strip() or None
        if backend is None and broker_url.startswith(("redis://", "rediss://")):
            backend = broker_url
        var_dir = Path(env.get("URSUPPE_VAR_DIR", "").strip() or DEFAULT_VAR_DIR)
        broker_dir = Path(env.get("URSUPPE_BROKER_DIR", "").strip() or var_dir / "broker")
        soft = _float(env, "URSUPPE_BOT_SOFT_TIME_LIMIT", 20.0)
        hard = max(_float(env, "URSUPPE_BOT_TIME_LIMIT", 30.0), soft + 1.0)
        # Redis redelivers any message left unacknowledged for ``visibility`` seconds, and a
        # worker holds an ETA message unacknowledged until it fires: keep ETAs well inside it.
        visibility = max(_float(env, "URSUPPE_VISIBILITY_TIMEOUT", 3600.0), 1.0)
        horizon = min(_float(env, "URSUPPE_ETA_HORIZON", 600.0), visibility / 2)
        return cls(
            broker_url=broker_url,
            result_backend=backend,
            queue=env.get("URSUPPE_QUEUE", "").strip() or "ursuppe",
            sweep_interval=max(_float(env, "URSUPPE_SWEEP_INTERVAL", 5.0), 0.2),
            sweep_limit=int(_float(env, "URSUPPE_SWEEP_LIMIT", 500)),
            bot_soft_time_limit=soft,
            bot_time_limit=hard,
            eta_horizon=horizon,
            visibility_timeout=visibility,
            broker_dir=broker_dir,
        )
