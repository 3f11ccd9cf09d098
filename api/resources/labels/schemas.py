"""Schemas of a label's standings and records."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document
from api.parsing import JsonBoolean

POINTS = r"^[0-9]{1,4}(,[0-9]{1,4}){0,5}$"


class StandingsQuerySchema(ma.Schema):
    points = fields.String(
        validate=validate.Regexp(POINTS, error="points: 1-6 comma-separated whole numbers"),
        metadata={
            "description": "points per place, 1st first (places past the list earn 0); "
            "default: one point per seat finished ahead of",
            "example": "3,2,1,0",
        },
    )

    @ma.post_load
    def _split(self, data: dict[str, object], **_: object) -> dict[str, object]:
        if "points" in data:
            data["points"] = [int(p) for p in str(data["points"]).split(",")]
        return data


class StandingSchema(Document):
    position = fields.Integer(metadata={"description": "1 = leader (after the tie-breaks)"})
    player_id = fields.String(
        allow_none=True,
        metadata={"description": "a player id, bot-<level>, or null (a seat without a player)"},
    )
    name = fields.String()
    bot = fields.Boolean()
    games = fields.Integer(metadata={"description": "seats played in the label's finished games"})
    points = fields.Integer()
    wins = fields.Integer(metadata={"description": "first places"})
    score = fields.Integer(metadata={"description": "the sum of the final scores"})
    places = fields.List(
        fields.Integer(), metadata={"description": "how often 1st, 2nd, …: places[0] = wins"}
    )


class LabelSchema(Document):
    label = fields.String()
    owner = fields.String(metadata={"description": "the player id that owns the label"})
    created_at = fields.DateTime()


class EntryCreateSchema(ma.Schema):
    share_seat_tokens = JsonBoolean(
        load_default=False,
        metadata={
            "description": "let the label's owner receive the seat tokens of the seats it "
            "gives you (a site that plays for you); default: only you get them"
        },
    )


class EntrySchema(Document):
    label = fields.String()
    player_id = fields.String()
    name = fields.String()
    share_seat_tokens = fields.Boolean()
    entered_at = fields.DateTime()
