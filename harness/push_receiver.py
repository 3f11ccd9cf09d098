"""A Web Push service of our own on loopback, for tests: it hands out a subscription (an
endpoint on 127.0.0.1 with a browser's P-256 key pair and auth secret, as
``PushSubscription.toJSON()`` gives), receives what the server pushes there and DECRYPTS
each message (RFC 8291, aes128gcm, with ``http_ece``) as a browser would. It answers 201,
or whatever ``status`` says (410: the subscription is gone), or, when ``redirect`` is set,
307 to that address (a push service sending the server elsewhere)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass(frozen=True)
class Pushed:
    """One message as the browser reads it: its headers (names in lower case) and the
    decrypted JSON."""

    headers: dict[str, str]
    body: dict[str, Any]


class PushReceiver:
    """``with PushReceiver() as push``: ``push.subscription`` to hand to the server,
    ``push.wait(n)`` for the first n messages, decrypted."""

    def __init__(self) -> None:
        self.status = 201
        self.received: list[Pushed] = []
        self.refused = 0
        self.redirect: str | None = None
        self.redirected = 0
        self._key = ec.generate_private_key(ec.SECP256R1())
        self._auth = os.urandom(16)
        self._arrived = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if receiver.redirect is not None:
                    with receiver._arrived:
                        receiver.redirected += 1
                    self.send_response(307)
                    self.send_header("Location", receiver.redirect)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                status = receiver.status
                if status == 201:
                    plain = http_ece.decrypt(
                        body, private_key=receiver._key, auth_secret=receiver._auth,
                        version="aes128gcm",
                    )  # fmt: skip
                    pushed = Pushed(
                        {k.lower(): v for k, v in self.headers.items()}, json.loads(plain)
                    )
                with receiver._arrived:
                    if status == 201:
                        receiver.received.append(pushed)
                    else:
                        receiver.refused += 1
                    receiver._arrived.notify_all()
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_: object) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        point = self._key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.subscription = {
            "endpoint": f"http://127.0.0.1:{self._server.server_port}/push/{_b64(os.urandom(9))}",
            "keys": {"p256dh": _b64(point), "auth": _b64(self._auth)},
        }

    def __enter__(self) -> PushReceiver:
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def wait(self, count: int, timeout: float = 30.0) -> list[Pushed]:
        deadline = time.monotonic() + timeout
        with self._arrived:
            while len(self.received) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(self.received)} of {count} pushes in {timeout} s")
                self._arrived.wait(left)
            return list(self.received[:count])
