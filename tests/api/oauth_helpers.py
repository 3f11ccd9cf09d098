"""Helpers of the OAuth 2 tests: what a site does (PKCE, the authorization request, the
code exchange) and what the consent page does (check, decide), over the Flask test client."""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from api_helpers import API, bearer
from flask.testing import FlaskClient

REDIRECT = "http://127.0.0.1:8765/callback"


def challenge_of(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


@dataclass
class Site:
    """A public client: its id, redirect URI, the scopes it asks and its PKCE pair."""

    client_id: str = "tournaments.example"
    redirect_uri: str = REDIRECT
    scope: str = "profile:read tournament:enter"
    state: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    verifier: str = field(default_factory=lambda: secrets.token_urlsafe(48))

    def params(self, **override: str | None) -> dict[str, str]:
        params: dict[str, str | None] = {
            "response_type": "code",
            "client_id": self.client_id,
            "redirect_uri": self.redirect_uri,
            "scope": self.scope,
            "state": self.state,
            "code_challenge": challenge_of(self.verifier),
            "code_challenge_method": "S256",
            **override,
        }
        return {k: v for k, v in params.items() if v is not None}

    def exchange(self, client: FlaskClient, code: str, **override: str) -> Any:
        form = {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": self.redirect_uri,
            "client_id": self.client_id,
            "code_verifier": self.verifier,
            **override,
        }
        return client.post("/oauth/token", data=form)


def new_player(client: FlaskClient, name: str = "ann") -> tuple[str, str]:
    r = client.post(f"{API}/players", json={"name": name})
    assert r.status_code == 201, r.json
    return r.json["player"]["id"], r.json["token"]


def check(client: FlaskClient, params: dict[str, str]) -> Any:
    return client.get(f"{API}/oauth/authorization?{urlencode(params)}")


def decide(client: FlaskClient, params: dict[str, str], token: str, approve: bool = True) -> Any:
    shown = check(client, params)
    assert shown.status_code == 200, shown.json
    return client.post(
        f"{API}/oauth/authorization?{urlencode(params)}",
        json={"approve": approve, "consent": shown.json["consent"]},
        headers=bearer(token),
    )


def query_of(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def code_for(client: FlaskClient, site: Site, player_token: str, **override: str) -> str:
    r = decide(client, site.params(**override), player_token)
    assert r.status_code == 200, r.json
    back = query_of(r.json["redirect_to"])
    assert back["state"] == site.state
    return back["code"]


def site_token(client: FlaskClient, site: Site, player_token: str) -> str:
    r = site.exchange(client, code_for(client, site, player_token))
    assert r.status_code == 200, r.json
    return r.json["access_token"]
