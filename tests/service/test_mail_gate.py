"""The one gate every outgoing email passes (``NoticeDelivery._admit``) and the mails that can never
be sent, on the service with a real SMTP server on loopback: addresses the server does not
mail (an IP literal, a name that is private by definition) are refused when set and dropped
if one was stored before; the hourly cap counts per recipient address across players as
well as per player; a message the mail library refuses, or a permanent 5xx answer, fails
once with one log line and is never tried again, while a 4xx keeps its retries."""

from __future__ import annotations

import logging
import secrets
from dataclasses import replace
from datetime import timedelta

import pytest

from harness.mail_sink import MailSink
from harness.push_receiver import PushReceiver
from service.models import NoticeRow, NoticeSettingsRow
from service.plumbing.config import MailSettings
from service.plumbing.errors import Unprocessable
from service.plumbing.push_http import generate_key
from service.rules import email_address
from service.rules.notice_kinds import VERIFY, NoticeKind
from tests.service.test_notices import mailing, send_all, verified_player


@pytest.fixture
def sink():
    with MailSink() as running:
        yield running


@pytest.mark.parametrize(
    ("address", "code"),
    [
        ("a@[127.0.0.1]", "email_ip_literal"),
        ("a@[IPv6:::1]", "email_ip_literal"),
        ("a@127.0.0.1", "email_ip_literal"),
        ("a@localhost", "email_domain_not_public"),
        ("a@mailhost", "email_domain_not_public"),
        ("a@printer.local", "email_domain_not_public"),
        ("a@db.internal", "email_domain_not_public"),
        ("a@x.test", "email_domain_not_public"),
        ("a@x.invalid", "email_domain_not_public"),
        ("a@shop.example", "email_domain_not_public"),
        ("a@router.home.arpa", "email_domain_not_public"),
        ("a@NAS.LAN.", "email_domain_not_public"),
        ("a@1.2.3", "email_domain_not_public"),
        ("not an address", "invalid_email"),
        ("a@b@example.org", "invalid_email"),
        ("a b@example.org", "invalid_email"),
        ("a@-x.example.org", "invalid_email"),
        ("a@x..org", "invalid_email"),
        ("<a>@example.org", "invalid_email"),
        ("a\n@example.org", "invalid_email"),
        ("x" * 65 + "@example.org", "invalid_email"),
    ],
)
def test_addresses_the_server_does_not_mail_are_refused(address: str, code: str) -> None:
    with pytest.raises(Unprocessable) as refused:
        email_address.checked(address)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("address", "stored"),
    [
        (" ann@example.org ", "ann@example.org"),
        ("Ann.B+cup@Mail.Example.CO.UK", "Ann.B+cup@mail.example.co.uk"),
        ("jörg@bücher.de", "jörg@bücher.de"),
        ("a@xn--bcher-kva.de.", "a@xn--bcher-kva.de"),
    ],
)
def test_public_addresses_are_taken(address: str, stored: str) -> None:
    assert email_address.checked(address) == stored


def test_a_refused_address_is_not_stored(service, scheduler, sink) -> None:
    mailing(service, sink)
    player = service.accounts.create("Ann").player.id
    service.notices.set_email(player, "ann@example.org")
    for address in ("a@[127.0.0.1]", "a@localhost"):
        with pytest.raises(Unprocessable):
            service.notices.set_email(player, address)
    assert service.notices.choices(player).email == "ann@example.org"
    assert send_all(service, scheduler) == ["sent"]


def test_an_address_stored_before_the_rule_is_not_mailed(service, scheduler, sink) -> None:
    mailing(service, sink)
    player = service.accounts.create("Ann").player.id
    service.notices.set_email(player, "ann@example.org")
    with service.store.writing() as session:
        session.get(NoticeSettingsRow, player).email = "ann@[127.0.0.1]"
    assert send_all(service, scheduler) == ["dropped"]
    with service.store.sessions() as session:
        assert session.query(NoticeRow).one().last_error == "email_ip_literal"
    assert sink.count() == 0


def test_the_hourly_cap_counts_per_address_across_players(service, scheduler, sink, clock) -> None:
    mailing(service, sink, per_hour=2)
    players = [service.accounts.create(f"P{i}").player.id for i in range(4)]
    spellings = [
        "victim@example.org",
        "Victim@Example.org",
        "VICTIM@example.ORG",
        "victim@example.org",
    ]
    for player, address in zip(players, spellings, strict=True):
        service.notices.set_email(player, address)
    # Each player is under its own cap (one mail each): the address's cap holds them back.
    assert send_all(service, scheduler) == ["sent", "sent", "deferred", "deferred"]
    assert sink.count() == 2
    assert service.notices.due(clock.now) == []
    clock.advance(3600)
    held = service.notices.due(clock.now)
    assert len(held) == 2
    assert sorted(service.notices.deliver(i) for i in held) == ["sent", "sent"]
    # Another address is not held back by that one's mails.
    other = service.accounts.create("Bo").player.id
    service.notices.set_email(other, "bo@example.org")
    assert send_all(service, scheduler) == ["sent"]


def test_the_per_player_cap_still_holds(service, scheduler, sink) -> None:
    mailing(service, sink, per_hour=2)
    player = service.accounts.create("Ann").player.id
    outcomes = []
    for address in ("a@example.org", "b@example.org", "c@example.org"):
        service.notices.set_email(player, address)
        outcomes += send_all(service, scheduler)
    assert outcomes == ["sent", "sent", "deferred"]


def notice(service, player: str, kind: str, payload: dict) -> str:
    """A pending notice written as the outbox would."""
    now = service.clock()
    row = NoticeRow(
        id="ntc_" + secrets.token_hex(12), player_id=player, channel="email", kind=kind,
        payload=payload, status="pending", attempts=0, next_attempt_at=now, created_at=now,
    )  # fmt: skip
    with service.store.writing() as session:
        session.add(row)
    return row.id


def failed_once(service, notice_id: str, clock) -> NoticeRow:
    """The notice's row, after proving it is due no more, now or an hour later."""
    assert notice_id not in service.notices.due(clock.now + timedelta(hours=1))
    assert service.notices.deliver(notice_id) == "skipped"
    with service.store.sessions() as session:
        row = session.get(NoticeRow, notice_id)
        session.expunge(row)
    assert row.status == "failed" and row.attempts == 1 and row.next_attempt_at is None
    return row


def test_a_message_the_mail_library_refuses_fails_once(
    service, scheduler, sink, clock, caplog
) -> None:
    """Names are made safe before they reach a header (``text_check.shown``); whatever
    still reaches one with a line break (here the configured sender) makes the library
    refuse the message, which fails at once, once, with one line."""
    mailing(service, sink)
    player = verified_player(service, scheduler, sink)
    service.notices.choose(player, kinds=[NoticeKind.TOURNAMENT])
    mail = service.settings.mail
    service.settings = replace(
        service.settings, mail=replace(mail, sender="Ursuppe\r\nBcc: x@example.org <n@x.org>")
    )
    bad = notice(service, player, "tournament", {"label": "Cup"})
    with caplog.at_level(logging.INFO, logger="service.parts.notice_delivery"):
        assert service.notices.deliver(bad) == "failed"
    lines = [r for r in caplog.records if bad in r.getMessage()]
    assert len(lines) == 1 and lines[0].levelno == logging.WARNING and not lines[0].exc_info
    row = failed_once(service, bad, clock)
    assert row.last_error.startswith("ValueError")
    assert sink.count() == 1  # the verification mail only
    # The next notice is not held up by it.
    service.settings = replace(service.settings, mail=mail)
    fine = notice(service, player, "tournament", {"label": "Cup"})
    assert service.notices.deliver(fine) == "sent"


def test_an_address_the_smtp_server_cannot_take_fails_once(
    service, scheduler, clock, caplog
) -> None:
    """A non-ASCII address needs SMTPUTF8, which this server does not offer: the library
    refuses to hand the message over, for good."""
    with MailSink(smtputf8=False) as sink:
        _address_without_smtputf8(service, scheduler, sink, clock, caplog)


def _address_without_smtputf8(service, scheduler, sink, clock, caplog) -> None:
    mailing(service, sink)
    player = service.accounts.create("Jörg").player.id
    service.notices.set_email(player, "jörg@bücher.de")
    [verify] = scheduler.notice_ids()
    with caplog.at_level(logging.INFO, logger="service.parts.notice_delivery"):
        assert send_all(service, scheduler) == ["failed"]
    assert len([r for r in caplog.records if verify in r.getMessage()]) == 1
    assert failed_once(service, verify, clock).last_error.startswith("SMTP:")
    assert sink.count() == 0


def test_a_permanent_smtp_refusal_fails_once(service, scheduler, sink, clock, caplog) -> None:
    mailing(service, sink)
    player = service.accounts.create("Ann").player.id
    service.notices.set_email(player, "ann@example.org")
    sink.answer = "550 5.7.1 this mailbox takes no mail from you"
    [verify] = scheduler.notice_ids()
    with caplog.at_level(logging.INFO, logger="service.parts.notice_delivery"):
        assert send_all(service, scheduler) == ["failed"]
    lines = [r for r in caplog.records if verify in r.getMessage()]
    assert len(lines) == 1 and lines[0].levelno == logging.WARNING and not lines[0].exc_info
    assert failed_once(service, verify, clock).last_error == "SMTP 550"
    assert sink.refused == 1


def test_a_temporary_smtp_refusal_keeps_its_retries(service, scheduler, sink, clock) -> None:
    mailing(service, sink)
    player = service.accounts.create("Ann").player.id
    service.notices.set_email(player, "ann@example.org")
    sink.answer = "451 4.3.0 try again later"
    assert send_all(service, scheduler) == ["retry"]
    sink.answer = None
    clock.advance(61)
    [verify] = service.notices.due(clock.now)
    assert service.notices.deliver(verify) == "sent"
    assert sink.refused == 1 and sink.count() == 1


def test_a_push_notice_that_cannot_be_told_fails_once(service, clock, tmp_path, caplog) -> None:
    """Whatever reaches the push path, it never loops: a notice its words cannot be made
    for (here a verification notice without its link's token) fails at once, once."""
    key = tmp_path / "vapid.pem"
    generate_key(key)
    service.settings = replace(
        service.settings, webhooks_allow_private=True,
        mail=MailSettings(vapid_private=str(key), vapid_subject="mailto:ops@ursuppe.test"),
    )  # fmt: skip
    player = service.accounts.create("Ann").player.id
    with PushReceiver() as push:
        sub = push.subscription
        service.notices.subscribe(
            player, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"]
        )
        bad = notice(service, player, VERIFY, {})
        with service.store.writing() as session:
            session.get(NoticeRow, bad).channel = "push"
        with caplog.at_level(logging.INFO, logger="service.parts.notice_delivery"):
            assert service.notices.deliver(bad) == "failed"
        assert len([r for r in caplog.records if bad in r.getMessage()]) == 1
        assert failed_once(service, bad, clock).last_error.startswith("KeyError")
        assert push.received == [] and push.refused == 0
