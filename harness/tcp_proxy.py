"""A loopback TCP relay in front of the live server, which a test can cut: to the browser
the site then goes away as when the network drops (connections refused, open ones closed),
while the shared server goes on serving the other tests; or drop: the open connections
close and new ones go through, as after a blip."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator


class TcpRelay:
    """Relays every connection to ``127.0.0.1:target_port`` until ``cut()``."""

    def __init__(self, target_port: int) -> None:
        self._target = ("127.0.0.1", target_port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._cut = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # cut
            try:
                upstream = socket.create_connection(self._target, timeout=10)
                upstream.settimeout(None)  # a live stream may stay quiet a long while
            except OSError:
                client.close()
                continue
            with self._lock:
                if self._cut:
                    client.close()
                    upstream.close()
                    return
                self._open |= {client, upstream}
            for src, dst in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(src, dst), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := src.recv(65536):
                dst.sendall(data)
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)

    def drop(self) -> int:
        """Close the open connections (as a network fault does) but keep accepting new
        ones; the number closed."""
        with self._lock:
            sockets, self._open = self._open, set()
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        return len(sockets) // 2

    def cut(self) -> None:
        """Refuse new connections and close the open ones."""
        with self._lock:
            self._cut = True
            sockets, self._open = self._open, set()
        self._listener.close()
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()


@contextlib.contextmanager
def tcp_relay(target_port: int) -> Iterator[TcpRelay]:
    relay = TcpRelay(target_port)
    try:
        yield relay
    finally:
        relay.cut()
