"""The notice hub's subscription against a Redis that misbehaves, without a server."""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
from collections.abc import Iterator

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


class HeldSubscription:
    """A one-connection RESP server that answers the connection's handshake but holds
    its reply to SUBSCRIBE (and to every PING after it) until ``confirm()``."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.url = f"redis://127.0.0.1:{self.server.getsockname()[1]}/0"
        self.pinged = threading.Event()  # the client waited for a reply and pinged
        self._confirm = threading.Event()
        self.conn: socket.socket | None = None
        threading.Thread(target=self._serve, daemon=True).start()

    def confirm(self) -> None:
        self._confirm.set()

    def _commands(self, conn: socket.socket) -> Iterator[list[bytes]]:
        buffer = b""
        while True:
            while b"\r\n" not in buffer or not self._complete(buffer):
                chunk = conn.recv(4096)
                if not chunk:
                    return
                buffer += chunk
            command, buffer = self._parse(buffer)
            yield command

    @staticmethod
    def _parse(buffer: bytes) -> tuple[list[bytes], bytes]:
        head, rest = buffer.split(b"\r\n", 1)
        args = []
        for _ in range(int(head[1:])):
            size, rest = rest.split(b"\r\n", 1)
            n = int(size[1:])
            args.append(rest[:n])
            rest = rest[n + 2 :]
        return args, rest

    def _complete(self, buffer: bytes) -> bool:
        try:
            self._parse(buffer)
        except (ValueError, IndexError):
            return False
        return True

    def _serve(self) -> None:
        with contextlib.suppress(OSError):  # closed by the test's end
            self._answer()

    def _answer(self) -> None:
        conn, _ = self.server.accept()
        self.conn = conn
        held: list[bytes] = []
        for command in self._commands(conn):
            name = command[0].upper()
            if name == b"SUBSCRIBE":
                channel = command[1]
                held.append(
                    b"*3\r\n$9\r\nsubscribe\r\n$%d\r\n%s\r\n:1\r\n" % (len(channel), channel)
                )
            elif name == b"PING":
                held.append(b"*2\r\n$4\r\npong\r\n$0\r\n\r\n")
                self.pinged.set()
                self._confirm.wait(30)
            else:  # the handshake (CLIENT SETINFO ...)
                conn.sendall(b"+OK\r\n")
            if self._confirm.is_set() and held:
                conn.sendall(b"".join(held))
                held.clear()

    def close(self) -> None:
        self._confirm.set()
        self.server.close()
        if self.conn is not None:
            self.conn.close()


def test_streams_are_woken_once_redis_has_confirmed_the_subscription() -> None:
    """A notice that Redis handles before the SUBSCRIBE reaches nobody; if the streams were
    woken when the request was sent, they could read the database before that notice's
    commit and miss it until the re-check. So the hub counts itself subscribed, and wakes
    every stream, only on Redis's confirmation."""
    held = HeldSubscription()
    hub = NoticeHub(None, lambda ids: {}, held.url, recheck=600)  # type: ignore[arg-type]
    try:
        watcher = hub.watch("g")
        # The hub sent SUBSCRIBE, waited out a read with no answer and pinged: with the
        # confirmation still held, it is neither subscribed nor has it woken anybody.
        assert held.pinged.wait(30), "the hub pinged while waiting for the confirmation"
        assert not hub.subscribed.is_set()
        assert not watcher.wait(0)
        held.confirm()
        assert watcher.wait(30), "the confirmation woke the game's streams"
        assert hub.subscribed.is_set()
    finally:
        hub.stop()
        held.close()


def test_a_player_stream_learns_which_games_were_noticed_and_looks_at_once_for_its_own() -> None:
    """A player's stream looks again at once after a notice of one of its own games (a bot
    account's next decision), and at ``MIN_LOOK``'s pace after other games' notices."""
    from api.stream.player import PlayerStreamSession

    hub = NoticeHub(None, lambda ids: {}, "redis://127.0.0.1:9/0", recheck=600)  # type: ignore[arg-type]
    try:
        keeping, plain = hub.watch_any(games=True), hub.watch_any()
        hub.notify("mine")
        hub.notify("other")
        assert keeping.wait(0) and plain.wait(0)
        assert keeping.noticed() == {"mine", "other"} and keeping.noticed() == set()
        assert plain.noticed() == set()  # a watcher that did not ask keeps nothing
        session = PlayerStreamSession("p")
        session.advance([])
        session.status = {"mine": "active"}
        assert session.concerns({"mine", "other"}) and not session.concerns({"other"})
        keeping.close()
        hub.notify("mine")
        assert not keeping.wait(0)
    finally:
        hub.stop()
