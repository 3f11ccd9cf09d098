"""What the workers do with the outbox of notices, by email and Web Push (docs/api.md,
"Notices by email and push"); a player's address and choices are ``service.parts.notices``'.

The rows are written in the transaction of the change they announce (``service.store.outbox``);
after the commit their ids go to the scheduler as a hint, and the sweep (``due``) sends
whatever a lost hint left behind. Sending is at least once, like webhooks: an attempt
claims its rows with a lease (``store_notices.claim``), sends, then records the outcome.

Before anything is sent it is checked again: a turn already played is dropped, so is every
email of a player who unsubscribed meanwhile or no longer wants that kind. A digest player
gets one email per digest period with everything due. Every email then passes one gate
(``NoticeDelivery._admit``): only a public address is mailed, and every player, and every
recipient address whichever players name it, gets at most ``MailSettings.per_hour`` emails
in any hour (the rest wait, nothing is lost). A notice that can never be sent (a 5xx, or a
message the mail library refuses) fails at its first attempt, with one log line.

The address is the player's alone: never in a log line (the log filter of
``service.plumbing.redaction`` also rewrites any address that slips into one).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.message import EmailMessage
from typing import Any

import orjson

from service.models import NoticeRow, NoticeSettingsRow
from service.parts.base import Part
from service.plumbing import push_http as push_send
from service.plumbing.errors import Unprocessable
from service.plumbing.mail import compose
from service.plumbing.mail.send import MailError
from service.plumbing.mail.send import send as send_mail
from service.rules import email_address
from service.rules.notice_kinds import (
    ALWAYS,
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
class NoticeDelivery(Part):
    """The workers' part of the notices (``Notices.due`` and ``Notices.deliver``)."""

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
            row = store_notices.notice(session, notice_id)
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
                row = store_notices.notice(session, notice_id)
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
