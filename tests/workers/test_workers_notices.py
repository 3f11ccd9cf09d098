"""Email notices end to end on real parts: PostgreSQL, Redis, a Celery worker with its
beat, the API (a Flask test client on the same database) and a real SMTP server on
loopback (``aiosmtpd``). A player adds an address over HTTP, follows the verification
link, gets the turn mails of a correspondence game against bots, follows the one-click
unsubscribe link as a mail client does (RFC 8058), and gets no further mail. A mail the
library refuses to hand over fails once, with one log line, and the sweeps never retry it."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

import pytest
from sqlalchemy import func, select

from api.app import create_app
from harness.mail_sink import MailSink, text_of
from service.models import NoticeRow
from service.plumbing.config import MailSettings
from tests.workers.test_workers_games import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

API = "/api/v1"
BOT = {"kind": "bot", "level": "random"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def settled(st: Any) -> bool:
    with st.service.sessions() as session:
        pending = select(func.count()).select_from(NoticeRow).where(NoticeRow.status == "pending")
        return session.scalar(pending) == 0


def test_verify_turn_mails_and_one_click_unsubscribe(stack: Any) -> None:
    with MailSink() as sink:
        mail_env = {
            "URSUPPE_SMTP_HOST": "127.0.0.1",
            "URSUPPE_SMTP_PORT": str(sink.port),
            "URSUPPE_SMTP_TLS": "none",
            "URSUPPE_PUBLIC_URL": "http://ursuppe.test",
        }
        st, worker = stack(**mail_env)
        st.service.settings = replace(
            st.service.settings,
            mail=MailSettings(smtp_host="127.0.0.1", smtp_port=sink.port, smtp_tls="none",
                              public_url="http://ursuppe.test"),
        )  # fmt: skip
        client = create_app(service=st.service).test_client()

        r = client.post(f"{API}/players", json={"name": "Ann"})
        player = r.json["token"]
        r = client.put(
            f"{API}/players/me/email",
            json={"address": "ann@example.org", "lang": "en"},
            headers=bearer(player),
        )
        assert r.status_code == 202 and r.json["email_verified"] is False, r.json
        verify = sink.wait(1, timeout=60)[0]
        token = re.search(r"http://ursuppe.test/email\?verify=([\w-]+)", text_of(verify))
        r = client.post(f"{API}/notices/verify", json={"token": token.group(1)})
        assert r.status_code == 200, r.json
        me = client.get(f"{API}/players/me/notices", headers=bearer(player)).json
        assert me["email_verified"] and me["kinds"] == ["game_end", "your_turn"]

        r = client.post(
            f"{API}/games",
            json={"players": 3, "seats": [{"kind": "human"}, BOT, BOT],
                  "time_control": {"type": "correspondence", "days": 3}},
        )  # fmt: skip
        game = r.json["game"]["id"]
        seat = client.post(
            f"{API}/games/{game}/seats", json={"name": "Ann"}, headers=bearer(player)
        ).json
        assert seat["seat"] == 0

        def my_turn() -> dict | None:
            doc = client.get(f"{API}/games/{game}/pending").json
            return doc if doc.get("pending") and doc["pending"]["seat"] == 0 else None

        def play_turn() -> None:
            """Ann plays every decision of her turn."""
            while (doc := my_turn()) is not None:
                r = client.post(
                    f"{API}/games/{game}/actions",
                    json={"action": doc["pending"]["actions"][0], "expected_seq": doc["seq"]},
                    headers=bearer(seat["token"]),
                )
                assert r.status_code == 200, r.json

        wait_for(my_turn, 60, "Ann's first turn", worker)
        turn = sink.wait(2, timeout=60)[1]
        assert turn["Subject"].startswith("Your turn in ")
        assert f"http://ursuppe.test/game/{game}" in text_of(turn)
        assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        play_turn()
        wait_for(my_turn, 60, "Ann's second turn", worker)
        sink.wait(3, timeout=60)

        # The mail client's one-click unsubscribe: a form POST to the header's address.
        link = urlsplit(turn["List-Unsubscribe"].strip("<>"))
        r = client.post(
            f"{link.path}?{link.query}",
            data="List-Unsubscribe=One-Click",
            content_type="application/x-www-form-urlencoded",
        )
        assert r.status_code == 200, r.json
        assert client.get(f"{API}/players/me/notices", headers=bearer(player)).json["unsubscribed"]
        # What was claimed before the unsubscribe may still leave; after it, nothing does
        # (an unsubscribed address is owed no mail: service.store.outbox). The mails before
        # it are at least one a turn, not exactly: a test turn can span two of the service's
        # (a bot answers between two of Ann's decisions), and the second one's mail leaves
        # when the worker claims it before Ann plays on.
        wait_for(lambda: settled(st), 60, "the notices before the unsubscribe", worker)
        before = sink.count()
        subjects = [m["Subject"] for _, m in sink.messages]
        assert before >= 3 and subjects[0] == verify["Subject"], subjects  # verify, 2+ turns
        assert all(s.startswith("Your turn in ") for s in subjects[1:]), subjects

        play_turn()
        wait_for(my_turn, 60, "Ann's third turn", worker)
        wait_for(lambda: settled(st), 60, "every notice in its final state", worker)
        assert sink.count() == before, [m["Subject"] for _, m in sink.messages]


def test_a_notice_that_can_never_be_sent_fails_once(stack: Any) -> None:
    """A mail the library will not hand over (a non-ASCII address to a server without
    SMTPUTF8) fails at its first attempt, with one log line and no traceback, and the
    worker's sweeps never hand it out again; the next player's mail leaves as usual."""
    with MailSink(smtputf8=False) as sink:
        st, worker = stack(
            URSUPPE_SMTP_HOST="127.0.0.1", URSUPPE_SMTP_PORT=str(sink.port),
            URSUPPE_SMTP_TLS="none", URSUPPE_PUBLIC_URL="http://ursuppe.test",
        )  # fmt: skip
        st.service.settings = replace(
            st.service.settings,
            mail=MailSettings(smtp_host="127.0.0.1", smtp_port=sink.port, smtp_tls="none"),
        )

        def verification(player: str) -> str:
            with st.service.sessions() as session:
                return session.scalars(
                    select(NoticeRow.id).where(NoticeRow.player_id == player)
                ).one()

        def row(notice_id: str) -> NoticeRow:
            with st.service.sessions() as session:
                found = session.get(NoticeRow, notice_id)
                session.expunge(found)
                return found

        jorg = st.service.accounts.create("Jörg").player.id
        st.service.notices.set_email(jorg, "jörg@bücher.de")
        bad = verification(jorg)
        wait_for(lambda: row(bad).status == "failed", 60, "the refused mail to fail", worker)
        # A later mail goes through the same worker and sweeps; the refused one stays failed.
        ann = st.service.accounts.create("Ann").player.id
        st.service.notices.set_email(ann, "ann@example.org")
        sink.wait(1, timeout=60)
        wait_for(lambda: settled(st), 60, "every notice in its final state", worker)
        failed = row(bad)
        assert failed.attempts == 1 and failed.next_attempt_at is None, failed
        assert failed.last_error.startswith("SMTP:"), failed.last_error
        lines = [line for line in worker.tail(10_000).splitlines() if bad in line]
        told = [line for line in lines if "failed for good" in line]
        assert len(told) == 1 and "WARNING" in told[0], lines
        assert "Traceback" not in worker.tail(10_000)
        assert sink.count() == 1
