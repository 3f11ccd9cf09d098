"""The notices' operations over HTTP, every answer checked against the committed spec: a
player's choices and address (shown to that player only), the refusals with their codes,
the verification and one-click unsubscribe links, the push key and subscriptions."""

from __future__ import annotations

import email
import logging
import mailbox
import re
from dataclasses import replace
from email.policy import default
from typing import Any

import pytest
from flask.testing import FlaskClient

from harness.push_receiver import PushReceiver
from service.game_service import GameService
from service.plumbing.config import MailSettings
from service.plumbing.push_http import generate_key
from service.store import notices as store_notices
from tests.api.api_helpers import API, assert_problem, bearer

NOTICES = f"{API}/players/me/notices"
EMAIL = f"{API}/players/me/email"


@pytest.fixture
def mailing(service: GameService, tmp_path: Any) -> Any:
    """A service that mails into a file and pushes (to loopback, allowed here)."""
    key = tmp_path / "vapid.pem"
    generate_key(key)
    service.settings = replace(
        service.settings,
        webhooks_allow_private=True,
        mail=MailSettings(file=str(tmp_path / "mail.mbox"), vapid_private=str(key)),
    )
    return tmp_path / "mail.mbox"


def player(client: FlaskClient, name: str) -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    return r.json["player"]["id"], r.json["token"]


def test_choices_and_the_address_are_the_players_own(
    client: FlaskClient, service: GameService, scheduler: Any, mailing: Any, caplog: Any
) -> None:
    ann_id, ann = player(client, "Ann")
    _, bob = player(client, "Bob")
    assert_problem(client.get(NOTICES), 401, "missing_token")
    doc = client.get(NOTICES, headers=bearer(ann)).json
    assert doc["email"] is None and doc["kinds"] == ["game_end", "your_turn"]
    assert doc["email_available"] and doc["push_available"]

    with caplog.at_level(logging.DEBUG):
        r = client.put(
            EMAIL, json={"address": "ann@example.org", "lang": "nl"}, headers=bearer(ann)
        )
        assert r.status_code == 202 and r.json["email"] == "ann@example.org"
        for notice in scheduler.notice_ids():
            assert service.notices.deliver(notice) == "sent"
    assert "ann@example.org" not in caplog.text  # never in a log line
    assert client.get(NOTICES, headers=bearer(bob)).json["email"] is None
    assert "ann@example.org" not in client.get(f"{API}/players/me", headers=bearer(ann)).text

    assert_problem(client.put(EMAIL, json={"address": "no at sign"}, headers=bearer(ann)), 422,
                   "invalid_email")  # fmt: skip
    assert_problem(client.put(NOTICES, json={"kinds": ["gossip"]}, headers=bearer(ann)), 422,
                   "validation_error")  # fmt: skip
    r = client.put(NOTICES, json={"kinds": ["challenge", "tournament"], "cadence": "digest"},
                   headers=bearer(ann))  # fmt: skip
    assert r.status_code == 200 and r.json["cadence"] == "digest" and r.json["lang"] == "nl"

    (mail,) = mailbox.mbox(
        mailing, factory=lambda f: email.message_from_binary_file(f, policy=default)
    )
    text = mail.get_body(preferencelist=("plain",)).get_content()
    token = re.search(r"verify=([\w-]+)", text).group(1)
    assert_problem(client.post(f"{API}/notices/verify", json={"token": "nope"}), 404,
                   "verification_not_found")  # fmt: skip
    assert client.post(f"{API}/notices/verify", json={"token": token}).status_code == 200
    assert client.get(NOTICES, headers=bearer(ann)).json["email_verified"] is True

    with service.store.sessions() as session:  # the key every email's links carry
        unsubscribe = store_notices.settings_of(session, ann_id).unsubscribe_key
    assert_problem(client.post(f"{API}/notices/unsubscribe?key=wrong"), 404,
                   "unsubscribe_not_found")  # fmt: skip
    r = client.post(f"{API}/notices/unsubscribe?key={unsubscribe}",
                    data="List-Unsubscribe=One-Click",
                    content_type="application/x-www-form-urlencoded")  # fmt: skip
    assert r.status_code == 200 and r.json == {"done": True}
    assert client.get(NOTICES, headers=bearer(ann)).json["unsubscribed"] is True
    assert client.delete(EMAIL, headers=bearer(ann)).status_code == 204
    assert_problem(client.delete(EMAIL, headers=bearer(ann)), 404, "email_not_found")


def test_email_needs_a_transport(client: FlaskClient) -> None:
    _, ann = player(client, "Ann")
    r = client.put(EMAIL, json={"address": "ann@example.org"}, headers=bearer(ann))
    assert_problem(r, 409, "email_unavailable")
    assert client.get(f"{API}/notices/push-key").json == {"public_key": None}


def test_push_subscriptions(client: FlaskClient, mailing: Any) -> None:
    _, ann = player(client, "Ann")
    _, bob = player(client, "Bob")
    key = client.get(f"{API}/notices/push-key").json["public_key"]
    assert key and len(key) == 87  # 65 bytes, base64url without padding
    with PushReceiver() as push:
        body = {**push.subscription, "expirationTime": None}
        r = client.post(f"{API}/players/me/push-subscriptions", json=body, headers=bearer(ann))
        assert r.status_code == 201, r.json
        sub = r.json["id"]
    assert client.get(NOTICES, headers=bearer(ann)).json["push_subscriptions"] == 1
    bad = {"endpoint": "ftp://x", "keys": {"p256dh": "a", "auth": "b"}}
    assert_problem(client.post(f"{API}/players/me/push-subscriptions", json=bad,
                               headers=bearer(ann)), 422, "invalid_push_subscription")  # fmt: skip
    gone = f"{API}/players/me/push-subscriptions/{sub}"
    assert_problem(client.delete(gone, headers=bearer(bob)), 404, "push_subscription_not_found")
    assert client.delete(gone, headers=bearer(ann)).status_code == 204
    assert client.get(NOTICES, headers=bearer(ann)).json["push_subscriptions"] == 0
