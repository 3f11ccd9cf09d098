"""What operators see of a Celery worker and of beat: ``/metrics`` from a small exporter, the
log context of each task, and beat's heartbeat.

* Worker: its prefork pool's children record into ``PROMETHEUS_MULTIPROC_DIR``, prepared
  in the main process at ``celeryd_init`` (before the pool forks and before any task
  module imports prometheus_client: the task modules import ``service.plumbing.metrics`` only
  when a task runs). The main process serves every child's series, plus the queue depths
  read from the broker at scrape time, on ``URSUPPE_METRICS_PORT``.
* Beat (its own process, or the child of ``worker -B``): counts what it sends and records
  its heartbeat at each send; standalone it serves its own exporter on the same setting
  (give beat and the worker different ports on one host). The embedded beat's series go
  through its worker's exporter.

No exporter when ``URSUPPE_METRICS_PORT`` is unset or 0. ``URSUPPE_METRICS_TOKEN`` closes
it as it closes the web's ``/metrics``.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
import os
import shutil
import threading
from collections.abc import Iterable, Iterator
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from celery import Celery, signals

from workers import heartbeat, metrics_dir

log = logging.getLogger(__name__)

#: Tasks whose first argument is a game id (the log context's ``game_id``).
GAME_TASKS = frozenset(
    {
        "workers.tasks.bot_turn",
        "workers.tasks.bot_fallback",
        "workers.tasks.expire_deadline",
        "workers.tasks.rate_game",
        "workers.tasks.compute_hint",
    }
)
#: kombu's Redis transport keeps a queue's messages of priority p > 0 in ``<queue>\x06\x16p``.
PRIORITY_SEPARATOR = "\x06\x16"
PRIORITY_STEPS = (0, 3, 6, 9)

_state: dict[str, Any] = {"in_worker": False, "created_dir": None, "task_context": {}}


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        return None


def serve(host: str, port: int, token: str, collectors: Iterable[Any]) -> WSGIServer:
    """Serve ``/metrics`` on ``host:port`` from a daemon thread; the server."""
    from service.plumbing import metrics

    extra = list(collectors)
    expected = f"Bearer {token}".encode()

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        if token and not hmac.compare_digest(
            environ.get("HTTP_AUTHORIZATION", "").encode(), expected
        ):
            start_response("401 Unauthorized", [("WWW-Authenticate", "Bearer")])
            return [b"the metrics need the scrape token\n"]
        if environ.get("PATH_INFO") != "/metrics":
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not found: /metrics\n"]
        body, content_type = metrics.exposition(extra)
        start_response("200 OK", [("Content-Type", content_type)])
        return [body]

    server = make_server(host, port, app, handler_class=_Quiet)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
    return server


def _exporter_address() -> tuple[str, int, str] | None:
    port = int(os.environ.get("URSUPPE_METRICS_PORT") or 0)
    if port <= 0:
        return None
    host = os.environ.get("URSUPPE_METRICS_HOST") or "0.0.0.0"
    return host, port, os.environ.get("URSUPPE_METRICS_TOKEN", "")


def _start_exporter(collectors: Iterable[Any], who: str) -> None:
    address = _exporter_address()
    if address is None:
        return
    host, port, token = address
    try:
        serve(host, port, token, collectors)
    except OSError as err:  # a taken port must not stop the worker doing its job
        log.error("%s metrics exporter could not listen on %s:%d (%s)", who, host, port, err)
        return
    log.info("%s metrics on http://%s:%d/metrics", who, host, port)


class QueueDepths:
    """Messages waiting in the worker's two queues, and those taken but not acknowledged
    (ETA messages held by workers, tasks in flight), read from the broker at scrape time."""

    def __init__(self, app: Celery) -> None:
        self.app = app

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import GaugeMetricFamily

        from workers.celery_app import settings_of

        settings = settings_of(self.app)
        depth = GaugeMetricFamily(
            "ursuppe_queue_depth", "Messages waiting in a Celery queue", labels=["queue"]
        )
        unacked = GaugeMetricFamily(
            "ursuppe_queue_unacked",
            "Messages taken by workers and not yet acknowledged (ETA deadlines, running tasks)",
        )
        try:
            with self.app.pool.acquire(block=True, timeout=2) as conn:
                client = conn.default_channel.client
                for queue in (settings.queue, settings.bots_queue):
                    keys = [queue] + [f"{queue}{PRIORITY_SEPARATOR}{p}" for p in PRIORITY_STEPS[1:]]
                    depth.add_metric([queue], sum(client.llen(k) for k in keys))
                unacked.add_metric([], client.hlen("unacked"))
        except Exception:  # noqa: BLE001 - a scrape reports what it can
            log.warning("queue depths: broker unreachable")
        yield depth
        yield unacked


# ------------------------------------------------------------------------------ worker


@signals.celeryd_init.connect
def _worker_starts(**_: Any) -> None:
    """Before the pool forks: the multi-process directory every child inherits."""
    import sys

    _state["in_worker"] = True
    if "prometheus_client" in sys.modules:
        log.error("prometheus_client imported before the worker set up its metrics directory")
    _state["created_dir"] = metrics_dir.prepare()


@signals.worker_ready.connect
def _worker_ready(sender: Any = None, **_: Any) -> None:
    app = getattr(sender, "app", None)
    if app is not None:
        _start_exporter([QueueDepths(app)], "worker")


@signals.worker_process_shutdown.connect
def _child_gone(pid: int | None = None, **_: Any) -> None:
    from prometheus_client import multiprocess

    if os.environ.get(metrics_dir.VARIABLE):
        multiprocess.mark_process_dead(pid or os.getpid())


@signals.worker_shutdown.connect
def _worker_gone(**_: Any) -> None:
    created = _state["created_dir"]
    if created:
        shutil.rmtree(created, ignore_errors=True)


@signals.task_prerun.connect
def _task_context(task_id: str = "", task: Any = None, args: Any = None, **_: Any) -> None:
    from service.plumbing import log_setup

    game = args[0] if args and getattr(task, "name", None) in GAME_TASKS else None
    # The seat too (None): what the service notes during the task is reset with the rest.
    _state["task_context"][task_id] = log_setup.bind(request_id=task_id, game_id=game, seat=None)


@signals.task_postrun.connect
def _task_context_end(task_id: str = "", **_: Any) -> None:
    from service.plumbing import log_setup

    tokens = _state["task_context"].pop(task_id, None)
    if tokens is not None:
        log_setup.unbind(tokens)


@signals.setup_logging.connect
def _logging(loglevel: Any = None, **_: Any) -> None:
    """Celery configures no logging of its own once this is connected: ours, as the web's."""
    from service.plumbing import log_setup

    log_setup.configure(loglevel or "INFO")


# ------------------------------------------------------------------------------ beat


@signals.beat_init.connect
def _beat_starts(sender: Any = None, **_: Any) -> None:
    """Count beat's sends and record its heartbeat at each; an exporter unless it runs
    inside a worker (``-B``: the worker's exporter has its series)."""
    import redis

    from service.plumbing import metrics
    from workers.celery_app import settings_of

    app = sender.app
    settings = settings_of(app)
    client = redis.Redis.from_url(app.conf.broker_url, socket_connect_timeout=2, socket_timeout=2)

    def sent(sender: Any = None, **_: Any) -> None:
        # A beat embedded in a worker (-B) is a forked child whose inherited descriptors
        # Celery closed: prometheus_client's first series there fails closing the parent's
        # files (EBADF) before it opens its own. A metric must never stop a send.
        with contextlib.suppress(OSError):
            metrics.BEAT_SENDS.labels(str(sender)).inc()
        try:
            heartbeat.record(client, settings.queue, "beat")
        except redis.RedisError:
            log.warning("beat heartbeat: broker unreachable")

    signals.before_task_publish.connect(sent, weak=False)
    if not _state["in_worker"]:
        _start_exporter([], "beat")
