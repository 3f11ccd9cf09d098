"""The two wire formats of the same messages: Server-Sent Events and ndjson."""

from __future__ import annotations

from typing import Any

import orjson

SSE = "text/event-stream"
NDJSON = "application/x-ndjson"


class SseFraming:
    mimetype = SSE
    heartbeat = b": hb\n\n"

    def open(self, retry_ms: int) -> bytes:
        """The reconnection delay for EventSource (which resumes with Last-Event-ID)."""
        return b"retry: %d\n\n" % retry_ms

    def message(self, kind: str, data: dict[str, Any], seq: int | str | None) -> bytes:
        head = b"event: " + kind.encode() + b"\n"
        if seq is not None:
            head += b"id: " + str(seq).encode() + b"\n"
        return head + b"data: " + orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS) + b"\n\n"


class NdjsonFraming:
    mimetype = NDJSON
    heartbeat = b'{"type":"heartbeat"}\n'

    def open(self, retry_ms: int) -> bytes:
        return self.heartbeat  # the first bytes: clients see the stream is open at once

    def message(self, kind: str, data: dict[str, Any], seq: int | str | None) -> bytes:
        obj: dict[str, Any] = {"type": kind, "data": data}
        if seq is not None:
            obj["id"] = seq
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS) + b"\n"


def framing_for(accept_ndjson: bool) -> SseFraming | NdjsonFraming:
    return NdjsonFraming() if accept_ndjson else SseFraming()
