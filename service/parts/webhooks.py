"""Webhooks: a player's endpoints, the outbox of deliveries and what the workers do with it.

Why an outbox: a delivery row is written in the same transaction as the game change it
announces (``service.store.outbox``, called by the store's write path), so a change that commits always
has its deliveries, even when Redis or every worker is down at that moment; one that rolls
back has none. After the commit the service hands the new ids to the scheduler as a hint;
the periodic sweep (``due``) re-enqueues whatever is due, so a lost hint only delays.

Sending is at least once: an attempt first claims the row (a conditional update that also
sets a lease), then posts, then records the outcome. A worker dying mid-attempt leaves the
lease to expire and the sweep sends again, with the same ``webhook-id``, so receivers
deduplicate on it (Standard Webhooks).
"""

from __future__ import annotations

import base64
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
from sqlalchemy.orm import Session

from service.models import WebhookDeliveryRow, WebhookEndpointRow
from service.parts.base import Part
from service.plumbing import metrics, outbound_http, webhook_http
from service.plumbing.errors import Conflict, NotFound, Unprocessable
from service.rules.new_game import label_key
from service.store import transactions
from service.store import webhooks as queries

log = logging.getLogger(__name__)

EVENTS = (
    "game.started",
    "game.your_turn",
    "game.finished",
    "game.aborted",
    # A tournament's organiser and entrants (docs/tournaments.md, "Webhooks").
    "tournament.round_started",
    "tournament.round_finished",
    "tournament.finished",
)
DISABLED_EVENT = "endpoint.disabled"
#: How long an attempt in flight holds its delivery before the sweep may try again.
LEASE = timedelta(seconds=120)
MAX_URL = 2048
#: Endpoints per player: each one multiplies the deliveries of every event it receives.
MAX_ENDPOINTS = 10

Delivery = WebhookDeliveryRow
Endpoint = WebhookEndpointRow


@dataclass(frozen=True)
class EndpointView:
    id: str
    url: str
    events: list[str]
    label: str | None
    enabled: bool
    failed_run: int
    disabled_at: datetime | None
    created_at: datetime

    @classmethod
    def of(cls, row: Endpoint) -> EndpointView:
        return cls(
            row.id, row.url, list(row.events), row.label, row.enabled, row.failed_run,
            row.disabled_at, row.created_at,
        )  # fmt: skip


@dataclass(frozen=True)
class CreatedEndpoint:
    endpoint: EndpointView
    secret: str


@dataclass(frozen=True)
class DeliveryView:
    id: str
    event: str
    game_id: str | None
    status: str
    attempts: int
    last_status_code: int | None
    last_error: str | None
    last_attempt_at: datetime | None
    next_attempt_at: datetime | None
    created_at: datetime
    delivered_at: datetime | None
    payload: dict[str, Any]

    @classmethod
    def of(cls, row: Delivery) -> DeliveryView:
        return cls(
            row.id, row.event, row.game_id, row.status, row.attempts, row.last_status_code,
            row.last_error, row.last_attempt_at, row.next_attempt_at, row.created_at,
            row.delivered_at, row.payload,
        )  # fmt: skip


def new_secret() -> str:
    """``whsec_`` and 32 random bytes in base64, the Standard Webhooks secret format."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


def _now() -> datetime:
    return datetime.now(UTC)


# ---------------------------------------------------------------------- endpoints and the log


@dataclass(eq=False)
class Webhooks(Part):
    """Registration, the delivery log and delivery, a part (``service.parts.base``)."""

    def create(
        self, player_id: str, url: str, events: list[str], label: str | None = None
    ) -> CreatedEndpoint:
        """Register an endpoint; its secret is returned here only. A player has at most
        ``MAX_ENDPOINTS`` (409 ``too_many_webhooks``: delete one first)."""
        if not events or any(e not in EVENTS for e in events):
            raise Unprocessable("validation_error", f"events are among {list(EVENTS)}")
        label = None if label is None else label_key(label)
        if len(url) > MAX_URL:
            raise Unprocessable("invalid_webhook_url", f"a webhook URL is at most {MAX_URL} long")
        outbound_http.check_target(url, self.settings.webhooks_allow_private)
        secret = new_secret()
        row = Endpoint(
            id="we_" + secrets.token_hex(8),
            player_id=player_id,
            url=url,
            events=sorted(set(events)),
            label=label,
            secret=secret,
            enabled=True,
            failed_run=0,
            created_at=_now(),
        )
        with self.store.writing() as session:
            if queries.count_endpoints_locked(session, player_id) >= MAX_ENDPOINTS:
                raise Conflict(
                    "too_many_webhooks",
                    f"a player has at most {MAX_ENDPOINTS} webhook endpoints: delete one first",
                )
            transactions.add(session, row)
        log.info("player %s registered webhook %s", player_id, row.id)
        return CreatedEndpoint(EndpointView.of(row), secret)

    def endpoints(self, player_id: str) -> list[EndpointView]:
        with self.store.sessions() as session:
            return [EndpointView.of(r) for r in queries.endpoints(session, player_id)]

    def endpoint(self, player_id: str, endpoint_id: str) -> EndpointView:
        with self.store.sessions() as session:
            return EndpointView.of(_own(session, player_id, endpoint_id))

    def delete(self, player_id: str, endpoint_id: str) -> None:
        """Remove the endpoint with its log; pending deliveries are dropped."""
        with self.store.writing() as session:
            row = _own(session, player_id, endpoint_id)
            queries.drop_deliveries(session, row.id)
            transactions.remove(session, row)

    def deliveries(
        self,
        player_id: str,
        endpoint_id: str,
        *,
        status: str | None = None,
        page: int = 1,
        page_size: int = 20,
    ) -> tuple[list[DeliveryView], int]:
        """The endpoint's log, newest first, and how many entries match."""
        with self.store.sessions() as session:
            _own(session, player_id, endpoint_id)
            rows, total = queries.deliveries(session, endpoint_id, status, page, page_size)
            return [DeliveryView.of(r) for r in rows], total

    def redeliver(self, player_id: str, endpoint_id: str, delivery_id: str) -> DeliveryView:
        """Send a delivery again now, with its id: one more attempt beyond its schedule.
        Re-enables the endpoint if it was disabled (the player says it works again)."""
        view = self._redeliver(player_id, endpoint_id, delivery_id)
        self.after.webhooks([view.id])
        return view

    def _redeliver(self, player_id: str, endpoint_id: str, delivery_id: str) -> DeliveryView:
        with self.store.writing() as session:
            endpoint = _own(session, player_id, endpoint_id)
            row = queries.delivery(session, delivery_id)
            if row is None or row.endpoint_id != endpoint.id or row.status == "logged":
                raise NotFound("delivery_not_found", f"no delivery {delivery_id} here")
            row.status = "pending"
            row.next_attempt_at = _now()
            row.max_attempts = max(self._max_attempts(row), row.attempts + 1)
            if not endpoint.enabled:
                endpoint.enabled, endpoint.disabled_at, endpoint.failed_run = True, None, 0
                log.info("webhook %s re-enabled by a redelivery", endpoint.id)
            session.flush()
            return DeliveryView.of(row)

    # ------------------------------------------------------------------ what the workers do

    def due(self, now: datetime | None = None, limit: int = 500) -> list[str]:
        """Ids of pending deliveries of enabled endpoints whose attempt is due."""
        with self.store.sessions() as session:
            return queries.due(session, now or _now(), limit)

    def deliver(self, delivery_id: str) -> str:
        """Make the attempt that is due for ``delivery_id``: "sent", "retry" (failed, the
        next is scheduled), "failed" (for good) or "skipped" (not due, taken by another
        worker, endpoint disabled or gone). Safe to call any number of times."""
        claimed = self._claim(delivery_id)
        if claimed is None:
            metrics.WEBHOOK_DELIVERIES.labels("skipped").inc()
            return "skipped"
        url, secret, body = claimed
        started = time.perf_counter()
        attempt = webhook_http.send(
            url,
            secret,
            delivery_id,
            body,
            timeout=self.settings.webhook_timeout,
            allow_private=self.settings.webhooks_allow_private,
        )
        took = time.perf_counter() - started
        outcome = self._outcome(delivery_id, attempt)
        metrics.WEBHOOK_DELIVERIES.labels(outcome).inc()
        metrics.WEBHOOK_SECONDS.labels(outcome).observe(took)
        return outcome

    def _claim(self, delivery_id: str) -> tuple[str, str, bytes] | None:
        """Take the attempt: the update is conditional on the attempts read, so of two
        workers one wins; the lease keeps the sweep off it while it is in flight."""
        now = _now()
        with self.store.writing() as session:
            row = queries.delivery(session, delivery_id)
            if row is None or row.status != "pending" or row.next_attempt_at is None:
                return None
            endpoint = queries.endpoint(session, row.endpoint_id)
            if row.next_attempt_at > now or endpoint is None or not endpoint.enabled:
                return None
            if not queries.claim(session, delivery_id, row.attempts, now, now + LEASE):
                return None
            return endpoint.url, endpoint.secret, orjson.dumps(row.payload)

    def _outcome(self, delivery_id: str, attempt: webhook_http.Attempt) -> str:
        now = _now()
        schedule = self.settings.webhook_retry_schedule or (60.0,)
        with self.store.writing() as session:
            row = queries.delivery(session, delivery_id)
            if row is None:  # the endpoint was deleted meanwhile
                return "sent" if attempt.ok else "failed"
            row.last_status_code, row.last_error = attempt.status_code, attempt.error
            if attempt.ok:
                row.status, row.delivered_at, row.next_attempt_at = "succeeded", now, None
                queries.reset_failed_run(session, row.endpoint_id)
                return "sent"
            if row.attempts < self._max_attempts(row):
                delay = schedule[min(row.attempts - 1, len(schedule) - 1)]
                row.next_attempt_at = now + timedelta(seconds=delay)
                return "retry"
            row.status, row.next_attempt_at = "failed", None
            self._count_failure(session, row.endpoint_id, now)
            log.warning("webhook delivery %s failed for good: %s", delivery_id, attempt.error)
            return "failed"

    def _max_attempts(self, row: Delivery) -> int:
        return row.max_attempts or len(self.settings.webhook_retry_schedule) + 1

    def _count_failure(self, session: Session, endpoint_id: str, now: datetime) -> None:
        """One more delivery failed for good; at the configured run, disable the endpoint
        and say so in its log (once: the disabling update is conditional)."""
        run = queries.count_failure(session, endpoint_id)
        if run is None or run < self.settings.webhook_disable_after:
            return
        if not queries.disable(session, endpoint_id, now):
            return
        transactions.add(
            session,
            Delivery(
                id="msg_" + secrets.token_hex(12),
                endpoint_id=endpoint_id,
                event=DISABLED_EVENT,
                game_id=None,
                payload={
                    "type": DISABLED_EVENT,
                    "timestamp": now.isoformat(),
                    "data": {"endpoint_id": endpoint_id, "failed_deliveries": run},
                },
                status="logged",
                attempts=0,
                max_attempts=0,  # never sent
                created_at=now,
            ),
        )
        log.warning("webhook %s disabled after %d failed deliveries in a row", endpoint_id, run)


def _own(session: Session, player_id: str, endpoint_id: str) -> Endpoint:
    """The player's endpoint; another player's is "not found" (its existence is not told)."""
    row = queries.endpoint(session, endpoint_id)
    if row is None or row.player_id != player_id:
        raise NotFound("webhook_not_found", f"no webhook {endpoint_id}")
    return row
