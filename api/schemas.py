"""Request and response schemas (marshmallow) — the source of the OpenAPI spec.

Request schemas reject unknown fields (marshmallow's default ``RAISE``), so a typo in a
client's body is a 422 rather than a silently ignored option.
"""

from __future__ import annotations

from datetime import UTC

import marshmallow as ma
from marshmallow import fields, validate

from service.lifecycle import LABEL, LABEL_RULE
from service.models import GAME_STATUSES

NAME = validate.Length(min=1, max=64)
LEVEL = validate.Length(min=1, max=32)


class SeatSpecSchema(ma.Schema):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["human", "bot"]),
        metadata={"description": "'human': open for a player to join; 'bot': an AI plays it"},
    )
    level = fields.String(
        validate=LEVEL,
        metadata={"description": "bot level (see GET /api/v1/rules → bot_levels); bots only"},
    )
    name = fields.String(validate=NAME, metadata={"description": "display name of a bot seat"})


class GameOptionsSchema(ma.Schema):
    deck = fields.List(
        fields.Dict(),
        validate=validate.Length(min=1, max=200),
        metadata={"description": "custom environment deck (cards as in rules.environment deck)"},
    )
    timeout_bot_level = fields.String(
        validate=LEVEL, metadata={"description": "bot taking over on timeout (policy 'bot')"}
    )
    resign_bot_level = fields.String(
        validate=LEVEL, metadata={"description": "bot taking over a resigned seat"}
    )


class GameCreateSchema(ma.Schema):
    players = fields.Integer(required=True, validate=validate.Range(3, 4), strict=True)
    seats = fields.List(
        fields.Nested(SeatSpecSchema),
        validate=validate.Length(min=3, max=4),
        metadata={"description": "one entry per seat; default: all human"},
    )
    time_limit = fields.Integer(
        strict=True,
        validate=validate.Range(min=0),
        metadata={"description": "seconds per human decision; 0 = no limit; default 600"},
    )
    timeout_policy = fields.String(
        validate=validate.OneOf(["default_action", "bot"]),
        load_default="default_action",
        metadata={
            "description": "on timeout: 'default_action' plays the engine's safe default "
            "(pending.actions[0]); 'bot' hands the seat to a bot for the rest of the game"
        },
    )
    options = fields.Nested(GameOptionsSchema, load_default=dict)
    label = fields.String(
        validate=validate.Regexp(LABEL, error=LABEL_RULE),
        metadata={
            "description": "your grouping of games (a tournament, a league round); "
            "list them with ?label=",
            "example": "cup-2026:round-1",
        },
    )


class SeatSchema(ma.Schema):
    seat = fields.Integer()
    kind = fields.String()
    bot_level = fields.String(allow_none=True)
    name = fields.String(allow_none=True)
    occupied = fields.Boolean()
    joined_at = fields.DateTime(allow_none=True)
    timeouts = fields.Integer()
    replaced_by_bot = fields.Boolean()
    resigned = fields.Boolean()


class GameSummarySchema(ma.Schema):
    id = fields.String()
    status = fields.String(metadata={"enum": list(GAME_STATUSES)})
    players = fields.Integer()
    seq = fields.Integer(metadata={"description": "player actions applied so far"})
    version = fields.Integer(metadata={"description": "changes with every write; the ETag"})
    seats = fields.List(fields.Nested(SeatSchema))
    open_seats = fields.List(fields.Integer())
    options = fields.Dict(
        metadata={"description": "public options; a custom deck's cards stay hidden until the end"}
    )
    time_limit = fields.Integer()
    timeout_policy = fields.String()
    pending_seat = fields.Integer(allow_none=True)
    pending_kind = fields.String(allow_none=True)
    deadline_at = fields.DateTime(allow_none=True)
    created_at = fields.DateTime()
    updated_at = fields.DateTime()
    started_at = fields.DateTime(allow_none=True)
    finished_at = fields.DateTime(allow_none=True)
    label = fields.String(allow_none=True, metadata={"description": "the creator's grouping"})
    result = fields.Dict(
        allow_none=True, metadata={"description": "{ranking: [seats, winner first], scores}"}
    )


class GameSchema(GameSummarySchema):
    pending = fields.Dict(
        allow_none=True,
        metadata={"description": "the pending decision {seat, kind, actions, context, seq}"},
    )
    state = fields.Dict(
        attribute="public",
        allow_none=True,
        metadata={"description": "the engine's public view (no RNG, no undrawn cards)"},
    )


class CreatedGameSchema(ma.Schema):
    game = fields.Nested(GameSchema)
    creator_token = fields.String(
        metadata={"description": "shown once: authorises aborting the game before it starts"}
    )


class GameListQuerySchema(ma.Schema):
    status = fields.String(validate=validate.OneOf(list(GAME_STATUSES)))
    open_seats = fields.Boolean(
        metadata={"description": "true: only open games with a free human seat; false: others"}
    )
    label = fields.String(
        validate=validate.Regexp(LABEL, error=LABEL_RULE),
        metadata={"description": "only games created with this label"},
    )
    updated_after = fields.AwareDateTime(
        default_timezone=UTC,
        metadata={
            "description": "only games changed after this instant (ISO 8601; UTC when no "
            "offset is given). Poll with some overlap (the newest updated_at seen minus a "
            "minute: server clocks and paging) and keep the highest version per game"
        },
    )


class JoinSchema(ma.Schema):
    name = fields.String(required=True, validate=NAME)
    seat = fields.Integer(
        strict=True,
        validate=validate.Range(0, 3),
        metadata={"description": "a specific open seat; default: the lowest open one"},
    )


class JoinedSchema(ma.Schema):
    game_id = fields.String()
    seat = fields.Integer()
    token = fields.String(
        metadata={"description": "the seat token, shown only here; send as Bearer token"}
    )
    game = fields.Nested(GameSchema)


class PendingSchema(ma.Schema):
    game_id = fields.String()
    status = fields.String()
    seq = fields.Integer()
    version = fields.Integer()
    deadline_at = fields.DateTime(allow_none=True)
    pending = fields.Dict(
        allow_none=True,
        metadata={
            "description": "{seat, kind, actions, context, seq}; actions lists every legal "
            "action, actions[0] is the engine's safe default. null when nobody must decide."
        },
    )


class ActionSubmitSchema(ma.Schema):
    action = fields.Dict(
        required=True, metadata={"description": "one of pending.actions, verbatim"}
    )
    expected_seq = fields.Integer(
        strict=True,
        validate=validate.Range(min=0),
        metadata={"description": "the pending decision's seq (alternative to If-Match)"},
    )
    seat = fields.Integer(
        strict=True,
        validate=validate.Range(0, 3),
        metadata={"description": "optional check: must be the token's seat"},
    )


class ActionResultSchema(ma.Schema):
    game_id = fields.String()
    seq = fields.Integer(metadata={"description": "sequence number of this action in the log"})
    seat = fields.Integer()
    action = fields.Dict()
    events = fields.List(fields.Raw())
    actor = fields.String(metadata={"enum": ["human", "bot", "timeout"]})
    status = fields.String(metadata={"description": "game status after the action"})
    version = fields.Integer(metadata={"description": "game version right after the action"})
    pending = fields.Dict(allow_none=True, metadata={"description": "the next decision"})
    created_at = fields.DateTime()
    replayed = fields.Boolean(
        metadata={
            "description": "true when this is the stored result of an earlier request "
            "with the same Idempotency-Key"
        }
    )


class EventsQuerySchema(ma.Schema):
    since = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={"description": "return entries with seq > since"},
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(1, 500))


class LogEntrySchema(ma.Schema):
    seq = fields.Integer()
    seat = fields.Integer()
    action = fields.Dict()
    events = fields.List(fields.Raw())
    actor = fields.String()
    created_at = fields.DateTime()


class EventsPageSchema(ma.Schema):
    game_id = fields.String()
    since = fields.Integer()
    setup = fields.List(
        fields.Raw(),
        metadata={"description": "the engine's set-up events (first page only: since=0)"},
    )
    items = fields.List(fields.Nested(LogEntrySchema))
    next_since = fields.Integer(
        allow_none=True,
        metadata={"description": "pass as since for the next page; null at the end"},
    )


class RecordActionSchema(ma.Schema):
    seq = fields.Integer()
    seat = fields.Integer()
    action = fields.Dict()
    actor = fields.String()


class RecordSchema(ma.Schema):
    id = fields.String()
    label = fields.String(allow_none=True, metadata={"description": "the creator's grouping"})
    players = fields.Integer()
    seed = fields.Integer()
    options = fields.Dict()
    deck = fields.List(fields.Dict(), allow_none=True)
    seats = fields.List(fields.Nested(SeatSchema))
    actions = fields.List(fields.Nested(RecordActionSchema))
    result = fields.Dict(allow_none=True)
    created_at = fields.DateTime()
    started_at = fields.DateTime(allow_none=True)
    finished_at = fields.DateTime(allow_none=True)
    replay = fields.String(
        metadata={"description": "how to reproduce it: engine.replay(players, seed, actions, deck)"}
    )


class RulesSchema(ma.Schema):
    rules = fields.Dict(
        metadata={"description": "engine.rules_data(): board, compass, deck, genes"}
    )
    bot_levels = fields.List(fields.String())


class HealthSchema(ma.Schema):
    status = fields.String()
