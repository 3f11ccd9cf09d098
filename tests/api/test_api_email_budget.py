"""Setting an email address over HTTP (``PUT /players/me/email``), each answer checked
against the committed spec: it is budgeted per player and per client address (each one
mails a verification link, so players minted at one address share its ceiling), an
IP-literal or non-public address is refused with its own code, and a refused request
stores nothing and mails nothing. SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask.testing import FlaskClient
from sqlalchemy import func, select

from api import create_app
from service.game_service import GameService
from service.models import NoticeRow
from service.plumbing.config import MailSettings
from tests.api.api_helpers import API, assert_problem, bearer, from_address
from tests.api.spec_check import SpecCheckingClient

EMAIL = f"{API}/players/me/email"


def mailing_client(service: GameService, tmp_path: Any, rate: str) -> FlaskClient:
    """A client of a new app that mails into a file, with ``rate`` as the email budget,
    calling from 127.0.0.1."""
    service.settings = replace(
        service.settings,
        email_rate_limit=rate,
        mail=MailSettings(file=str(tmp_path / "mail.mbox")),
    )
    app = create_app(service=service)
    app.test_client_class = SpecCheckingClient
    return app.test_client()


def new_player(client: FlaskClient, name: str) -> str:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["token"]


def notices(service: GameService) -> int:
    with service.store.sessions() as session:
        return session.scalar(select(func.count()).select_from(NoticeRow))


def refused(r: Any) -> dict[str, Any]:
    assert r.status_code == 429, r.json
    assert r.mimetype == "application/problem+json" and r.json["code"] == "email_rate_limited"
    assert int(r.headers["Retry-After"]) >= 1
    assert "email addresses set" in r.json["detail"]
    return r.json


def test_players_minted_at_one_address_share_its_email_budget(
    service: GameService, tmp_path: Any
) -> None:
    client = mailing_client(service, tmp_path, "3/3600")
    tokens = [new_player(client, f"p{i}") for i in range(5)]
    for token in tokens[:3]:
        r = client.put(EMAIL, json={"address": "stranger@example.org"}, headers=bearer(token))
        assert r.status_code == 202, r.json
    before = notices(service)
    refused(client.put(EMAIL, json={"address": "stranger@example.org"}, headers=bearer(tokens[3])))
    assert notices(service) == before  # nothing written, nothing mailed
    assert client.get(f"{API}/players/me/notices", headers=bearer(tokens[3])).json["email"] is None
    # Elsewhere, another player still sets an address.
    other = from_address(client, "10.0.0.5")
    r = other.put(EMAIL, json={"address": "me@example.org"}, headers=bearer(tokens[4]))
    assert r.status_code == 202, r.json


def test_one_player_has_its_own_email_budget_at_every_address(
    service: GameService, tmp_path: Any
) -> None:
    client = mailing_client(service, tmp_path, "2/3600")
    ann = new_player(client, "Ann")
    for i, where in enumerate(("10.0.0.1", "10.0.0.2")):
        r = from_address(client, where).put(
            EMAIL, json={"address": f"ann{i}@example.org"}, headers=bearer(ann)
        )
        assert r.status_code == 202, r.json
    refused(from_address(client, "10.0.0.3").put(
        EMAIL, json={"address": "ann9@example.org"}, headers=bearer(ann)
    ))  # fmt: skip
    doc = client.get(f"{API}/players/me/notices", headers=bearer(ann)).json
    assert doc["email"] == "ann1@example.org"  # the refused request changed nothing


def test_addresses_the_server_does_not_mail_are_refused(
    service: GameService, tmp_path: Any
) -> None:
    client = mailing_client(service, tmp_path, "off")
    ann = new_player(client, "Ann")
    assert (
        client.put(EMAIL, json={"address": "ann@example.org"}, headers=bearer(ann)).status_code
        == 202
    )
    before = notices(service)
    for address, code in [
        ("a@[127.0.0.1]", "email_ip_literal"),
        ("a@[IPv6:::1]", "email_ip_literal"),
        ("a@localhost", "email_domain_not_public"),
        ("a@files.internal", "email_domain_not_public"),
        ("a@intranet", "email_domain_not_public"),
        ("no at sign", "invalid_email"),
    ]:
        r = client.put(EMAIL, json={"address": address}, headers=bearer(ann))
        assert_problem(r, 422, code)
    assert notices(service) == before
    doc = client.get(f"{API}/players/me/notices", headers=bearer(ann)).json
    assert doc["email"] == "ann@example.org"
