"""CORS for browser clients on other origins (flask-cors), streams included.

Off unless origins are configured (``URSUPPE_CORS_ORIGINS``, comma-separated, ``*`` for
any): the API authenticates with bearer tokens, never cookies, so no credentials mode.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Flask
from flask_cors import CORS

#: Response headers a browser script may read.
EXPOSED = [
    "ETag", "Location", "Retry-After", "X-Pagination", "X-Next-Cursor", "X-Total-Count",
    "Deprecation", "Idempotent-Replayed",
    "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset",
]  # fmt: skip
#: Request headers a browser script may send (preflighted).
ALLOWED = [
    "Authorization",
    "Content-Type",
    "If-Match",
    "If-None-Match",
    "Idempotency-Key",
    "Last-Event-ID",
    "Accept",
]


def install(app: Flask, origins: Sequence[str]) -> None:
    if not origins:
        return
    CORS(
        app,
        # The API, and OAuth 2's endpoints that a page on another origin calls itself (the
        # token exchange of a public client, revocation, the metadata); /oauth/authorize
        # is navigated to, never fetched.
        resources={
            path: {"origins": list(origins)}
            for path in (
                r"/api/*",
                r"/oauth/token",
                r"/oauth/revoke",
                r"/.well-known/oauth-authorization-server",
            )
        },
        expose_headers=EXPOSED,
        allow_headers=ALLOWED,
        max_age=600,
    )
