"""What operators see of the HTTP processes: a request id, game id and seat on every log
record of a request, one log line per request, the request series, and ``/metrics``.

``/metrics`` is a plain route (not in the OpenAPI spec: it is for Prometheus, not for
players). ``URSUPPE_METRICS=off`` removes it; ``URSUPPE_METRICS_TOKEN`` closes it to
scrapers without ``Authorization: Bearer <that token>``. Besides the recorded series it
reads, at scrape time, the games by status and the age of the worker's and beat's
heartbeats (``api.health``).
"""

from __future__ import annotations

import hmac
import logging
import re
import secrets
import time
from collections.abc import Iterator
from typing import Any

from flask import Flask, Response, g, request
from prometheus_client.core import GaugeMetricFamily

from api import deps, health
from api.problems import ApiProblem
from service.plumbing import log_setup, metrics
from service.plumbing.config import Settings

log = logging.getLogger("ursuppe.request")

#: A request id a client or proxy sends is kept when it looks like one; else a new one.
REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: Probes and scrapes: logged at debug level, they would drown everything else.
ROUTINE = frozenset({"/healthz", "/readyz", "/metrics"})


def install(app: Flask, settings: Settings) -> None:
    """The hooks (first, so that they time what the others do) and ``/metrics``; the
    process's series are made now, before the first request (``metrics.series``)."""
    metrics.series()
    app.before_request(_started)
    app.after_request(_finished)
    app.teardown_request(_unbind)
    if settings.metrics_enabled:
        app.add_url_rule("/metrics", "metrics", _scrape(settings.metrics_token))


def _started() -> None:
    g.observe_started = time.perf_counter()
    sent = request.headers.get("X-Request-Id", "")
    g.request_id = sent if REQUEST_ID.fullmatch(sent) else secrets.token_hex(16)
    args = request.view_args or {}
    g.observe_tokens = log_setup.bind(
        request_id=g.request_id, game_id=args.get("game_id"), seat=args.get("seat")
    )


def _finished(response: Response) -> Response:
    started = g.get("observe_started")
    if started is None:  # an earlier before_request refused the request: not ours to time
        return response
    took = time.perf_counter() - started
    rule = request.url_rule.rule if request.url_rule is not None else "unmatched"
    method = request.method if request.method in METHODS else "other"
    metrics.REQUESTS.labels(rule, method, str(response.status_code)).inc()
    metrics.REQUEST_SECONDS.labels(rule, method).observe(took)
    response.headers["X-Request-Id"] = g.request_id
    log.log(
        logging.DEBUG if rule in ROUTINE else logging.INFO,
        "%s %s %d %.1f ms",
        request.method,
        rule,
        response.status_code,
        took * 1000,
        extra={"route": rule, "status": response.status_code, "duration_ms": took * 1000},
    )
    return response


def _unbind(_exc: BaseException | None) -> None:
    tokens = g.pop("observe_tokens", None)
    if tokens is not None:
        log_setup.unbind(tokens)


def _scrape(token: str) -> Any:
    def scrape() -> Response:
        if token:
            sent = request.headers.get("Authorization", "")
            if not hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()):
                raise ApiProblem(
                    401,
                    "unauthorized",
                    "the metrics need the scrape token",
                    headers={"WWW-Authenticate": "Bearer"},
                )
        body, content_type = metrics.exposition([_ServiceCollector()])
        return Response(body, content_type=content_type)

    return scrape


class _ServiceCollector:
    """Series read from the service at scrape time: games by status, heartbeat ages."""

    def collect(self) -> Iterator[Any]:
        service = deps.service()
        games = GaugeMetricFamily("ursuppe_games", "Games by status", labels=["status"])
        try:
            for status, count in sorted(service.store.count_by_status().items()):
                games.add_metric([status], count)
        except Exception:  # noqa: BLE001 - a scrape reports what it can; readyz says why
            logging.getLogger(__name__).warning("games by status: database unreachable")
        yield games
        ages = GaugeMetricFamily(
            "ursuppe_heartbeat_age_seconds",
            "Seconds since a worker or beat last recorded its heartbeat",
            labels=["process"],
        )
        for process, age in health.heartbeat_ages(service).items():
            if age is not None:
                ages.add_metric([process], age)
        yield ages
