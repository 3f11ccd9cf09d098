"""The service's Prometheus series, defined once for every process kind.

Each process records what it does (the web its requests, a worker its bot replies,
deadlines, webhook deliveries, ratings and sweeps, the stream process its streams) and
exposes them at ``/metrics``: ``api.metrics`` for the gunicorn processes, the small exporter
of ``workers.metrics`` for a Celery worker and beat. A process that forks workers (gunicorn,
Celery's prefork pool) runs in prometheus_client's multi-process mode: the directory named by
``PROMETHEUS_MULTIPROC_DIR`` must be set before this module is imported (``gunicorn.conf.py``,
``workers.metrics.prepare``); ``exposition`` then adds up every process's files.

Labels only ever carry bounded values (route templates, bot levels, outcomes, statuses):
never a game id or a token.
"""

from __future__ import annotations

import os
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
)
from prometheus_client.multiprocess import MultiProcessCollector

disable_created_metrics()  # the *_created series only double every scrape's size

#: Buckets for work measured in milliseconds to tens of seconds (requests, bot replies).
FAST = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
#: Buckets for lateness: a deadline is handed out by the ETA message or the next sweep.
LATE = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0)

REQUESTS = Counter(
    "ursuppe_http_requests_total",
    "HTTP requests answered, by route template, method and status",
    ["route", "method", "status"],
)
REQUEST_SECONDS = Histogram(
    "ursuppe_http_request_duration_seconds",
    "Time from a request's arrival to its response (a stream: to its first byte)",
    ["route", "method"],
    buckets=FAST,
)
BOT_REPLY_SECONDS = Histogram(
    "ursuppe_bot_reply_seconds",
    "Time from a bot's decision being offered to the bot's move being committed",
    ["level"],
    buckets=FAST,
)
DEADLINE_LATENESS_SECONDS = Histogram(
    "ursuppe_deadline_lateness_seconds",
    "Time from a decision's deadline to its timeout policy being applied",
    buckets=LATE,
)
STREAMS_OPEN = Gauge(
    "ursuppe_streams_open",
    "Live game streams open now",
    multiprocess_mode="livesum",
)
STREAM_GAMES_FOLLOWED = Gauge(
    "ursuppe_stream_games_followed",
    "Games followed by the open streams now, once per stream (a stream of many games "
    "counts each of its games)",
    multiprocess_mode="livesum",
)
STREAM_MESSAGES = Counter(
    "ursuppe_stream_messages_total",
    "Messages written to live streams, by type (state, entry, end, heartbeat)",
    ["type"],
)
WEBHOOK_DELIVERIES = Counter(
    "ursuppe_webhook_deliveries_total",
    "Webhook delivery attempts, by outcome (sent, retry, failed, skipped)",
    ["outcome"],
)
WEBHOOK_SECONDS = Histogram(
    "ursuppe_webhook_delivery_duration_seconds",
    "Time of one webhook delivery attempt (the HTTP POST), by outcome",
    ["outcome"],
    buckets=FAST,
)
RATING_RUNS = Counter(
    "ursuppe_rating_runs_total",
    "Rating tasks run, by result (rated, unratable, skipped: rated before or not finished)",
    ["result"],
)
SWEEP_RUNS = Counter(
    "ursuppe_sweep_runs_total",
    "Periodic sweeps that did the tick's work, by sweep (deadlines, webhooks)",
    ["sweep"],
)
SWEEP_ITEMS = Counter(
    "ursuppe_sweep_items_total",
    "Items the sweeps handed out (due deadlines, due webhook deliveries), by sweep",
    ["sweep"],
)
BEAT_SENDS = Counter(
    "ursuppe_beat_sends_total",
    "Periodic tasks beat sent to the broker, by task",
    ["task"],
)


def multiprocess() -> bool:
    """True when this process records into ``PROMETHEUS_MULTIPROC_DIR`` (forking servers)."""
    return bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


class _Default:
    """The process's own registry as one collector (single-process mode)."""

    def collect(self) -> Iterable[Any]:
        return REGISTRY.collect()


def exposition(extra: Iterable[Any] = ()) -> tuple[bytes, str]:
    """The text format of every series this process kind has (all its processes' files in
    multi-process mode), plus ``extra`` collectors read at scrape time; and its type."""
    registry = CollectorRegistry(auto_describe=False)
    if multiprocess():
        MultiProcessCollector(registry)
    else:
        registry.register(_Default())  # type: ignore[arg-type]
    for collector in extra:
        registry.register(collector)
    return generate_latest(registry), CONTENT_TYPE_LATEST
