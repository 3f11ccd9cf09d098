"""A real SMTP server on loopback for tests and for a look at the mails: ``aiosmtpd`` in a
thread, keeping every message it accepts. Tests wait on its arrivals (``wait``), never on
a fixed sleep."""

from __future__ import annotations

import email
import email.policy
import threading
import time
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller

from harness.processes import free_port


class _Keep:
    def __init__(self, sink: MailSink) -> None:
        self.sink = sink

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        if self.sink.answer is not None:
            with self.sink.arrived:
                self.sink.refused += 1
                self.sink.arrived.notify_all()
            return self.sink.answer
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.sink.arrived:
            self.sink.messages.append((list(envelope.rcpt_tos), message))  # type: ignore[arg-type]
            self.sink.arrived.notify_all()
        return "250 OK"


class MailSink:
    """``with MailSink() as sink``: an SMTP server on ``127.0.0.1:sink.port``. With
    ``answer`` set (an SMTP reply such as ``"550 5.7.1 refused"``) it refuses every message
    with that reply instead, counting them in ``refused``. ``smtputf8=False``: a server
    without SMTPUTF8, which cannot take a non-ASCII address."""

    def __init__(self, smtputf8: bool = True) -> None:
        self.port = free_port()
        self.answer: str | None = None
        self.refused = 0
        self.messages: list[tuple[list[str], EmailMessage]] = []
        self.arrived = threading.Condition()
        self._controller = Controller(
            _Keep(self), hostname="127.0.0.1", port=self.port, enable_SMTPUTF8=smtputf8
        )

    def __enter__(self) -> MailSink:
        self._controller.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._controller.stop()

    def wait(self, count: int, timeout: float = 30.0) -> list[EmailMessage]:
        """The first ``count`` messages, once that many arrived (AssertionError after
        ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        with self.arrived:
            while len(self.messages) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(self.messages)} of {count} mails in {timeout} s")
                self.arrived.wait(left)
            return [m for _, m in self.messages[:count]]

    def count(self) -> int:
        with self.arrived:
            return len(self.messages)


def text_of(message: EmailMessage) -> str:
    """The plain-text part of ``message``."""
    part = message.get_body(preferencelist=("plain",))
    assert part is not None, "no text/plain part"
    return part.get_content()


def html_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("html",))
    assert part is not None, "no text/html part"
    return part.get_content()
