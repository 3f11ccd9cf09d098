"""Rate limits per token (or client address) with flask-limiter.

Off by default (``URSUPPE_RATE_LIMIT`` empty): in production a proxy or gateway usually
limits. When set to ``"<n>/<seconds>"`` each key may make ``n`` requests per window, counted
in Redis when ``REDIS_URL`` is set (so the limit holds across every gunicorn worker and
host) and in each process's memory otherwise. Every limited response carries
``X-RateLimit-Limit``/``-Remaining``/``-Reset``; a request over the budget gets a 429
problem (``rate_limited``) with ``Retry-After``. The key is a hash of the bearer token, so
the limiter never holds tokens.

A player token (``player.…``, one per player) is keyed as the player's: every request
sent with it, from any client, counts against one budget, ``URSUPPE_PLAYER_RATE_LIMIT``
(default: the same as ``URSUPPE_RATE_LIMIT``). Telling the token's kind needs no database
look-up (the prefix), so limiting costs no query.
"""

from __future__ import annotations

import hashlib

from flask import Flask, request
from flask_limiter import Limiter

from service.config import Settings
from service.players import is_player_token

EXEMPT_PREFIXES = ("/healthz", "/readyz", "/api/v1/openapi.json", "/api/v1/docs")


def parse_rate(spec: str) -> str | None:
    """``"100/60"`` → ``"100 per 60 second"`` (flask-limiter's notation); empty or ``"off"``
    → None."""
    spec = (spec or "").strip().lower()
    if spec in ("", "off", "0", "none"):
        return None
    count, _, window = spec.partition("/")
    n, w = int(count), int(float(window or 60))
    if n <= 0 or w <= 0:
        raise ValueError(f"bad rate limit {spec!r}: use <requests>/<seconds>")
    return f"{n} per {w} second"


def client_key() -> str:
    auth = request.headers.get("Authorization")
    if auth:
        kind = "p:" if _player_request() else "t:"
        return kind + hashlib.sha256(auth.encode()).hexdigest()[:32]
    return "a:" + (request.remote_addr or "?")


def _player_request() -> bool:
    scheme, _, token = (request.headers.get("Authorization") or "").partition(" ")
    return scheme.lower() == "bearer" and is_player_token(token.strip())


def install(app: Flask, settings: Settings) -> Limiter | None:
    """Limit every route but health checks and the API's own documentation."""
    rate = parse_rate(settings.rate_limit)
    player_rate = parse_rate(settings.player_rate_limit) or rate
    if player_rate is None:
        return None

    def budget() -> str:
        return (player_rate if _player_request() else rate) or player_rate

    def exempt() -> bool:
        if request.path.startswith(EXEMPT_PREFIXES):
            return True
        return rate is None and not _player_request()  # only players are limited

    limiter = Limiter(
        client_key,
        app=app,
        default_limits=[budget],
        storage_uri=settings.redis_url or "memory://",
        key_prefix="ursuppe",
        headers_enabled=True,
        # A Redis outage must not take the API down with it: count nothing until it is back.
        swallow_errors=True,
    )
    limiter.request_filter(exempt)
    return limiter
