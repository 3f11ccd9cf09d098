"""Schemas of joining a seat (request schemas reject unknown fields: a typo is a 422)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document
from api.display_text import DisplayText
from api.resources.games.schemas import GameSchema
from engine import SUPPORTED_PLAYERS
from engine.fairness import MAX_ENTROPY


class JoinSchema(ma.Schema):
    name = DisplayText(required=True)
    seat = fields.Integer(
        strict=True,
        validate=validate.Range(0, max(SUPPORTED_PLAYERS) - 1),
        metadata={"description": "a specific open seat; default: the lowest open one"},
    )
    invite = fields.String(
        validate=validate.Length(min=1, max=128),
        metadata={"description": "the invitation code of a private game's seat"},
    )
    entropy = fields.String(
        validate=validate.Length(1, MAX_ENTROPY),
        metadata={
            "description": "your contribution to the dice (any text, e.g. 32 random bytes in "
            "hex); revealed in the record. Optional: see docs/fairness.md"
        },
    )


class JoinedSchema(Document):
    game_id = fields.String()
    seat = fields.Integer()
    token = fields.String(
        metadata={"description": "the seat token, shown only here; send as Bearer token"}
    )
    game = fields.Nested(GameSchema)


class SeatTokenSchema(Document):
    game_id = fields.String()
    seat = fields.Integer()
    token = fields.String(
        metadata={"description": "the seat's new token (the earlier one stops working)"}
    )
