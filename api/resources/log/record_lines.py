"""Game records as an ndjson response: the one way a list of records leaves the API
(a player's games, a tournament's games), streamed, never held in memory."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import Any

import orjson
from flask import Response, current_app

from api.resources.log.schemas import RecordSchema
from api.stream.framing import NDJSON

_RECORD = RecordSchema()


def records_response(records: Iterable[Any]) -> Response:
    """An ndjson response, one record a line, read from ``records`` as it is sent."""
    resp = current_app.response_class(_lines(records), mimetype=NDJSON)
    resp.headers["Cache-Control"] = "no-store"
    return resp


def _lines(records: Iterable[Any]) -> Iterator[bytes]:
    """Each record as one ndjson line, letting other requests run between two.
    Where the web process is gevent's (``make run``: one process, streams included), a
    record read from SQLite never yields to the hub, and a long export held it until
    gunicorn took the worker for hung (a 250-game tournament: over its 30 s); the
    standard library's ``time.sleep(0)``, which gevent patches, yields after each line
    (elsewhere it only yields the thread's time slice)."""
    for record in records:
        yield orjson.dumps(_RECORD.dump(record)) + b"\n"
        time.sleep(0)
