"""Open streams in this process: at most ``per_client`` per client address and ``total``
in all (every stream holds a socket, a descriptor, for as long as it is open)."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Literal

Full = Literal["process", "client"]


class StreamSlots:
    """Per process: with several stream processes the effective caps are these times their
    number. ``total`` keeps the process answering ordinary requests however many addresses
    open streams (the per-address cap alone does not); a reverse proxy can also cap
    connections globally (nginx ``limit_conn``)."""

    def __init__(self, per_client: int, total: int) -> None:
        self.per_client = per_client
        self.total = total
        self._open: Counter[str] = Counter()
        self._count = 0
        self._lock = threading.Lock()

    def acquire(self, address: str) -> Full | None:
        """Take a slot for ``address``: None when taken, else the cap that is full."""
        with self._lock:
            if self._count >= self.total:
                return "process"
            if self._open[address] >= self.per_client:
                return "client"
            self._open[address] += 1
            self._count += 1
            return None

    def release(self, address: str) -> None:
        with self._lock:
            self._count -= 1
            self._open[address] -= 1
            if self._open[address] <= 0:
                del self._open[address]

    def count(self, address: str | None = None) -> int:
        """Open streams of ``address``, or of the whole process."""
        with self._lock:
            return self._count if address is None else self._open.get(address, 0)
