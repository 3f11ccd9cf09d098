"""Bearer tokens and idempotency keys.

Tokens are read from ``Authorization: Bearer <token>`` only (never from the URL, so they
cannot end up in access logs) and are never logged or echoed back.
"""

from __future__ import annotations

import re

from flask import g, request

from api import deps
from api.problems import WWW_AUTH, ApiProblem
from service.parts.grants import TokenGrant
from service.rules.player_views import PlayerView, is_player_token

_TOKEN_RE = re.compile(r"^[A-Za-z0-9_\-\.~+/=]{16,256}$")
_IDEMPOTENCY_RE = re.compile(r"^[\x21-\x7e]{1,128}$")


#: What an operation's ``security`` names in the spec: the token it takes.
SEAT_AUTH = [{"seatToken": []}]
PLAYER_AUTH = [{"playerToken": []}]
CREATOR_AUTH = [{"creatorToken": []}]
#: A seat's token, or the player token of the player holding the seat (bot accounts act
#: in all their seats with it; docs/api.md, "Acting with a player token").
SEAT_OR_PLAYER_AUTH = [{"seatToken": []}, {"playerToken": []}]
#: Open to anybody; a player token, when sent, makes the request the player's.
OPTIONAL_PLAYER_AUTH: list[dict[str, list[str]]] = [{}, {"playerToken": []}]
#: The headers of a response that carries a token: never cached.
NO_STORE = {"Cache-Control": "no-store"}


def bearer_token() -> str:
    """The bearer token of this request; 401 when absent or not a bearer token."""
    header = request.headers.get("Authorization")
    if not header:
        raise ApiProblem(
            401, "missing_token", "send Authorization: Bearer <token>", headers=WWW_AUTH
        )
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not _TOKEN_RE.match(token):
        raise ApiProblem(
            401,
            "invalid_token",
            "the Authorization header is not a valid bearer token",
            headers=WWW_AUTH,
        )
    return token


def idempotency_key_parameter(description: str) -> dict[str, object]:
    """The ``Idempotency-Key`` header as an OpenAPI parameter, for the routes that read it
    with ``idempotency_key``; ``description`` says what a retry with the same key returns."""
    return {
        "in": "header",
        "name": "Idempotency-Key",
        "schema": {"type": "string", "pattern": _IDEMPOTENCY_RE.pattern},
        "description": description,
    }


def idempotency_key() -> str | None:
    """The ``Idempotency-Key`` header (1-128 visible ASCII characters), if any."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not _IDEMPOTENCY_RE.match(key):
        raise ApiProblem(
            400, "invalid_idempotency_key", "Idempotency-Key must be 1-128 visible ASCII characters"
        )
    return key


def request_grant() -> TokenGrant | None:
    """The request's player token with its scopes, or None without one (a seat or creator
    token in the header changes nothing); a player token that is not known (or was
    revoked, or expired) is a 401. Looked up once per request. Who the token is, for
    counting its requests (``api.ratelimit``); views ask ``request_player``."""
    if "grant" not in g:
        header = request.headers.get("Authorization") or ""
        scheme, _, token = header.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not is_player_token(token):
            g.grant = None
        else:
            g.grant = deps.service().grants.resolve(bearer_token())
    return g.grant


def request_player() -> PlayerView | None:
    """The player this request speaks for, else None: creating, joining and listing stay
    open to clients without a player token. The scope gate (``api.scopes``) decides before
    the view runs: a token whose scopes do not read an open operation as the player's
    (a ``webhook:manage`` token reading tournaments) gets None here, and so the answer a
    request without a token gets; outside the API's operations nobody is spoken for."""
    grant = request_grant()
    if grant is None or not g.get("speaks_for_player", False):
        return None
    return grant.player


def player_required() -> PlayerView:
    """The request's player; 401 ``missing_token`` without a player token."""
    player = request_player()
    if player is None:
        raise ApiProblem(
            401, "missing_token", "send Authorization: Bearer <player token>", headers=WWW_AUTH
        )
    return player
