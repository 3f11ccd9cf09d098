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

from api.contract.documents import Document, optional
from api.contract.plugin import NULL
from api.contract.unions import growing_union
from api.resources.log.schemas import LogEntrySchema
from engine.decision import DECISION_KINDS
from service.parts.challenge_terms import DECLINE_REASONS

JsonSchema = dict[str, Any]


class StreamPendingSchema(Document):
    seat = ma.fields.Integer(required=True)
    player = ma.fields.Integer(
        required=True,
        metadata={"description": "the game's seat that answers (differs from seat, the "
                  "colour, in the Double variants), as in the game document's pending"},
    )  # fmt: skip
    kind = ma.fields.String(
        required=True,
        metadata={"description": "the decision's kind", "enum": list(DECISION_KINDS)},
    )
    deadline = ma.fields.DateTime(
        required=True,
        allow_none=True,
        metadata={"description": "on the newest entry only (older decisions are taken)"},
    )


class StreamEntrySchema(LogEntrySchema):
    Meta = optional("your_turn", "banks")

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
            "pending": {
                "anyOf": [_ref("Pending")],
                "description": "a bot account's seat only: the decision, as GET "
                "/games/{id}/pending serves it (docs/bots.md)",
            },
            "state": {
                "anyOf": [_ref("PublicState")],
                "description": "a bot account's seat only: the game's public state",
            },
        },
        "pending",
        "state",
    ),
    "game_finished": _object({**_SEAT, "result": {"anyOf": [NULL, _ref("GameResult")]}}),
    "game_aborted": _object(_SEAT),
    "review_ready": _object(
        {
            "game_id": {"type": "string"},
            "label": _nullable("string"),
            "href": {"type": "string", "description": "GET it for the review"},
        }
    ),
    "challenge": _object(
        {
            "id": {"type": "string"},
            "challenger": _object(
                {"id": {"type": "string"}, "name": {"type": "string"}, "bot": {"type": "boolean"}}
            ),
            "terms": _ref("ChallengeTerms"),
            "seat": {"type": "integer", "description": "your seat in the game"},
            "rematch_of": _nullable("string"),
            "expires_at": {"type": "string", "format": "date-time"},
        }
    ),
    "challenge_accepted": _object(
        {
            "id": {"type": "string"},
            "player_id": _nullable("string", description="who accepted (null: all had)"),
            "game_id": _nullable("string", description="the game, once all accepted"),
        }
    ),
    "challenge_declined": _object(
        {
            "id": {"type": "string"},
            "player_id": {"type": "string"},
            "reason": {"type": "string", "enum": list(DECLINE_REASONS)},
        }
    ),
    "challenge_cancelled": _object({"id": {"type": "string"}}),
    "challenge_expired": _object({"id": {"type": "string"}}),
}
# The lobby stream's messages: type → its data (docs/stream.md, "The lobby stream").
LOBBY_MESSAGES: dict[str, JsonSchema] = {
    "seeks": _object({"items": {"type": "array", "items": _ref("Seek")}}),
    "seek_added": _ref("Seek"),
    "seek_matched": _object({"id": {"type": "string"}, "game_id": {"type": "string"}}),
    "seek_removed": _object({"id": {"type": "string"}}),
}
# A tournament's stream: type → its data (docs/stream.md, "A tournament's stream").
TOURNAMENT_MESSAGES: dict[str, JsonSchema] = {
    "tournament": _ref("Tournament"),
    "standings": _ref("TournamentStandings"),
    "rounds": _ref("TournamentRoundList"),
}
_EVENT_ID = {"type": "string", "pattern": "^[0-9]+(:[0-9]+)?$"}
#: An id on a stream with chat (``?chat_since=``): "<seq>:<chat id>", both positions.
_CHAT_ID = {"type": "string", "pattern": "^[0-9]+:[0-9]+$"}
_RETRY = {"type": "integer", "minimum": 0}


def _sse_event(kinds: tuple[str, ...], data: str, *, id_required: bool) -> JsonSchema:
    properties = {"event": _kind(*kinds), "data": _json_text(data), "id": _EVENT_ID}
    return _object({**properties, "retry": _RETRY}, "retry", *(() if id_required else ("id",)))


def _sse_message(kind: str) -> JsonSchema:
    """One SSE event of a stream whose events carry one message type each."""
    return _object(
        {"event": _kind(kind), "data": _json_text(f"the {kind} data"), "retry": _RETRY}, "retry"
    )


def _sse_events(
    prefix: str, variants: dict[str, JsonSchema], description: str
) -> dict[str, JsonSchema]:
    """A stream's SSE event as ``oneOf`` named models, ``<prefix><Name>`` for each variant:
    a generator names an inline variant by its place (``StreamEvent1``) or not at all."""
    names = {prefix + name: schema for name, schema in variants.items()}
    return {prefix: {"description": description, "oneOf": [_ref(n) for n in names]}, **names}


def _camel(kind: str) -> str:
    return "".join(part.capitalize() for part in kind.split("_"))


def _messages(
    prefix: str, variants: dict[str, JsonSchema], description: str
) -> dict[str, JsonSchema]:
    """A stream's ndjson line as a union of one named model per message type: ``<prefix>``
    (``api.contract.unions.growing_union``, discriminated by ``type``), ``<prefix><Type>``
    for each type and ``<prefix>Heartbeat``. Named, so that generators make one class per
    message type; one type each, so that a generator that decodes by the discriminator
    (datamodel-code-generator) finds each type's model."""
    components = {
        prefix + _camel(kind): schema
        for kind, schema in {**variants, "heartbeat": _object({"type": _kind("heartbeat")})}.items()
    }
    members = {kind: prefix + _camel(kind) for kind in [*variants, "heartbeat"]}
    return {**growing_union(prefix, members, description), **components}


def _typed(kind: str, data: JsonSchema) -> JsonSchema:
    return _object({"type": _kind(kind), "data": data})


def _named_data(prefix: str, messages: dict[str, JsonSchema]) -> dict[str, JsonSchema]:
    """Each message's ``data`` object as a component of its own (``<prefix><Type>Data``)."""
    return {
        f"{prefix}{_camel(kind)}Data": data for kind, data in messages.items() if "$ref" not in data
    }


def _data_ref(prefix: str, kind: str, data: JsonSchema) -> JsonSchema:
    return data if "$ref" in data else _ref(f"{prefix}{_camel(kind)}Data")


#: An entry's id on the stream of many games: "<game id>:<seq>", and for a game whose chat
#: the stream brings "<game id>:<seq>:<chat id>".
_GAME_POSITION = {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}:[0-9]+(:[0-9]+)?$"}
_MANY_FOLLOWING = _object(
    {
        "games": {"type": "array", "items": {"type": "string"}},
        "max_games": {"type": "integer"},
    }
)


# Components added to the spec by hand (api/app.py): name → schema.
STREAM_COMPONENTS: dict[str, JsonSchema] = {
    **_messages(
        "StreamMessage",
        {
            "state": _object({"type": _kind("state"), "data": _ref("Game")}),
            "end": _object({"type": _kind("end"), "data": _ref("Game")}),
            "entry": _object(
                {
                    "type": _kind("entry"),
                    "id": {"oneOf": [{"type": "integer"}, _CHAT_ID]},
                    "data": _ref("StreamEntry"),
                }
            ),
            "chat": _object({"type": _kind("chat"), "id": _CHAT_ID, "data": _ref("ChatMessage")}),
        },
        "One line of a game's ndjson stream (docs/stream.md)",
    ),
    **_sse_events(
        "StreamEvent",
        {
            "StateEnd": _sse_event(("state", "end"), "a Game", id_required=False),
            "EntryChat": _sse_event(
                ("entry", "chat"), "a StreamEntry or a ChatMessage", id_required=True
            ),
        },
        "One event of a game's SSE stream (docs/stream.md); `id` is the seq of the last entry "
        "sent (SSE's last event id), and on a stream with chat `<seq>:<chat id>`",
    ),
    **_named_data("PlayerStream", PLAYER_MESSAGES),
    **_messages(
        "PlayerStreamMessage",
        {
            kind: _typed(kind, _data_ref("PlayerStream", kind, data))
            for kind, data in PLAYER_MESSAGES.items()
        },
        "One line of a player's ndjson stream (docs/stream.md)",
    ),
    **_sse_events(
        "PlayerStreamEvent",
        {_camel(kind): _sse_message(kind) for kind in PLAYER_MESSAGES},
        "One event of a player's SSE stream (docs/stream.md)",
    ),
    "ManyStreamFollowingData": _MANY_FOLLOWING,
    **_messages(
        "ManyStreamMessage",
        {
            "following": _typed("following", _ref("ManyStreamFollowingData")),
            "state": _object({"type": _kind("state"), "data": _ref("Game")}),
            "end": _object({"type": _kind("end"), "data": _ref("Game")}),
            "entry": _object(
                {"type": _kind("entry"), "id": _GAME_POSITION, "data": _ref("ManyStreamEntry")}
            ),
            "chat": _object(
                {"type": _kind("chat"), "id": _GAME_POSITION, "data": _ref("ChatMessage")}
            ),
            **{
                kind: _typed(kind, _data_ref("PlayerStream", kind, data))
                for kind, data in PLAYER_MESSAGES.items()
            },
            **{
                kind: _typed(kind, _data_ref("LobbyStream", kind, data))
                for kind, data in LOBBY_MESSAGES.items()
            },
        },
        "One line of the ndjson stream of many games (docs/stream.md): a game's `state`, "
        "`entry` (with its `game_id`; id `<game id>:<seq>`), `chat` (for the games named in "
        "`chat`) and `end`, `following`, with a player token the player stream's messages, "
        "and with `lobby` the lobby stream's",
    ),
    **_sse_events(
        "ManyStreamEvent",
        {
            "Message": _object(
                {
                    "event": _kind("following", "state", "end", *PLAYER_MESSAGES, *LOBBY_MESSAGES),
                    "data": _json_text("the message's data"),
                    "id": _GAME_POSITION,
                    "retry": _RETRY,
                },
                "retry",
                "id",
            ),
            "EntryChat": _object(
                {
                    "event": _kind("entry", "chat"),
                    "data": _json_text("a StreamEntry with its game_id, or a ChatMessage"),
                    "id": _GAME_POSITION,
                    "retry": _RETRY,
                },
                "retry",
            ),
        },
        "One event of the SSE stream of many games (docs/stream.md); `id` is the last entry's "
        "`<game id>:<seq>`",
    ),
    **_named_data("LobbyStream", LOBBY_MESSAGES),
    **_messages(
        "LobbyStreamMessage",
        {
            kind: _typed(kind, _data_ref("LobbyStream", kind, data))
            for kind, data in LOBBY_MESSAGES.items()
        },
        "One line of the lobby's ndjson stream (docs/stream.md)",
    ),
    **_sse_events(
        "LobbyStreamEvent",
        {_camel(kind): _sse_message(kind) for kind in LOBBY_MESSAGES},
        "One event of the lobby's SSE stream (docs/stream.md)",
    ),
    **_messages(
        "TournamentStreamMessage",
        {kind: _typed(kind, data) for kind, data in TOURNAMENT_MESSAGES.items()},
        "One line of a tournament's ndjson stream (docs/stream.md)",
    ),
    **_sse_events(
        "TournamentStreamEvent",
        {_camel(kind): _sse_message(kind) for kind in TOURNAMENT_MESSAGES},
        "One event of a tournament's SSE stream (docs/stream.md)",
    ),
}
