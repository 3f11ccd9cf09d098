"""Schemas of the rules document and of the health checks."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields


class RulesSchema(ma.Schema):
    rules = fields.Dict(
        metadata={
            "description": "engine.rules_data(): board, compass, deck, genes, action types, "
            "players (the supported counts), player_counts (what changes with each) and "
            "variants (the 2-player variants: colours, controllers, decoy_colour, shared, changes)"
        }
    )
    bot_levels = fields.List(fields.String())


class HealthSchema(ma.Schema):
    status = fields.String()


class SeenSchema(ma.Schema):
    seen_seconds_ago = fields.Float(
        allow_none=True, metadata={"description": "seconds since its heartbeat; null: never seen"}
    )
    recent = fields.Boolean(metadata={"description": "seen within the configured staleness"})


class ReadySchema(HealthSchema):
    database = fields.String(metadata={"description": "ok or unreachable"})
    broker = fields.String(metadata={"description": "ok, unreachable or not used"})
    worker = fields.Nested(SeenSchema, metadata={"description": "absent without a broker"})
    beat = fields.Nested(SeenSchema, metadata={"description": "absent without a broker"})
