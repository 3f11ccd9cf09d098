"""What the live streams send, for the OpenAPI document (the streams write their messages
themselves, message by message; docs/stream.md is the contract).

Each media type's schema describes one message, as OpenAPI before 3.2 has it for event
streams (3.2 names that ``itemSchema``): for ``application/x-ndjson`` one line; for
``text/event-stream`` one event as the SSE format defines it (``event``, ``data``, ``id``:
the last event id seen, ``retry``), whose ``data`` is the JSON text of the ndjson line's
``data`` (OpenAPI 3.0 has no keyword for a schema inside a string: the tests check it
through the ndjson schema). Heartbeats are SSE comments (no event) and
``{"type": "heartbeat"}`` lines.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from api.resources.log.schemas import LogEntrySchema

JsonSchema = dict[str, Any]


class StreamPendingSchema(ma.Schema):
    seat = ma.fields.Integer(required=True)
    kind = ma.fields.String(required=True, metadata={"description": "the decision's kind"})
    deadline = ma.fields.DateTime(
        required=True,
        allow_none=True,
        metadata={"description": "on the newest entry only (older decisions are taken)"},
    )


class StreamEntrySchema(LogEntrySchema):
    pending = ma.fields.Nested(
        StreamPendingSchema,
        required=True,
        allow_none=True,
        metadata={"description": "the decision after it; null once the game is over"},
    )
    your_turn = ma.fields.Boolean(metadata={"description": "with a seat token only"})
    banks = ma.fields.List(
        ma.fields.Float(allow_none=True),
        metadata={
            "description": "bank time control only: each seat's bank in seconds right after "
            "this entry (null for a bot); the deciding seat's runs out at pending.deadline"
        },
    )


class ManyStreamEntrySchema(StreamEntrySchema):
    """An entry on the stream of many games: the game stream's, with its game."""

    game_id = ma.fields.String(required=True, metadata={"description": "the entry's game"})


def _ref(name: str) -> JsonSchema:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(properties: dict[str, JsonSchema], *optional: str) -> JsonSchema:
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def _kind(*kinds: str) -> JsonSchema:
    return {"type": "string", "enum": list(kinds)}


def _json_text(what: str) -> JsonSchema:
    return {
        "type": "string",
        "pattern": "^\\{",
        "description": f"JSON text: {what}, as `data` of the same message in ndjson",
    }


def _nullable(type_: str, **more: Any) -> JsonSchema:
    return {"type": type_, "nullable": True, **more}


_SEAT = {
    "game_id": {"type": "string"},
    "seat": {"type": "integer"},
    "label": _nullable("string"),
}
# The player stream's messages: type → its data.
PLAYER_MESSAGES: dict[str, JsonSchema] = {
    "hello": _object({"player_id": {"type": "string"}}),
    "game_started": _object(_SEAT),
    "your_turn": _object(
        {
            **_SEAT,
            "seq": {"type": "integer", "description": "answer with expected_seq: seq"},
            "pending_kind": _nullable("string"),
            "deadline_at": _nullable("string", format="date-time"),
        }
    ),
    "game_finished": _object({**_SEAT, "result": _nullable("object")}),
    "game_aborted": _object(_SEAT),
}
# The lobby stream's messages: type → its data (docs/stream.md, "The lobby stream").
LOBBY_MESSAGES: dict[str, JsonSchema] = {
    "seeks": _object({"items": {"type": "array", "items": _ref("Seek")}}),
    "seek_added": _ref("Seek"),
    "seek_matched": _object({"id": {"type": "string"}, "game_id": {"type": "string"}}),
    "seek_removed": _object({"id": {"type": "string"}}),
}
_EVENT_ID = {"type": "string", "pattern": "^[0-9]+(:[0-9]+)?$"}
#: An id on a stream with chat (``?chat_since=``): "<seq>:<chat id>", both positions.
_CHAT_ID = {"type": "string", "pattern": "^[0-9]+:[0-9]+$"}
_RETRY = {"type": "integer", "minimum": 0}


def _sse_event(kinds: tuple[str, ...], data: str, *, id_required: bool) -> JsonSchema:
    properties = {"event": _kind(*kinds), "data": _json_text(data), "id": _EVENT_ID}
    return _object({**properties, "retry": _RETRY}, "retry", *(() if id_required else ("id",)))


#: An entry's id on the stream of many games: "<game id>:<seq>".
_GAME_POSITION = {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}:[0-9]+$"}
_MANY_GAME = {
    "following": _object(
        {
            "games": {"type": "array", "items": {"type": "string"}},
            "max_games": {"type": "integer"},
        }
    ),
    "state": _ref("Game"),
    "end": _ref("Game"),
}


# Components added to the spec by hand (api/app.py): name → schema.
STREAM_COMPONENTS: dict[str, JsonSchema] = {
    "StreamMessage": {
        "description": "One line of a game's ndjson stream (docs/stream.md)",
        "oneOf": [
            _object({"type": _kind("state", "end"), "data": _ref("Game")}),
            _object(
                {
                    "type": _kind("entry"),
                    "id": {"oneOf": [{"type": "integer"}, _CHAT_ID]},
                    "data": _ref("StreamEntry"),
                }
            ),
            _object({"type": _kind("chat"), "id": _CHAT_ID, "data": _ref("ChatMessage")}),
            _object({"type": _kind("heartbeat")}),
        ],
    },
    "StreamEvent": {
        "description": "One event of a game's SSE stream (docs/stream.md); `id` is the seq of "
        "the last entry sent (SSE's last event id), and on a stream with chat "
        "`<seq>:<chat id>`",
        "oneOf": [
            _sse_event(("state", "end"), "a Game", id_required=False),
            _sse_event(("entry", "chat"), "a StreamEntry or a ChatMessage", id_required=True),
        ],
    },
    "PlayerStreamMessage": {
        "description": "One line of a player's ndjson stream (docs/stream.md)",
        "oneOf": [
            *(
                _object({"type": _kind(kind), "data": data})
                for kind, data in PLAYER_MESSAGES.items()
            ),
            _object({"type": _kind("heartbeat")}),
        ],
    },
    "PlayerStreamEvent": {
        "description": "One event of a player's SSE stream (docs/stream.md)",
        "oneOf": [
            _object(
                {"event": _kind(kind), "data": _json_text(f"the {kind} data"), "retry": _RETRY},
                "retry",
            )
            for kind in PLAYER_MESSAGES
        ],
    },
    "ManyStreamMessage": {
        "description": "One line of the ndjson stream of many games (docs/stream.md): a "
        "game's `state`, `entry` (with its `game_id`; id `<game id>:<seq>`) and `end`, "
        "`following`, and with a player token the player stream's messages",
        "oneOf": [
            *(_object({"type": _kind(kind), "data": data}) for kind, data in _MANY_GAME.items()),
            _object(
                {
                    "type": _kind("entry"),
                    "id": _GAME_POSITION,
                    "data": _ref("ManyStreamEntry"),
                }
            ),
            *(
                _object({"type": _kind(kind), "data": data})
                for kind, data in PLAYER_MESSAGES.items()
            ),
            _object({"type": _kind("heartbeat")}),
        ],
    },
    "ManyStreamEvent": {
        "description": "One event of the SSE stream of many games (docs/stream.md); `id` is "
        "the last entry's `<game id>:<seq>`",
        "oneOf": [
            _object(
                {
                    "event": _kind(*_MANY_GAME, *PLAYER_MESSAGES),
                    "data": _json_text("the message's data"),
                    "id": _GAME_POSITION,
                    "retry": _RETRY,
                },
                "retry",
                "id",
            ),
            _object(
                {
                    "event": _kind("entry"),
                    "data": _json_text("a StreamEntry with its game_id"),
                    "id": _GAME_POSITION,
                    "retry": _RETRY,
                },
                "retry",
            ),
        ],
    },
    "LobbyStreamMessage": {
        "description": "One line of the lobby's ndjson stream (docs/stream.md)",
        "oneOf": [
            *(
                _object({"type": _kind(kind), "data": data})
                for kind, data in LOBBY_MESSAGES.items()
            ),
            _object({"type": _kind("heartbeat")}),
        ],
    },
    "LobbyStreamEvent": {
        "description": "One event of the lobby's SSE stream (docs/stream.md)",
        "oneOf": [
            _object(
                {"event": _kind(kind), "data": _json_text(f"the {kind} data"), "retry": _RETRY},
                "retry",
            )
            for kind in LOBBY_MESSAGES
        ],
    },
}
