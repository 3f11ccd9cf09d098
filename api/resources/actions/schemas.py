"""Schemas of the pending decision and of submitting an action (request schemas reject
unknown fields: a typo is a 422)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document, optional
from api.contract.vocabulary import component_field
from engine import SUPPORTED_PLAYERS
from service.models import ACTORS, GAME_STATUSES


class PendingSchema(Document):
    game_id = fields.String()
    status = fields.String(metadata={"enum": list(GAME_STATUSES)})
    seq = fields.Integer()
    version = fields.Integer()
    deadline_at = fields.DateTime(allow_none=True)
    pending = component_field(
        "Decision",
        allow_none=True,
        metadata={
            "description": "{seat, kind, actions, context, seq}; actions lists every legal "
            "action, actions[0] is the engine's safe default. null when nobody must decide."
        },
    )


class ActionSubmitSchema(ma.Schema):
    action = component_field(
        "Action", required=True, metadata={"description": "one of pending.actions, verbatim"}
    )
    expected_seq = fields.Integer(
        strict=True,
        validate=validate.Range(min=0),
        metadata={"description": "the pending decision's seq (alternative to If-Match)"},
    )
    seat = fields.Integer(
        strict=True,
        validate=validate.Range(0, max(SUPPORTED_PLAYERS) - 1),
        metadata={
            "description": "with a seat token: an optional check, must be the token's seat; "
            "with a player token: which of the player's seats acts (default: the one whose "
            "decision is pending)"
        },
    )


class ActionResultSchema(Document):
    Meta = optional("replayed")

    game_id = fields.String()
    seq = fields.Integer(metadata={"description": "sequence number of this action in the log"})
    seat = fields.Integer()
    action = component_field("Action")
    events = fields.List(component_field("Event"))
    actor = fields.String(
        metadata={
            "enum": list(ACTORS),
            "description": "`bot` for a bot account's action, `human` for a person's",
        }
    )
    status = fields.String(
        metadata={"description": "game status after the action", "enum": list(GAME_STATUSES)}
    )
    version = fields.Integer(metadata={"description": "game version right after the action"})
    pending = component_field(
        "Decision", allow_none=True, metadata={"description": "the next decision"}
    )
    created_at = fields.DateTime()
    replayed = fields.Boolean(
        metadata={
            "description": "true when this is the stored result of an earlier request "
            "with the same Idempotency-Key"
        }
    )
