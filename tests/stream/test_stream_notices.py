"""The notice hub's subscription against a Redis that misbehaves, without a server."""

from __future__ import annotations

import logging
import socket
import threading

import pytest

from api.stream.notices import NoticeHub
from harness.streams import wait_until


def test_a_redis_that_accepts_and_never_answers_does_not_hold_the_subscription(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The connection's handshake is a read: without a read limit the subscription waited
    on it for ever, and no stream of the process was woken again. With one, the hub gives
    up on that connection, says so, and tries again."""
    silent = socket.create_server(("127.0.0.1", 0))
    accepted: list[socket.socket] = []
    threading.Thread(target=lambda: accepted.append(silent.accept()[0]), daemon=True).start()
    url = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
    hub = NoticeHub(None, lambda ids: {}, url, recheck=600, read_timeout=0.5)  # type: ignore[arg-type]
    caplog.set_level(logging.WARNING, logger="api.stream.notices")
    try:
        hub.watch("g")
        wait_until(
            lambda: any("resubscribing" in r.getMessage() for r in caplog.records),
            30,
            "the subscription to give up on the silent server",
        )
        assert accepted, "the hub did reach the silent server"
        assert not hub.subscribed.is_set()
    finally:
        hub.stop()
        silent.close()
        for conn in accepted:
            conn.close()
