"""The two wire formats of the same messages: Server-Sent Events and ndjson."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import orjson
from flask import Response, current_app, request

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


def requested_framing() -> SseFraming | NdjsonFraming:
    """The framing the request's ``Accept`` asks for: SSE unless ndjson is preferred."""
    return framing_for(request.accept_mimetypes.best_match([SSE, NDJSON], default=SSE) == NDJSON)


def streaming_response(
    body: Iterator[bytes], framing: SseFraming | NdjsonFraming, closed: Callable[[], None]
) -> Response:
    """A stream's 200: never cached, passed on by nginx message by message
    (``X-Accel-Buffering``); ``closed`` lets the stream's slot and watchers go when the
    client leaves or the body ends."""
    resp = current_app.response_class(body, mimetype=framing.mimetype)
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["X-Accel-Buffering"] = "no"
    resp.call_on_close(closed)
    return resp


#: The ``Accept`` header every stream documents: the media type picks the framing.
ACCEPT_PARAMETER: dict[str, Any] = {
    "in": "header",
    "name": "Accept",
    "schema": {"type": "string", "enum": [SSE, NDJSON]},
    "description": f"{SSE} (default) or {NDJSON}",
}


def stream_response(description: str, event_schema: str, message_schema: str) -> dict[str, Any]:
    """The spec's 200 of a stream. The ndjson body is text of many lines, never one JSON
    document, so its schema is a string (a generated client that parsed it as one message
    failed on every call), with the schema of one line beside it as ``x-itemSchema``
    (OpenAPI 3.2's ``itemSchema`` in a 3.0 extension). The SSE media type keeps the schema
    of one event, which is how tools read an event stream's schema (schemathesis checks
    each event against it)."""

    def framed(what: str, schema: str) -> dict[str, Any]:
        return {
            "schema": {"type": "string", "description": f"{what}, each one a `{schema}`"},
            "x-itemSchema": {"$ref": f"#/components/schemas/{schema}"},
        }

    return {
        "description": description,
        "content": {
            SSE: {"schema": {"$ref": f"#/components/schemas/{event_schema}"}},
            NDJSON: framed("newline-delimited JSON", message_schema),
        },
    }
