"""Notices between turns, by email and Web Push: a player's address and choices, and the
browsers subscribed to push (docs/api.md, "Notices by email and push"); what the workers do
with the outbox is ``service.parts.notice_delivery``'s.

The address is the player's alone: shown to its player, never in a log line (the log
filter of ``service.plumbing.redaction`` also rewrites any address that slips into one).
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from service.models import NoticeRow, NoticeSettingsRow, PushSubscriptionRow
from service.parts.base import Part
from service.parts.notice_delivery import NoticeDelivery
from service.plumbing import push_http as push_send
from service.plumbing.errors import Conflict, NotFound, Unprocessable
from service.plumbing.mail import compose
from service.rules import email_address
from service.rules.notice_kinds import (
    CADENCES,
    DEFAULT_KINDS,
    VERIFY,
    NoticeKind,
)
from service.rules.seat_tokens import hash_token
from service.store import notices as store_notices
from service.store import transactions

log = logging.getLogger(__name__)

#: Browsers per player that get push notices.
MAX_SUBSCRIPTIONS = 10
#: How long a verification link works.
VERIFY_TTL = timedelta(days=2)


@dataclass(frozen=True)
class NoticeChoices:
    """A player's address (theirs to see) and choices."""

    email: str | None
    email_verified: bool
    kinds: list[str]
    cadence: str
    lang: str
    unsubscribed: bool
    push_subscriptions: int
    email_available: bool
    push_available: bool
    kinds_available: list[str] = field(default_factory=lambda: [k.value for k in NoticeKind])


@dataclass(eq=False)
class Notices(Part):
    """Email and push notices, a part (``service.parts.base``)."""

    #: The workers' part: ``due`` and ``deliver`` hand over to it.
    delivery: NoticeDelivery

    # -------------------------------------------------------------- the player's choices

    def choices(self, player_id: str) -> NoticeChoices:
        with self.store.sessions() as session:
            row = store_notices.settings_of(session, player_id)
            pushes = store_notices.count_subscriptions(session, player_id)
            return self._view(row, pushes)

    def _view(self, row: NoticeSettingsRow | None, pushes: int) -> NoticeChoices:
        mail = self.settings.mail
        if row is None:
            return NoticeChoices(None, False, sorted(k.value for k in DEFAULT_KINDS), "now", "en",
                                 False, pushes, mail.email_enabled, mail.push_enabled)  # fmt: skip
        return NoticeChoices(
            row.email, row.email_verified_at is not None, list(row.kinds), row.cadence,
            row.lang, row.unsubscribed_at is not None, pushes, mail.email_enabled,
            mail.push_enabled,
        )  # fmt: skip

    def choose(
        self,
        player_id: str,
        kinds: list[str] | None = None,
        cadence: str | None = None,
        lang: str | None = None,
    ) -> NoticeChoices:
        """Set what the player wants (what is not given stays); choosing again after a
        one-click unsubscribe turns email back on."""
        if kinds is not None and any(k not in NoticeKind.__members__.values() for k in kinds):
            raise Unprocessable(
                "validation_error", f"kinds are among {[k.value for k in NoticeKind]}"
            )
        if cadence is not None and cadence not in CADENCES:
            raise Unprocessable("validation_error", f"cadence is one of {list(CADENCES)}")
        if lang is not None and lang not in compose.LANGUAGES:
            raise Unprocessable("validation_error", f"lang is one of {list(compose.LANGUAGES)}")
        with self.store.writing() as session:
            row = self._row(session, player_id)
            if kinds is not None:
                row.kinds = sorted(set(kinds))
            row.cadence = cadence or row.cadence
            row.lang = lang or row.lang
            row.unsubscribed_at = None
            row.updated_at = self.clock()
            session.flush()
            return self._view(row, store_notices.count_subscriptions(session, player_id))

    def _row(self, session: Any, player_id: str) -> NoticeSettingsRow:
        row = store_notices.settings_of(session, player_id, lock=True)
        if row is None:
            row = NoticeSettingsRow(
                player_id=player_id, kinds=sorted(k.value for k in DEFAULT_KINDS), cadence="now",
                lang="en", unsubscribe_key=secrets.token_urlsafe(24), updated_at=self.clock(),
            )  # fmt: skip
            transactions.add(session, row)
        return row

    def set_email(self, player_id: str, address: str, lang: str | None = None) -> NoticeChoices:
        """Give the player ``address`` (unverified) and mail it a verification link; the
        address in use until then, if any, is replaced."""
        if not self.settings.mail.email_enabled:
            raise Conflict("email_unavailable", "this server sends no email (docs/deploy.md)")
        address = email_address.checked(address)
        if lang is not None and lang not in compose.LANGUAGES:
            raise Unprocessable("validation_error", f"lang is one of {list(compose.LANGUAGES)}")
        token = secrets.token_urlsafe(24)
        now = self.clock()
        with self.store.writing() as session:
            row = self._row(session, player_id)
            row.email, row.email_verified_at = address, None
            row.verify_hash, row.verify_expires_at = hash_token(token), now + VERIFY_TTL
            row.lang = lang or row.lang
            row.unsubscribed_at, row.updated_at = None, now
            store_notices.drop_pending(session, player_id, "email", "address changed")
            notice = NoticeRow(
                id="ntc_" + secrets.token_hex(12), player_id=player_id, channel="email",
                kind=VERIFY, payload={"token": token}, status="pending", attempts=0,
                next_attempt_at=now, created_at=now,
            )  # fmt: skip
            transactions.add(session, notice)
            session.flush()
            view = self._view(row, store_notices.count_subscriptions(session, player_id))
        log.info("player %s added an email address; verification %s", player_id, notice.id)
        self.after.notices([notice.id])
        return view

    def remove_email(self, player_id: str) -> None:
        with self.store.writing() as session:
            row = store_notices.settings_of(session, player_id, lock=True)
            if row is None or row.email is None:
                raise NotFound("email_not_found", "no email address")
            row.email = row.email_verified_at = row.verify_hash = row.verify_expires_at = None
            row.updated_at = self.clock()
            store_notices.drop_pending(session, player_id, "email", "address removed")

    def verify(self, token: str) -> None:
        """The link of a verification email was followed: its address is the player's."""
        now = self.clock()
        with self.store.writing() as session:
            row = store_notices.by_verify_hash(session, hash_token(token))
            if row is None or row.verify_expires_at is None or row.verify_expires_at < now:
                raise NotFound("verification_not_found", "this link is unknown or expired")
            row.email_verified_at, row.verify_hash, row.verify_expires_at = now, None, None
            row.updated_at = now
            player = row.player_id
        log.info("player %s verified its email address", player)

    def unsubscribe(self, key: str) -> None:
        """The one-click unsubscribe of an email (RFC 8058): no email at all from now on,
        what waits is dropped. Repeating it is harmless."""
        with self.store.writing() as session:
            row = store_notices.by_unsubscribe_key(session, key)
            if row is None:
                raise NotFound("unsubscribe_not_found", "this unsubscribe link is unknown")
            if row.unsubscribed_at is None:
                row.unsubscribed_at = row.updated_at = self.clock()
            store_notices.drop_pending(session, row.player_id, "email", "unsubscribed")
            player = row.player_id
        log.info("player %s unsubscribed from email", player)

    # ------------------------------------------------------------------ Web Push

    def push_key(self) -> str | None:
        """The VAPID public key browsers subscribe with (None: no push on this server)."""
        return push_send.public_key(self.settings.mail)

    def subscribe(self, player_id: str, endpoint: str, p256dh: str, auth: str) -> str:
        """Keep one browser's push subscription for the player; its id. The same endpoint
        again (the browser subscribed anew) replaces the old one, whoever held it."""
        if not self.settings.mail.push_enabled:
            raise Conflict("push_unavailable", "this server sends no push notices")
        push_send.check_endpoint(endpoint, self.settings.webhooks_allow_private)
        with self.store.writing() as session:
            if store_notices.count_subscriptions(session, player_id) >= MAX_SUBSCRIPTIONS:
                raise Conflict(
                    "too_many_push_subscriptions",
                    f"a player has at most {MAX_SUBSCRIPTIONS} push subscriptions",
                )
            old = store_notices.subscription_by_endpoint(session, endpoint)
            if old is not None:
                store_notices.remove_subscription(session, old.id)
            row = PushSubscriptionRow(
                id="push_" + secrets.token_hex(8), player_id=player_id, endpoint=endpoint,
                p256dh=p256dh, auth=auth, created_at=self.clock(),
            )  # fmt: skip
            transactions.add(session, row)
        log.info("player %s subscribed a browser to push (%s)", player_id, row.id)
        return row.id

    def unsubscribe_push(self, player_id: str, subscription_id: str) -> None:
        with self.store.writing() as session:
            row = store_notices.subscription(session, subscription_id)
            if row is None or row.player_id != player_id:
                raise NotFound("push_subscription_not_found", f"no subscription {subscription_id}")
            store_notices.remove_subscription(session, row.id)

    # ------------------------------------------------------------------ the workers' part

    def due(self, now: datetime | None = None, limit: int = 500) -> list[str]:
        """Ids of pending notices whose attempt is due."""
        return self.delivery.due(now, limit)

    def deliver(self, notice_id: str) -> str:
        """Make the attempt that is due for ``notice_id`` (``NoticeDelivery.deliver``)."""
        return self.delivery.deliver(notice_id)
