"""Worker settings, read from the environment once per process.

Every process that talks to the workers (the web app scheduling tasks, the worker, beat)
derives the same broker from the same variable, ``REDIS_URL`` (broker *and* result
backend), so they always meet on one queue. Production sets it; ``make run`` starts its own
Redis server and sets it for every child (see docs/workers.md); unset, it is Celery's usual
local default.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The broker when ``REDIS_URL`` is unset: a Redis server on this machine's default port.
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    return float(raw) if raw else default


@dataclass(frozen=True)
class WorkerSettings:
    """Everything the Celery app and the scheduler need, immutable once read."""

    broker_url: str
    result_backend: str
    #: The live queue: deadlines, sweeps and bot turns in games where a human sits.
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
    #: A finished game still unrated this long after it finished gets its rating task
    #: sent again by the sweep (its first message may be lost; a duplicate is harmless).
    rating_grace: float = 30.0
    #: Fair share (workers/fairshare.py): games of one owner in bot play at once, bot-only
    #: games and games with a search bot; a slot whose run is lost expires after
    #: ``bot_lease`` seconds.
    owner_bot_games: int = 4
    owner_search_games: int = 1
    bot_lease: float = 300.0

    @property
    def bots_queue(self) -> str:
        """Bot turns of bot-only games (tournaments): consumed after the live queue."""
        return f"{self.queue}.bots"

    @property
    def reviews_queue(self) -> str:
        """Game reviews (``workers.tasks.review_game``): consumed only by workers started
        for it (``-Q <queue>.reviews``), never by the workers of games in play."""
        return f"{self.queue}.reviews"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> WorkerSettings:
        """Read the settings; unset variables give the defaults."""
        env = os.environ if env is None else env
        broker_url = env.get("REDIS_URL", "").strip() or DEFAULT_REDIS_URL
        backend = env.get("URSUPPE_RESULT_BACKEND", "").strip() or broker_url
        soft = _float(env, "URSUPPE_BOT_SOFT_TIME_LIMIT", 20.0)
        hard = max(_float(env, "URSUPPE_BOT_TIME_LIMIT", 30.0), soft + 1.0)
        # Redis redelivers any message left unacknowledged for ``visibility`` seconds, and a
        # worker holds an ETA message unacknowledged until it fires: keep ETAs well inside it.
        visibility = max(_float(env, "URSUPPE_VISIBILITY_TIMEOUT", 3600.0), 1.0)
        horizon = min(_float(env, "URSUPPE_ETA_HORIZON", 60.0), visibility / 2)
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
            rating_grace=max(_float(env, "URSUPPE_RATING_GRACE", 30.0), 0.0),
            owner_bot_games=max(int(_float(env, "URSUPPE_OWNER_BOT_GAMES", 4)), 1),
            owner_search_games=max(int(_float(env, "URSUPPE_OWNER_SEARCH_GAMES", 1)), 1),
            bot_lease=max(_float(env, "URSUPPE_BOT_LEASE", 300.0), 1.0),
        )


def settings_of(app: Any) -> WorkerSettings:
    """The settings a Celery app was built with (``workers.celery_app.make_celery`` keeps
    them on it), else those of the environment."""
    return getattr(app, "ursuppe_settings", None) or WorkerSettings.from_env()
