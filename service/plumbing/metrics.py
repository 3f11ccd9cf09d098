"""The service's Prometheus series, defined once for every process kind.

Each process records what it does (the web its requests, a worker its bot replies,
deadlines, webhook deliveries, ratings and sweeps, the stream process its streams) and
exposes them at ``/metrics``: ``api.metrics`` for the gunicorn processes, the small exporter
of ``workers.metrics`` for a Celery worker and beat. A process that forks workers (gunicorn,
Celery's prefork pool) runs in prometheus_client's multi-process mode, in the directory named by
``PROMETHEUS_MULTIPROC_DIR`` (set by ``gunicorn.conf.py`` and ``workers.metrics``);
``exposition`` then adds up every process's files.

Import order does not matter: the series are made once a process is set up, not at import,
and the mode is read from the environment then (prometheus_client reads it once, when it is
imported, so ``_make`` asks it again). Whatever imported this module or prometheus_client
earlier, the first series a process records goes where its environment says. An HTTP
process makes them when its app is built (``api.observe.install``), before it serves a
request; ``series`` makes them under a lock all the same, so that threads or greenlets that
ask at once never make a series twice (the registry refuses the second: a 500).

Labels only ever carry bounded values (route templates, bot levels, outcomes, statuses):
never a game id or a token.
"""

from __future__ import annotations

import glob
import os
import threading
from collections.abc import Iterable
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    values,
)
from prometheus_client.multiprocess import MultiProcessCollector

disable_created_metrics()  # the *_created series only double every scrape's size

#: Buckets for work measured in milliseconds to tens of seconds (requests, bot replies).
FAST = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
#: Buckets for lateness: a deadline is handed out by the ETA message or the next sweep.
LATE = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0)

#: The series once made (``series``), by name.
_made: dict[str, Any] = {}
#: Held while they are made. Under gevent, ``threading`` is patched before this module is
#: imported (the gevent worker patches first), so the lock is a greenlet's lock there.
_making = threading.Lock()


def _make() -> dict[str, Any]:
    """Every series, in the mode this process is in now."""
    values.ValueClass = values.get_value_class()  # type: ignore[attr-defined]
    return {
        "REQUESTS": Counter(
            "ursuppe_http_requests_total",
            "HTTP requests answered, by route template, method and status",
            ["route", "method", "status"],
        ),
        "REQUEST_SECONDS": Histogram(
            "ursuppe_http_request_duration_seconds",
            "Time from a request's arrival to its response (a stream: to its first byte)",
            ["route", "method"],
            buckets=FAST,
        ),
        "BOT_REPLY_SECONDS": Histogram(
            "ursuppe_bot_reply_seconds",
            "Time from a bot's decision being offered to the bot's move being committed",
            ["level"],
            buckets=FAST,
        ),
        "DEADLINE_LATENESS_SECONDS": Histogram(
            "ursuppe_deadline_lateness_seconds",
            "Time from a decision's deadline to its timeout policy being applied",
            buckets=LATE,
        ),
        "STREAMS_OPEN": Gauge(
            "ursuppe_streams_open",
            "Live game streams open now",
            multiprocess_mode="livesum",
        ),
        "STREAM_GAMES_FOLLOWED": Gauge(
            "ursuppe_stream_games_followed",
            "Games followed by the open streams now, once per stream (a stream of many games "
            "counts each of its games)",
            multiprocess_mode="livesum",
        ),
        "STREAM_MESSAGES": Counter(
            "ursuppe_stream_messages_total",
            "Messages written to live streams, by type (state, entry, end, heartbeat)",
            ["type"],
        ),
        "WEBHOOK_DELIVERIES": Counter(
            "ursuppe_webhook_deliveries_total",
            "Webhook delivery attempts, by outcome (sent, retry, failed, skipped)",
            ["outcome"],
        ),
        "WEBHOOK_SECONDS": Histogram(
            "ursuppe_webhook_delivery_duration_seconds",
            "Time of one webhook delivery attempt (the HTTP POST), by outcome",
            ["outcome"],
            buckets=FAST,
        ),
        "RATING_RUNS": Counter(
            "ursuppe_rating_runs_total",
            "Rating tasks run, by result (rated, unratable, skipped: rated before or not finished)",
            ["result"],
        ),
        "SWEEP_RUNS": Counter(
            "ursuppe_sweep_runs_total",
            "Periodic sweeps that did the tick's work, by sweep (deadlines, webhooks)",
            ["sweep"],
        ),
        "SWEEP_ITEMS": Counter(
            "ursuppe_sweep_items_total",
            "Items the sweeps handed out (due deadlines, due webhook deliveries), by sweep",
            ["sweep"],
        ),
        "BEAT_SENDS": Counter(
            "ursuppe_beat_sends_total",
            "Periodic tasks beat sent to the broker, by task",
            ["task"],
        ),
    }


def series() -> dict[str, Any]:
    """Every series by name, made now if they were not yet (once: the first caller makes
    them, the others wait for it)."""
    if not _made:
        with _making:
            if not _made:
                _made.update(_make())
    return dict(_made)


def made() -> bool:
    """Whether this process has made its series (and so chosen its mode) already."""
    return bool(_made)


def __getattr__(name: str) -> Any:
    """``metrics.REQUESTS`` and the others: the series of that name (PEP 562)."""
    made = series() if name.isupper() else {}
    if name in made:
        return made[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def multiprocess() -> bool:
    """True when this process records into ``PROMETHEUS_MULTIPROC_DIR`` (forking servers)."""
    return bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


class _ProcessFiles:
    """Every process's files of the multi-process directory, added up, as
    ``MultiProcessCollector`` does, less the files still empty. prometheus_client creates a
    process's file for a kind of series the first time it records one and sizes it a moment
    later; a scrape in that moment (another process's first request, a gunicorn worker's
    start) read the empty file, failed, and took the whole scrape with it (a 500), and a
    process killed in that moment would leave it empty for good. An empty file has nothing
    recorded yet: leaving it out loses nothing."""

    def __init__(self, directory: str) -> None:
        self.directory = directory

    def collect(self) -> Iterable[Any]:
        files = [
            path
            for path in glob.glob(os.path.join(self.directory, "*.db"))
            if os.path.getsize(path) > 0
        ]
        return MultiProcessCollector.merge(files, accumulate=True)


class _Default:
    """The process's own registry as one collector (single-process mode)."""

    def collect(self) -> Iterable[Any]:
        return REGISTRY.collect()


def exposition(extra: Iterable[Any] = ()) -> tuple[bytes, str]:
    """The text format of every series this process kind has (all its processes' files in
    multi-process mode), plus ``extra`` collectors read at scrape time; and its type."""
    series()  # every series is listed, also those this process has not used yet
    registry = CollectorRegistry(auto_describe=False)
    if multiprocess():
        registry.register(_ProcessFiles(os.environ["PROMETHEUS_MULTIPROC_DIR"]))  # type: ignore[arg-type]
    else:
        registry.register(_Default())  # type: ignore[arg-type]
    for collector in extra:
        registry.register(collector)
    return generate_latest(registry), CONTENT_TYPE_LATEST
