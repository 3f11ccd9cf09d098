"""Notices between turns, by email and Web Push: a player's address and choices, and what
the workers do with the outbox (docs/api.md, "Notices by email and push").

The rows are written in the transaction of the change they announce (``service.store.outbox``);
after the commit their ids go to the scheduler as a hint, and the sweep (``due``) sends
whatever a lost hint left behind. Sending is at least once, like webhooks: an attempt
claims its rows with a lease (``store_notices.claim``), sends, then records the outcome.

Before anything is sent it is checked again: a turn already played is dropped, so is every
email of a player who unsubscribed meanwhile or no longer wants that kind. A digest player
gets one email per digest period with everything due. Every email then passes one gate
(``Notices._admit``): only a public address is mailed, and every player, and every
recipient address whichever players name it, gets at most ``MailSettings.per_hour`` emails
in any hour (the rest wait, nothing is lost). A notice that can never be sent (a 5xx, or a
message the mail library refuses) fails at its first attempt, with one log line.

The address is the player's alone: shown to its player, never in a log line (the log
filter of ``service.plumbing.redaction`` also rewrites any address that slips into one).
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.message import EmailMessage
from typing import Any

import orjson

from service.models import NoticeRow, NoticeSettingsRow, PushSubscriptionRow
from service.parts.base import Part
from service.plumbing import push_http as push_send
from service.plumbing.errors import Conflict, NotFound, Unprocessable
from service.plumbing.mail import compose
from service.plumbing.mail.send import MailError
from service.plumbing.mail.send import send as send_mail
from service.rules import email_address
from service.rules.notice_kinds import (
    ALWAYS,
    CADENCES,
    DEFAULT_KINDS,
    VERIFY,
    NoticeKind,
    next_digest,
    rate_limited,
)
from service.rules.seat_tokens import hash_token
from service.store import notices as store_notices

log = logging.getLogger(__name__)

#: How long an attempt in flight holds its notices before the sweep may try again.
LEASE = timedelta(seconds=120)
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


@dataclass
class _Outgoing:
    """What one attempt sends: the rows it claimed and the message."""

    ids: list[str]
    channel: str
    message: EmailMessage | None = None
    push: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    body: dict[str, Any] = field(default_factory=dict)


class _Lost(Exception):
    """Another worker claimed the rows first."""


@dataclass(eq=False)
class Notices(Part):
    """Email and push notices, a part (``service.parts.base``)."""

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
            session.add(row)
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
            session.add(notice)
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
            session.add(row)
        log.info("player %s subscribed a browser to push (%s)", player_id, row.id)
        return row.id

    def unsubscribe_push(self, player_id: str, subscription_id: str) -> None:
        with self.store.writing() as session:
            row = session.get(PushSubscriptionRow, subscription_id)
            if row is None or row.player_id != player_id:
                raise NotFound("push_subscription_not_found", f"no subscription {subscription_id}")
            store_notices.remove_subscription(session, row.id)

    # ------------------------------------------------------------------ the workers' part

    def due(self, now: datetime | None = None, limit: int = 500) -> list[str]:
        """Ids of pending notices whose attempt is due."""
        with self.store.sessions() as session:
            return store_notices.due(session, now or self.clock(), limit)

    def deliver(self, notice_id: str) -> str:
        """Make the attempt that is due for ``notice_id``: "sent", "retry", "failed",
        "dropped" (no longer true, or no longer wanted), "deferred" (waits for its digest
        or the rate limit) or "skipped" (not due, or taken by another worker). Safe to
        call any number of times."""
        try:
            outgoing = self._claim(notice_id)
        except _Lost:
            return "skipped"
        if isinstance(outgoing, str):
            return outgoing
        if outgoing.channel == "push":
            return self._push(outgoing)
        error: MailError | None = None
        try:
            send_mail(outgoing.message, self.settings.mail)  # type: ignore[arg-type]
        except MailError as err:
            error = err
        except Exception as err:  # noqa: BLE001 - unforeseen: retried on the schedule, then failed
            log.exception("notice %s: sending raised", ",".join(outgoing.ids))
            error = MailError(f"{type(err).__name__}: {err}", temporary=True)
        return self._outcome(outgoing, error)

    def _claim(self, notice_id: str) -> _Outgoing | str:
        now = self.clock()
        with self.store.writing() as session:
            row = session.get(NoticeRow, notice_id)
            if row is None or row.status != "pending" or row.next_attempt_at is None:
                return "skipped"
            if row.next_attempt_at > now:
                return "skipped"
            if row.channel == "push":
                return self._claim_push(session, row, now)
            return self._claim_email(session, row, now)

    def _claim_push(self, session: Any, row: NoticeRow, now: datetime) -> _Outgoing | str:
        if not self.settings.mail.push_enabled:
            return _drop([row], "push not configured")
        if row.kind == NoticeKind.YOUR_TURN and not store_notices.turn_pending(
            session, row.game_id, row.seq
        ):
            return _drop([row], "turn played")
        prefs = store_notices.settings_of(session, row.player_id)
        if prefs is not None and row.kind not in prefs.kinds and row.kind not in ALWAYS:
            return _drop([row], "not wanted")
        subscriptions = store_notices.subscriptions(session, row.player_id)
        if not subscriptions:
            return _drop([row], "no subscription")
        if not store_notices.claim(session, [row.id], now, now + LEASE):
            raise _Lost
        lang = prefs.lang if prefs is not None else "en"
        try:
            lines = compose.describe(
                compose.Item(row.kind, row.game_id, dict(row.payload)), lang, ""
            )
        except Exception as err:  # noqa: BLE001 - describing is pure: it would fail every time
            return _fail([row], f"{type(err).__name__}: {err}")
        body = {
            "title": lines.subject, "body": lines.line, "url": lines.link or "/account",
            "tag": f"{row.kind}-{row.game_id or row.id}", "kind": row.kind,
            "game_id": row.game_id, "seq": row.seq,
        }  # fmt: skip
        targets = [(s.id, {"endpoint": s.endpoint, "p256dh": s.p256dh, "auth": s.auth})
                   for s in subscriptions]  # fmt: skip
        return _Outgoing([row.id], "push", push=targets, body=body)

    def _push(self, outgoing: _Outgoing) -> str:
        """Send to every browser of the player; a subscription the push service says is
        gone (404/410) is removed. Sent when one browser took it; retried when none did
        and one may yet."""
        data = orjson.dumps(outgoing.body)
        taken, transient, errors = 0, 0, []
        for subscription_id, sub in outgoing.push:
            attempt = push_send.send(
                sub["endpoint"], sub["p256dh"], sub["auth"], data, self.settings.mail,
                allow_private=self.settings.webhooks_allow_private,
            )  # fmt: skip
            if attempt.ok:
                taken += 1
                continue
            errors.append(attempt.error or "failed")
            if attempt.gone:
                with self.store.writing() as session:
                    store_notices.remove_subscription(session, subscription_id)
                log.info("push subscription %s is gone; removed", subscription_id)
            else:
                transient += 1
        if taken or not transient:
            error = None if taken else MailError("; ".join(errors), temporary=False)
        else:
            error = MailError("; ".join(errors), temporary=True)
        return self._outcome(outgoing, error)

    def _claim_email(self, session: Any, row: NoticeRow, now: datetime) -> _Outgoing | str:
        mail = self.settings.mail
        prefs = store_notices.settings_of(session, row.player_id)
        if row.kind == VERIFY:
            token = row.payload.get("token", "")
            if prefs is None or prefs.email is None or prefs.verify_hash != hash_token(token):
                return _drop([row], "superseded")
            batch = [row]
        else:
            if prefs is None or prefs.email is None or prefs.email_verified_at is None:
                return _drop([row], "no verified address")
            if prefs.unsubscribed_at is not None or (
                row.kind not in prefs.kinds and row.kind not in ALWAYS
            ):
                return _drop([row], "not wanted")
            if prefs.cadence == "digest":
                due_at = next_digest(row.created_at, timedelta(hours=mail.digest_hours))
                if due_at > now:
                    row.next_attempt_at = due_at
                    return "deferred"
                batch = [
                    n
                    for n in store_notices.email_batch(session, row.player_id, now)
                    if n.kind != VERIFY and (n.kind in prefs.kinds or n.kind in ALWAYS)
                ]
            else:
                batch = [row]
        fresh = []
        for notice in batch:
            if notice.kind == NoticeKind.YOUR_TURN and not store_notices.turn_pending(
                session, notice.game_id, notice.seq
            ):
                _drop([notice], "turn played")
            else:
                fresh.append(notice)
        if not fresh:
            return "dropped"
        refused = self._admit(session, prefs, fresh, now)
        if refused is not None:
            return refused
        session.flush()
        if not store_notices.claim(session, [n.id for n in fresh], now, now + LEASE):
            raise _Lost
        recipient = compose.Recipient(
            store_notices.player_name(session, row.player_id), prefs.email, prefs.lang,
            prefs.unsubscribe_key,
        )  # fmt: skip
        items = [compose.Item(n.kind, n.game_id, dict(n.payload)) for n in fresh]
        try:
            message = compose.message(
                recipient, items, sender=mail.sender, public_url=mail.public_url
            )
        except Exception as err:  # noqa: BLE001 - composing is pure: it would fail every time
            # The mail library refuses the message (a header with a line break, say): no
            # attempt can ever send it, so it fails now, once, with one line and no retry.
            return _fail(fresh, f"{type(err).__name__}: {err}")
        return _Outgoing([n.id for n in fresh], "email", message)

    def _admit(
        self, session: Any, prefs: NoticeSettingsRow, fresh: list[NoticeRow], now: datetime
    ) -> str | None:
        """The one gate every outgoing email passes (None: it may leave now). An address
        the server no longer mails (``email_address.checked``) drops it; the hourly cap,
        ``MailSettings.per_hour``, counted for the player and for the recipient address
        whichever players name it, defers it (nothing is lost). The rows are marked with
        their recipient, so they count for the address once sent."""
        try:
            address = email_address.checked(prefs.email or "")
        except Unprocessable as err:
            return _drop(fresh, err.code)
        key = email_address.recipient_key(address)
        hour_ago = now - timedelta(hours=1)
        sent = store_notices.emails_sent_since(session, hour_ago, player_id=prefs.player_id)
        to_address = store_notices.emails_sent_since(session, hour_ago, recipient=key)
        per_hour = self.settings.mail.per_hour
        waits = [w for w in (rate_limited(sent, now, per_hour),
                             rate_limited(to_address, now, per_hour)) if w is not None]  # fmt: skip
        for notice in fresh:
            notice.recipient = key
            if waits:
                notice.next_attempt_at = max(waits)
        return "deferred" if waits else None

    def _outcome(self, outgoing: _Outgoing, error: MailError | None) -> str:
        now = self.clock()
        schedule = self.settings.mail.retry_schedule or (60.0,)
        message_id = str(outgoing.message["Message-ID"]) if outgoing.message else None
        outcome = "sent"
        with self.store.writing() as session:
            for notice_id in outgoing.ids:
                row = session.get(NoticeRow, notice_id)
                if row is None:
                    continue
                if error is None:
                    row.status, row.sent_at, row.next_attempt_at = "sent", now, None
                    row.message_id, row.last_error = message_id, None
                    if row.kind == VERIFY:
                        row.payload = {}  # the link's token is not kept once it left
                elif error.temporary and row.attempts <= len(schedule):
                    row.next_attempt_at = now + timedelta(seconds=schedule[row.attempts - 1])
                    row.last_error, outcome = str(error)[:256], "retry"
                else:
                    row.status, row.next_attempt_at = "failed", None
                    row.last_error, outcome = str(error)[:256], "failed"
        if outcome == "failed":
            log.warning("notice %s failed for good: %s", ",".join(outgoing.ids), error)
        else:
            log.info("notice %s: %s", ",".join(outgoing.ids), outcome)
        return outcome


def _fail(rows: list[NoticeRow], why: str) -> str:
    """``rows`` can never be sent: failed for good, told in one log line."""
    for row in rows:
        row.status, row.next_attempt_at, row.last_error = "failed", None, why[:256]
    log.warning("notice %s failed for good: %s", ",".join(r.id for r in rows), why[:256])
    return "failed"


def _drop(rows: list[NoticeRow], why: str) -> str:
    for row in rows:
        row.status, row.next_attempt_at, row.last_error = "dropped", None, why
    return "dropped"
