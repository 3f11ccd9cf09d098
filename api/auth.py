"""Bearer tokens and precondition headers.

Tokens are read from ``Authorization: Bearer <token>`` only (never from the URL, so they
cannot end up in access logs) and are never logged or echoed back.
"""

from __future__ import annotations

import re

from flask import request

from api.problems import ApiProblem

WWW_AUTH = {"WWW-Authenticate": 'Bearer realm="ursuppe"'}
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_\-\.~+/=]{16,256}$")
_IDEMPOTENCY_RE = re.compile(r"^[\x21-\x7e]{1,128}$")
_ETAG_RE = re.compile(r'^"v(\d{1,12})"$')


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


def if_match_version() -> tuple[bool, int | None]:
    """Parse ``If-Match`` into (present, expected version).

    ``*`` means "any version" (None). A value that is not one of our ETags can never match,
    so it is reported as version -1 and the service answers 412.
    """
    raw = request.headers.get("If-Match")
    if raw is None:
        return False, None
    raw = raw.strip()
    if raw == "*":
        return True, None
    values = [v.strip() for v in raw.split(",") if v.strip()]
    if len(values) != 1:
        raise ApiProblem(400, "invalid_if_match", "If-Match must carry exactly one ETag")
    m = _ETAG_RE.match(values[0])
    return True, int(m.group(1)) if m else -1


def if_none_match_hits(etag: str) -> bool:
    """True when ``If-None-Match`` lists ``etag`` (weak comparison) or ``*``."""
    raw = request.headers.get("If-None-Match")
    if not raw:
        return False
    for value in raw.split(","):
        value = value.strip()
        if value == "*":
            return True
        if value.startswith("W/"):
            value = value[2:]
        if value == etag:
            return True
    return False
