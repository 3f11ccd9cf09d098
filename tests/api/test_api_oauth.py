"""Sites act for players only with their consent: the OAuth 2 authorization code flow with
PKCE, every refusal of it, scopes on every operation, personal access tokens and the
player's list of tokens with revocation."""

from __future__ import annotations

import base64
from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

import pytest
from api_helpers import API, bearer
from authlib.oauth2.rfc8414 import AuthorizationServerMetadata
from flask.testing import FlaskClient
from oauth_helpers import (
    REDIRECT,
    Site,
    check,
    code_for,
    decide,
    new_player,
    query_of,
    site_token,
)
from sqlalchemy import select

from api import create_app
from service.models import OAuthCodeRow, PlayerTokenRow
from service.parts.grants import CODE_TTL
from service.rules.seat_tokens import hash_token


def claim_label(client: FlaskClient, label: str) -> None:
    _, owner = new_player(client, "organiser")
    assert client.put(f"{API}/labels/{label}", headers=bearer(owner)).status_code in (200, 201)


def test_a_site_acts_within_the_scopes_approved_until_the_player_revokes(
    client: FlaskClient, service: Any
) -> None:
    ann, own = new_player(client)
    claim_label(client, "spring-cup")
    site = Site(scope="profile:read tournament:enter")
    shown = check(client, site.params())
    assert shown.status_code == 200, shown.json
    assert shown.json["client_id"] == site.client_id and shown.json["registered"] is False
    assert shown.json["scopes"] == ["profile:read", "tournament:enter"]
    assert shown.json["redirect_uri"] == REDIRECT

    r = site.exchange(client, code_for(client, site, own))
    assert r.status_code == 200 and r.headers["Cache-Control"] == "no-store"
    assert r.json["token_type"].lower() == "bearer" and "refresh_token" not in r.json
    assert r.json["scope"] == "profile:read tournament:enter"
    assert r.json["expires_in"] == 365 * 24 * 3600
    token = r.json["access_token"]
    with service.sessions() as s:  # stored only as its hash
        row = s.get(PlayerTokenRow, hash_token(token))
        assert row is not None and row.kind == "oauth" and row.client_id == site.client_id

    assert client.get(f"{API}/players/me", headers=bearer(token)).json["id"] == ann
    entered = client.post(f"{API}/labels/spring-cup/entries", json={}, headers=bearer(token))
    assert entered.status_code == 201, entered.json
    assert client.get(f"{API}/players/me/games", headers=bearer(token)).status_code == 200

    for method, path, body, scope in [
        ("post", "/games", {"players": 3}, "game:create game:play"),  # a creator token
        ("patch", "/players/me", {"name": "mallory"}, "profile:write"),
        ("post", "/players/me/signin-codes", None, "account"),
        ("get", "/players/me/tokens", None, "account"),
        ("get", "/players/me/webhooks", None, "webhook:manage"),
    ]:
        r = getattr(client, method)(f"{API}{path}", json=body, headers=bearer(token))
        assert r.status_code == 403, (path, r.json)
        assert r.json["code"] == "missing_scope" and r.json["scope"] == scope
        assert f'scope="{scope}"' in r.headers["WWW-Authenticate"]

    listed = client.get(f"{API}/players/me/tokens", headers=bearer(own)).json
    by_kind = {t["kind"]: t for t in listed}
    assert set(by_kind) == {"device", "oauth"}
    assert by_kind["device"]["current"] and by_kind["device"]["scopes"] is None
    grant = by_kind["oauth"]
    assert grant["client_id"] == site.client_id and grant["redirect_uri"] == REDIRECT
    assert grant["scopes"] == ["profile:read", "tournament:enter"]
    assert grant["last_used_at"] is not None
    assert token not in str(listed)

    assert (
        client.delete(f"{API}/players/me/tokens/{grant['id']}", headers=bearer(own)).status_code
        == 204
    )
    r = client.get(f"{API}/players/me", headers=bearer(token))
    assert r.status_code == 401 and r.json["code"] == "invalid_token"
    assert client.get(f"{API}/players/me", headers=bearer(own)).status_code == 200


def test_the_players_own_token_has_every_scope(client: FlaskClient) -> None:
    _, own = new_player(client)
    assert client.post(f"{API}/games", json={"players": 3}, headers=bearer(own)).status_code == 201
    assert client.post(f"{API}/players/me/signin-codes", headers=bearer(own)).status_code == 201


def test_a_denied_request_sends_the_person_back_with_access_denied(client: FlaskClient) -> None:
    _, own = new_player(client)
    site = Site()
    r = decide(client, site.params(), own, approve=False)
    assert r.status_code == 200
    back = query_of(r.json["redirect_to"])
    assert r.json["redirect_to"].startswith(REDIRECT + "?")
    assert back["error"] == "access_denied" and back["state"] == site.state and "code" not in back


def test_the_code_goes_back_with_state_and_issuer(client: FlaskClient) -> None:
    _, own = new_player(client)
    site = Site()
    r = decide(client, site.params(), own)
    back = query_of(r.json["redirect_to"])
    assert set(back) == {"code", "state", "iss"} and back["iss"] == "http://localhost"


# ----------------------------------------------------------------------------- refusals


def refused_exchange(r: Any, error: str = "invalid_grant") -> None:
    assert r.status_code == 400, r.json
    assert r.json["error"] == error
    assert "access_token" not in r.json


def test_a_wrong_verifier_is_refused_and_burns_the_code(client: FlaskClient) -> None:
    _, own = new_player(client)
    site = Site()
    code = code_for(client, site, own)
    refused_exchange(site.exchange(client, code, code_verifier="x" * 43))
    refused_exchange(site.exchange(client, code))  # single use, even after a failure


def test_an_exchange_without_verifier_is_refused(client: FlaskClient) -> None:
    _, own = new_player(client)
    site = Site()
    code = code_for(client, site, own)
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": site.redirect_uri,
        "client_id": site.client_id,
    }
    refused_exchange(client.post("/oauth/token", data=form), "invalid_request")


def test_a_reused_code_is_refused_and_revokes_the_token_it_gave(client: FlaskClient) -> None:
    _, own = new_player(client)
    site = Site()
    code = code_for(client, site, own)
    first = site.exchange(client, code)
    assert first.status_code == 200
    token = first.json["access_token"]
    assert client.get(f"{API}/players/me", headers=bearer(token)).status_code == 200
    refused_exchange(site.exchange(client, code))
    assert client.get(f"{API}/players/me", headers=bearer(token)).status_code == 401


def test_an_expired_code_is_refused(client: FlaskClient, clock: Any) -> None:
    _, own = new_player(client)
    site = Site()
    code = code_for(client, site, own)
    clock.advance(CODE_TTL + 1)
    refused_exchange(site.exchange(client, code))


def test_a_code_works_only_for_its_client_and_redirect_uri(client: FlaskClient) -> None:
    _, own = new_player(client)
    site = Site()
    code = code_for(client, site, own)
    refused_exchange(site.exchange(client, code, redirect_uri=REDIRECT + "/other"))
    code = code_for(client, site, own)
    refused_exchange(site.exchange(client, code, client_id="someone.else"))


def test_codes_are_stored_only_as_hashes(client: FlaskClient, service: Any) -> None:
    _, own = new_player(client)
    code = code_for(client, Site(), own)
    with service.sessions() as s:
        assert s.scalar(select(OAuthCodeRow.code_hash)) == hash_token(code)


def refused_request(r: Any, oauth_error: str, *, back: bool) -> dict[str, Any]:
    assert r.status_code == 400, r.json
    assert r.json["code"] == "invalid_authorization_request"
    assert r.json["oauth_error"] == oauth_error
    assert ("redirect_to" in r.json) is back
    return r.json


@pytest.mark.parametrize(
    ("override", "oauth_error", "back"),
    [
        ({"state": None}, "invalid_request", True),
        ({"scope": "profile:read games:everything"}, "invalid_scope", True),
        ({"scope": None}, "invalid_scope", True),
        ({"code_challenge": None, "code_challenge_method": None}, "invalid_request", True),
        ({"code_challenge_method": "plain"}, "invalid_request", True),
        ({"response_type": "token"}, "unsupported_response_type", True),
        ({"redirect_uri": None}, "invalid_request", False),
        ({"redirect_uri": "http://evil.example/cb"}, "invalid_request", False),
        ({"redirect_uri": "https://site.example/cb#frag"}, "invalid_request", False),
        ({"client_id": None}, "invalid_client", False),
    ],
)
def test_authorization_requests_that_cannot_be_granted(
    client: FlaskClient, override: dict[str, str | None], oauth_error: str, back: bool
) -> None:
    body = refused_request(check(client, Site().params(**override)), oauth_error, back=back)
    if back:
        assert body["redirect_to"].startswith(REDIRECT + "?")
        assert query_of(body["redirect_to"])["error"] == oauth_error


def test_parameters_that_cannot_be_quoted_in_a_refusal_are_refused_all_the_same(
    client: FlaskClient,
) -> None:
    r = check(client, Site().params(response_type='^\\{"'))
    refused_request(r, "invalid_request", back=False)
    r = client.post("/oauth/token", data={"grant_type": 'x\\"y'})
    assert r.status_code == 400 and r.json["error"] == "unsupported_grant_type"


def test_a_missing_state_is_refused(client: FlaskClient) -> None:
    refused_request(check(client, Site().params(state=None)), "invalid_request", back=True)


def test_an_unknown_scope_is_refused(client: FlaskClient) -> None:
    r = check(client, Site(scope="profile:read admin").params())
    refused_request(r, "invalid_scope", back=True)


def test_the_decision_needs_the_ticket_of_the_request_shown(client: FlaskClient) -> None:
    _, own = new_player(client)
    site = Site()
    ticket = check(client, site.params()).json["consent"]
    other = site.params(scope="profile:read webhook:manage")
    r = client.post(
        f"{API}/oauth/authorization?{urlencode(other)}",
        json={"approve": True, "consent": ticket},
        headers=bearer(own),
    )
    assert r.status_code == 400 and r.json["code"] == "consent_expired"
    r = client.post(
        f"{API}/oauth/authorization?{urlencode(site.params())}",
        json={"approve": True, "consent": "forged"},
        headers=bearer(own),
    )
    assert r.status_code == 400 and r.json["code"] == "consent_expired"


def test_only_the_players_own_token_approves_a_site(client: FlaskClient) -> None:
    _, own = new_player(client)
    token = site_token(client, Site(), own)
    r = decide(client, Site(client_id="other.example").params(), token)
    assert r.status_code == 403 and r.json["code"] == "missing_scope"
    r = client.post(
        f"{API}/oauth/authorization?{urlencode(Site().params())}",
        json={"approve": True, "consent": "x"},
    )
    assert r.status_code == 401


# ----------------------------------------------------------------------------- revocation


def test_a_site_revokes_its_token(client: FlaskClient) -> None:
    _, own = new_player(client)
    site = Site()
    token = site_token(client, site, own)
    r = client.post("/oauth/revoke", data={"token": token, "client_id": "someone.else"})
    assert r.status_code == 400
    assert client.get(f"{API}/players/me", headers=bearer(token)).status_code == 200
    r = client.post("/oauth/revoke", data={"token": own, "client_id": site.client_id})
    assert r.status_code == 200  # not a token of the site's: nothing to revoke (RFC 7009)
    assert client.get(f"{API}/players/me", headers=bearer(own)).status_code == 200
    r = client.post("/oauth/revoke", data={"token": token, "client_id": site.client_id})
    assert r.status_code == 200
    assert client.get(f"{API}/players/me", headers=bearer(token)).status_code == 401
    assert client.get(f"{API}/players/me", headers=bearer(own)).status_code == 200
    r = client.post("/oauth/revoke", data={"token": token, "client_id": site.client_id})
    assert r.status_code == 200  # RFC 7009: an unknown token is no error


def test_the_server_metadata(client: FlaskClient) -> None:
    r = client.get("/.well-known/oauth-authorization-server")
    assert r.status_code == 200
    meta = AuthorizationServerMetadata(r.json)
    meta.validate()
    assert meta["code_challenge_methods_supported"] == ["S256"]
    assert meta["authorization_endpoint"] == "http://localhost/oauth/authorize"
    assert "game:play" in meta["scopes_supported"]


# ----------------------------------------------------------------------------- tokens


def test_personal_access_tokens_have_the_scopes_chosen(client: FlaskClient) -> None:
    _, own = new_player(client)
    r = client.post(
        f"{API}/players/me/tokens",
        json={"label": "my bot", "scopes": ["game:create", "game:play", "profile:read"]},
        headers=bearer(own),
    )
    assert r.status_code == 201 and r.headers["Cache-Control"] == "no-store"
    pat = r.json["token"]
    assert pat.startswith("player.") and r.json["info"]["label"] == "my bot"
    assert r.json["info"]["scopes"] == ["profile:read", "game:create", "game:play"]
    assert client.post(f"{API}/games", json={"players": 3}, headers=bearer(pat)).status_code == 201
    r = client.post(
        f"{API}/players/me/tokens",
        json={"label": "x", "scopes": ["game:play"]},
        headers=bearer(pat),
    )
    assert r.status_code == 403 and r.json["scope"] == "account"  # no token makes another
    r = client.post(
        f"{API}/players/me/tokens",
        json={"label": "x", "scopes": ["everything"]},
        headers=bearer(own),
    )
    assert r.status_code == 422
    listed = client.get(f"{API}/players/me/tokens", headers=bearer(own)).json
    personal = next(t for t in listed if t["kind"] == "personal")
    assert (
        client.delete(f"{API}/players/me/tokens/{personal['id']}", headers=bearer(own)).status_code
        == 204
    )
    assert client.get(f"{API}/players/me", headers=bearer(pat)).status_code == 401


def test_a_player_cannot_revoke_anothers_token(client: FlaskClient) -> None:
    _, ann = new_player(client, "ann")
    _, bob = new_player(client, "bob")
    bobs = client.get(f"{API}/players/me/tokens", headers=bearer(bob)).json[0]["id"]
    r = client.delete(f"{API}/players/me/tokens/{bobs}", headers=bearer(ann))
    assert r.status_code == 404 and r.json["code"] == "token_not_found"


# ----------------------------------------------------------------------------- confidential


def basic(client_id: str, secret: str) -> dict[str, str]:
    raw = base64.b64encode(f"{client_id}:{secret}".encode()).decode()
    return {"Authorization": f"Basic {raw}"}


def test_a_registered_client_authenticates_with_its_secret(client: FlaskClient) -> None:
    _, dev = new_player(client, "developer")
    r = client.post(
        f"{API}/players/me/oauth-clients",
        json={"name": "Spring Cup", "redirect_uris": ["https://cup.example/cb"]},
        headers=bearer(dev),
    )
    assert r.status_code == 201, r.json
    client_id, secret = r.json["client"]["client_id"], r.json["client_secret"]
    _, own = new_player(client)
    site = Site(client_id=client_id, redirect_uri="https://cup.example/cb")
    shown = check(client, site.params())
    assert shown.json["registered"] is True and shown.json["client_name"] == "Spring Cup"
    refused_request(
        check(client, site.params(redirect_uri="https://cup.example/other")),
        "invalid_request",
        back=False,
    )
    code = code_for(client, site, own)
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": site.redirect_uri,
        "code_verifier": site.verifier,
    }
    r = client.post("/oauth/token", data={**form, "client_id": client_id})
    assert r.status_code == 401 and r.json["error"] == "invalid_client"
    code = code_for(client, site, own)
    r = client.post("/oauth/token", data={**form, "code": code}, headers=basic(client_id, secret))
    assert r.status_code == 200, r.json
    listed = client.get(f"{API}/players/me/tokens", headers=bearer(own)).json
    assert any(t["client_name"] == "Spring Cup" for t in listed)
    r = client.post(
        f"{API}/players/me/oauth-clients",
        json={"name": "x", "redirect_uris": ["http://evil.example/cb"]},
        headers=bearer(dev),
    )
    assert r.status_code == 422 and r.json["code"] == "invalid_redirect_uri"


# ----------------------------------------------------------------------------- limits


def test_the_token_endpoint_is_rate_limited(service: Any) -> None:
    service.settings = replace(service.settings, oauth_token_rate_limit="2/60")
    client = create_app(service=service).test_client()
    for _ in range(2):
        assert (
            client.post("/oauth/token", data={"grant_type": "authorization_code"}).status_code
            == 401
        )
    r = client.post("/oauth/token", data={"grant_type": "authorization_code"})
    assert r.status_code == 429 and "Retry-After" in r.headers


# ----------------------------------------------------------------------------- game:play


def test_a_sites_token_with_game_play_acts_in_the_players_seats(client: FlaskClient) -> None:
    """A site's token resolves to the player, so it acts in the player's seats as the
    player's own token does; without ``game:play`` it is refused before anything moves."""
    from test_api_player_token_acts import game_of, join, pending, play_until_seat, submit

    _, own = new_player(client)
    game = game_of(client, own, players=3)
    seat = join(client, game, own)["seat"]
    others = [join(client, game) for _ in range(2)]
    play_until_seat(client, game, seat, {o["seat"]: o["token"] for o in others})
    reader = site_token(client, Site(scope="profile:read"), own)
    player = site_token(client, Site(client_id="bots.example", scope="game:play"), own)

    seq = pending(client, game)["seq"]
    r = submit(client, game, reader)
    assert r.status_code == 403 and r.json["scope"] == "game:play"
    assert pending(client, game)["seq"] == seq
    r = submit(client, game, player)
    assert r.status_code == 200, r.json
    assert pending(client, game)["seq"] > seq


def test_a_page_on_another_origin_may_exchange_its_code(service: Any) -> None:
    """A public client that is a page (a single-page app) calls the token endpoint itself:
    with CORS on for its origin, the browser lets it."""
    service.settings = replace(service.settings, cors_origins=("https://app.example",))
    client = create_app(service=service).test_client()
    for path in ("/oauth/token", "/oauth/revoke"):
        r = client.options(
            path,
            headers={"Origin": "https://app.example", "Access-Control-Request-Method": "POST"},
        )
        assert r.headers.get("Access-Control-Allow-Origin") == "https://app.example", path
    r = client.get(
        "/.well-known/oauth-authorization-server", headers={"Origin": "https://x.example"}
    )
    assert "Access-Control-Allow-Origin" not in r.headers  # not an origin allowed
