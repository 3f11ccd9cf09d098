"""Schemas of the event log and of a finished game's record."""

from __future__ import annotations

from dataclasses import Field
from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document, optional
from api.contract.vocabulary import component_field
from api.parsing import MAX_INT32
from api.resources.chat.schemas import ChatMessageSchema
from api.resources.games.schemas import GameResultSchema, SeatSchema
from service.models import ACTORS
from service.rules.game_options import FIELDS as OPTIONS
from service.rules.positions import MAX_RANGE


class EventsQuerySchema(ma.Schema):
    since = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=MAX_INT32),
        metadata={"description": "return entries with seq > since"},
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(1, 500))


class LogEntrySchema(Document):
    seq = fields.Integer()
    seat = fields.Integer()
    action = component_field(
        "Action",
        allow_none=True,
        metadata={
            "description": "the action applied; null when the seat was handed to a bot "
            "(a timeout under the `bot` policy, a resign: a `seat_to_bot` event)"
        },
    )
    events = fields.List(component_field("Event"))
    actor = fields.String(
        metadata={
            "enum": list(ACTORS),
            "description": "who made the change: `human` a person's seat; `bot` the "
            "service's bot or a bot account (the seat's `bot_account` tells them apart); "
            "`timeout` the stand-in after a missed deadline",
        }
    )
    created_at = fields.DateTime()


class EventsPageSchema(Document):
    Meta = optional("setup")

    game_id = fields.String()
    since = fields.Integer()
    setup = fields.List(
        component_field("Event"),
        metadata={"description": "the engine's set-up events (first page only: since=0)"},
    )
    items = fields.List(fields.Nested(LogEntrySchema))
    next_since = fields.Integer(
        allow_none=True,
        metadata={"description": "pass as since for the next page; null at the end"},
    )


class PositionSchema(Document):
    game_id = fields.String()
    seq = fields.Integer(metadata={"description": "the log entry this position follows"})
    state = component_field(
        "PublicState", metadata={"description": "the engine's public view at that point"}
    )


class PositionsQuerySchema(ma.Schema):
    first = fields.Integer(
        data_key="from",
        load_default=0,
        validate=validate.Range(min=0, max=MAX_INT32),
        metadata={"description": "the first position's seq (0: after the set-up)"},
    )
    last = fields.Integer(
        data_key="to",
        validate=validate.Range(min=0, max=MAX_INT32),
        metadata={
            "description": f"the last position's seq (default and at most from + {MAX_RANGE - 1}; "
            "beyond the log's end: up to its end)"
        },
    )

    @ma.validates_schema
    def _a_bounded_range(self, data: dict[str, Any], **_: Any) -> None:
        last = data.get("last")
        if last is not None and not 0 <= last - data["first"] < MAX_RANGE:
            raise ma.ValidationError(f"to must be from to from + {MAX_RANGE - 1}", field_name="to")


class PositionItemSchema(Document):
    seq = fields.Integer(metadata={"description": "the log entry this position follows"})
    state = component_field(
        "PublicState", metadata={"description": "the engine's public view at that point"}
    )


class PositionsPageSchema(Document):
    game_id = fields.String()
    items = fields.List(fields.Nested(PositionItemSchema), metadata={"description": "in seq order"})
    next_from = fields.Integer(
        allow_none=True,
        metadata={"description": "pass as from for the next page; null at the log's end"},
    )


class RecordActionSchema(Document):
    seq = fields.Integer()
    seat = fields.Integer()
    action = component_field("Action")
    actor = fields.String(metadata={"enum": list(ACTORS)})
    events = fields.List(
        component_field("Event"), metadata={"description": "what the action caused"}
    )


class RecordFairnessSchema(Document):
    """What proves a finished game's dice fair (docs/fairness.md)."""

    scheme = fields.String(allow_none=True)
    commitment = fields.String(allow_none=True)
    server_seed = fields.String(allow_none=True, metadata={"description": "revealed at the end"})
    contributions = fields.List(
        fields.String(allow_none=True),
        allow_none=True,
        metadata={"description": "each seat's entropy, by seat (null: none given)"},
    )


def _replay_field(option: Field[Any]) -> fields.Field:
    """An option ``engine.replay`` takes, as a record gives it: its default when the game's
    creator did not choose it (``GameOptions.engine_keywords``)."""
    doc = {"description": f"engine.replay's {option.name}: {option.metadata['doc']}"}
    kind = option.metadata["kind"]
    if kind == "flag":
        return fields.Boolean(metadata=doc)
    if kind == "deck":
        doc["description"] += " (null: the standard deck)"
        return fields.List(fields.Dict(), allow_none=True, metadata=doc)
    return fields.String(allow_none=True, metadata=doc)


#: engine.replay's keywords (deck, variant, decoy_scores), from the options' declaration.
_ReplayOptions = type(
    "_ReplayOptions",
    (Document,),
    {name: _replay_field(option) for name, option in OPTIONS.items() if option.metadata["engine"]},
)


class RecordSchema(_ReplayOptions):
    id = fields.String()
    label = fields.String(allow_none=True, metadata={"description": "the creator's grouping"})
    players = fields.Integer()
    seed = fields.Integer()
    options = fields.Dict()
    seats = fields.List(fields.Nested(SeatSchema))
    fairness = fields.Nested(
        RecordFairnessSchema,
        metadata={
            "description": "check with `ursuppe verify` or by hand (docs/fairness.md); all "
            "null for a predetermined game"
        },
    )
    setup = fields.List(component_field("Event"), metadata={"description": "the set-up's events"})
    actions = fields.List(fields.Nested(RecordActionSchema))
    chat = fields.List(
        fields.Nested(ChatMessageSchema),
        metadata={"description": "the table's chat, oldest first (not needed to replay)"},
    )
    result = fields.Nested(GameResultSchema, allow_none=True)
    created_at = fields.DateTime()
    started_at = fields.DateTime(allow_none=True)
    finished_at = fields.DateTime(allow_none=True)
    replay = fields.String(
        metadata={
            "description": "how to reproduce it: engine.replay(players, seed, actions, deck, variant)"
        }
    )
