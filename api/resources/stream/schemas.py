"""What the live stream sends, for the OpenAPI document (the stream writes its messages
itself, message by message; see docs/stream.md)."""

from __future__ import annotations

import marshmallow as ma

from api.resources.log.schemas import LogEntrySchema


class StreamEntrySchema(LogEntrySchema):
    pending = ma.fields.Dict(
        allow_none=True, metadata={"description": "the decision after it {seat, kind, deadline}"}
    )
    your_turn = ma.fields.Boolean(metadata={"description": "with a seat token only"})


class StreamMessageSchema(ma.Schema):
    """One ndjson line (SSE: ``event: <type>``, ``id: <seq>``, ``data: <data>``)."""

    type = ma.fields.String(metadata={"enum": ["state", "entry", "end", "heartbeat"]})
    id = ma.fields.Integer(metadata={"description": "entries only: the entry's seq"})
    data = ma.fields.Dict(
        metadata={
            "description": "state/end: the game document (as GET /games/{id}); entry: a StreamEntry"
        }
    )
