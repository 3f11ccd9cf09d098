"""A local webhook receiver for tests and the bench: an HTTP server on 127.0.0.1 in a
thread that verifies every request's signature with the ``standardwebhooks`` package and
records it; it can answer with failures first (a receiver that is down, then back)."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from standardwebhooks import Webhook, WebhookVerificationError


@dataclass(frozen=True)
class Receipt:
    """One request as received: its webhook-id, whether its signature verified, the
    answer given, the parsed body and when it arrived (``time.time()``)."""

    id: str
    verified: bool
    status: int
    timestamp: int
    body: dict[str, Any] | None
    at: float


class Receiver:
    """``Receiver()`` as a context manager; set ``secret`` once the endpoint exists.

    ``fail_first``: answer 503 to the first n requests of every webhook-id;
    ``always_fail``: answer 500 to everything (until changed).
    """

    def __init__(self, fail_first: int = 0, always_fail: bool = False) -> None:
        self.secret: str | None = None
        self.fail_first = fail_first
        self.always_fail = always_fail
        self.receipts: list[Receipt] = []
        self._seen: Counter[str] = Counter()
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the http.server hook name
                raw = self.rfile.read(int(self.headers.get("content-length", "0")))
                receiver._handle(self, raw)

            def log_message(self, *args: Any) -> None:
                return None

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def _handle(self, handler: BaseHTTPRequestHandler, raw: bytes) -> None:
        headers = {k: v for k, v in handler.headers.items()}
        msg_id = handler.headers.get("webhook-id", "")
        try:
            body = Webhook(self.secret or "whsec_").verify(raw, headers)
            verified = True
        except (WebhookVerificationError, ValueError, TypeError):
            body, verified = None, False
        with self._lock:
            self._seen[msg_id] += 1
            if not verified:
                status = 400
            elif self.always_fail:
                status = 500
            elif self._seen[msg_id] <= self.fail_first:
                status = 503
            else:
                status = 200
            self.receipts.append(
                Receipt(
                    msg_id,
                    verified,
                    status,
                    int(handler.headers.get("webhook-timestamp", 0)),
                    body,
                    time.time(),
                )  # fmt: skip
            )
        handler.send_response(status)
        handler.send_header("content-length", "2")
        handler.end_headers()
        handler.wfile.write(b"{}")

    def accepted(self, event: str | None = None) -> list[Receipt]:
        """The receipts answered 200 (of ``event``), in order."""
        with self._lock:
            return [
                r for r in self.receipts
                if r.status == 200 and (event is None or (r.body or {}).get("type") == event)
            ]  # fmt: skip

    def of(self, msg_id: str) -> list[Receipt]:
        with self._lock:
            return [r for r in self.receipts if r.id == msg_id]

    def all(self) -> list[Receipt]:
        with self._lock:
            return list(self.receipts)

    def __enter__(self) -> Receiver:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def dumps(receipts: list[Receipt]) -> str:
    """For failure messages."""
    return json.dumps([(r.id, r.status, r.verified) for r in receipts])
