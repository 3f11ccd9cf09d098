"""Open streams per client address: a counter per address in this process."""

from __future__ import annotations

import threading
from collections import Counter


class ClientSlots:
    """At most ``limit`` open streams per address. Per process: with several stream
    processes the effective cap is ``limit`` times their number (a reverse proxy can cap
    connections globally; this protects one process's memory and file descriptors)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()

    def acquire(self, address: str) -> bool:
        with self._lock:
            if self._open[address] >= self.limit:
                return False
            self._open[address] += 1
            return True

    def release(self, address: str) -> None:
        with self._lock:
            self._open[address] -= 1
            if self._open[address] <= 0:
                del self._open[address]

    def count(self, address: str) -> int:
        with self._lock:
            return self._open.get(address, 0)
