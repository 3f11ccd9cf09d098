"""Budgets counted by the service itself, with the ``limits`` library (flask-limiter's own
counters): for refusals only the service can price, such as the games with search bots a
request makes (``service.parts.admission``), whichever route or worker makes them.

The counts live where the API's rate limits live (``REDIS_URL``, else this process's
memory), so the API processes and the workers share them. While Redis is away each process
counts in its own memory, as flask-limiter does (``api.ratelimit``): a budget holds per
process then, and Redis being away never stops a game from being made.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import FixedWindowRateLimiter

from service.plumbing.errors import TooMany

log = logging.getLogger(__name__)


def parse_rate(spec: str) -> str | None:
    """``"100/60"`` → ``"100 per 60 second"`` (the ``limits`` notation); empty or ``"off"``
    → None."""
    spec = (spec or "").strip().lower()
    if spec in ("", "off", "0", "none"):
        return None
    count, _, window = spec.partition("/")
    n, w = int(count), int(float(window or 60))
    if n <= 0 or w <= 0:
        raise ValueError(f"bad rate limit {spec!r}: use <requests>/<seconds>")
    return f"{n} per {w} second"


@dataclass(frozen=True)
class Key:
    """Whose count a charge is: ``key`` (``p:<player>``, ``a:<address>``) and how the
    refusal names it (``player``, ``client address``)."""

    key: str
    whose: str


class Counter:
    """Fixed-window counts in ``storage_uri`` (``redis://…`` or ``memory://``), keys under
    ``prefix``; in this process's memory while that storage fails."""

    def __init__(self, storage_uri: str, prefix: str = "ursuppe") -> None:
        self.prefix = prefix
        self._shared: Storage = storage_from_string(storage_uri)
        self._local: Storage = (
            self._shared if isinstance(self._shared, MemoryStorage) else MemoryStorage()
        )
        self._warned = False

    def charge(self, scope: str, what: str, rate: str, keys: list[Key], cost: int) -> None:
        """Count ``cost`` against every key's ``rate`` (``"<n>/<seconds>"``; off: nothing
        counted) for ``scope``, or raise ``TooMany("rate_limited")`` naming the first key
        without room for all of it; a refused charge counts nothing."""
        spec = parse_rate(rate)
        if spec is None or cost <= 0 or not keys:
            return
        item = parse(spec)
        try:
            self._charge(FixedWindowRateLimiter(self._shared), item, scope, what, keys, cost)
        except TooMany:
            raise
        except Exception as err:  # noqa: BLE001 - Redis away: count here, as flask-limiter does
            if not self._warned:
                log.warning("budget storage unreachable (%s); counting in memory", err)
                self._warned = True
            self._charge(FixedWindowRateLimiter(self._local), item, scope, what, keys, cost)

    def check(self, scope: str, what: str, rate: str, keys: list[Key], cost: int) -> None:
        """Raise as ``charge`` would, counting nothing (a look ahead: the charge comes later)."""
        spec = parse_rate(rate)
        if spec is None or cost <= 0 or not keys:
            return
        item = parse(spec)
        for storage in (self._shared, self._local):
            limiter = FixedWindowRateLimiter(storage)
            try:
                for key in keys:
                    if not limiter.test(item, self.prefix, scope, key.key, cost=cost):
                        self._refuse(limiter, item, scope, what, key, cost)
                return
            except TooMany:
                raise
            except Exception:  # noqa: BLE001,S112 - Redis away: look at this process's counts
                continue

    def _charge(
        self,
        limiter: FixedWindowRateLimiter,
        item: RateLimitItem,
        scope: str,
        what: str,
        keys: list[Key],
        cost: int,
    ) -> None:
        for key in keys:  # refuse before counting anything
            if not limiter.test(item, self.prefix, scope, key.key, cost=cost):
                self._refuse(limiter, item, scope, what, key, cost)
        for key in keys:
            if not limiter.hit(item, self.prefix, scope, key.key, cost=cost):
                self._refuse(limiter, item, scope, what, key, cost)  # a concurrent charge won

    def _refuse(
        self,
        limiter: FixedWindowRateLimiter,
        item: RateLimitItem,
        scope: str,
        what: str,
        key: Key,
        cost: int,
    ) -> None:
        stats = limiter.get_window_stats(item, self.prefix, scope, key.key)
        wait = max(math.ceil(stats.reset_time - time.time()), 1)
        limit = f"{item.amount} per {item.get_expiry()} s"
        raise TooMany(
            "rate_limited",
            f"too many requests (limit: {what}: {limit} for each {key.whose}; this asks for "
            f"{cost}, {stats.remaining} left); see Retry-After",
            retry_after=wait,
        )
