"""A small fixed-window rate limit per token (or client address) and process.

Off by default (``URSUPPE_RATE_LIMIT`` empty): in production a proxy or gateway usually
limits. When set to ``"<n>/<seconds>"`` each key may make ``n`` requests per window in each
gunicorn worker; excess requests get a 429 problem with ``Retry-After``. The key is a hash
of the bearer token, so the limiter never holds tokens.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable

from flask import Flask, request

from api.problems import ApiProblem

EXEMPT_PREFIXES = ("/healthz", "/readyz", "/api/v1/openapi.json", "/api/v1/docs")


def parse_rate(spec: str) -> tuple[int, float] | None:
    """``"100/60"`` → (100, 60.0); empty or ``"off"`` → None."""
    spec = (spec or "").strip().lower()
    if spec in ("", "off", "0", "none"):
        return None
    count, _, window = spec.partition("/")
    n, w = int(count), float(window or 60)
    if n <= 0 or w <= 0:
        raise ValueError(f"bad rate limit {spec!r}: use <requests>/<seconds>")
    return n, w


class FixedWindowLimiter:
    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.window = window
        self.clock = clock
        self._lock = threading.Lock()
        self._counts: dict[str, tuple[int, int]] = {}

    def hit(self, key: str) -> float | None:
        """Count a request; None when allowed, else the seconds until the window resets."""
        now = self.clock()
        slot = int(now // self.window)
        with self._lock:
            if len(self._counts) > 100_000:  # bound memory: drop stale windows
                self._counts = {k: v for k, v in self._counts.items() if v[0] == slot}
            current_slot, count = self._counts.get(key, (slot, 0))
            if current_slot != slot:
                count = 0
            count += 1
            self._counts[key] = (slot, count)
        if count > self.limit:
            return (slot + 1) * self.window - now
        return None


def client_key() -> str:
    auth = request.headers.get("Authorization")
    if auth:
        return "t:" + hashlib.sha256(auth.encode()).hexdigest()[:32]
    return "a:" + (request.remote_addr or "?")


def install(app: Flask, spec: str) -> FixedWindowLimiter | None:
    rate = parse_rate(spec)
    if rate is None:
        return None
    limiter = FixedWindowLimiter(*rate)
    app.extensions["ursuppe_rate_limiter"] = limiter

    @app.before_request
    def _limit() -> None:
        if request.path.startswith(EXEMPT_PREFIXES):
            return
        wait = limiter.hit(client_key())
        if wait is not None:
            retry = max(1, math.ceil(wait))
            raise ApiProblem(
                429,
                "rate_limited",
                f"too many requests; retry in {retry} s",
                headers={"Retry-After": str(retry)},
            )

    return limiter
