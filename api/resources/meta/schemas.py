"""Schemas of the rules document and of the health checks."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document, optional
from api.texts import LANGUAGES


class RulesQuerySchema(ma.Schema):
    lang = fields.String(
        validate=validate.OneOf(LANGUAGES),
        metadata={
            "description": "language of `texts`; without it `Accept-Language` chooses, "
            "English by default"
        },
    )


class GeneTextSchema(Document):
    id = fields.String()
    name = fields.String(metadata={"description": "as the rule text of this language names it"})
    does = fields.String(metadata={"description": "what the gene does, in a few sentences"})
    phases = fields.List(fields.Integer(), metadata={"description": "phases its ability acts in"})
    price = fields.Integer(metadata={"description": "cost in BP"})
    mp = fields.Integer(metadata={"description": "mutation points (Ray Protection -2)"})
    replaces = fields.List(
        fields.String(), metadata={"description": "lower genes one of which it hands in"}
    )
    interacts = fields.List(fields.String(), metadata={"description": "genes it works with"})


class PhaseTextSchema(Document):
    id = fields.String(metadata={"description": '"setup" or "1".."6"'})
    name = fields.String()
    purpose = fields.String()


class DecisionTextSchema(Document):
    title = fields.String()
    purpose = fields.String(metadata={"description": "what this kind of decision is for"})


class TopicsSchema(Document):
    ozone = fields.String()
    mutation_points = fields.String()
    defects = fields.String()
    damage = fields.String()
    feeding = fields.String(metadata={"description": "including the own-colour rule"})
    placement = fields.String()
    first_amoebas = fields.String(metadata={"description": "why setup amoebas may start damaged"})
    scoring = fields.String()
    game_end = fields.String()


class TextsSchema(Document):
    genes = fields.List(fields.Nested(GeneTextSchema), metadata={"description": "table order"})
    phases = fields.List(fields.Nested(PhaseTextSchema))
    decisions = fields.Dict(
        keys=fields.String(),
        values=fields.Nested(DecisionTextSchema),
        metadata={"description": "by decision kind (rules.decision_kinds)"},
    )
    topics = fields.Nested(TopicsSchema)
    end_reasons = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "by the game_ended event's reason"},
    )
    bot_levels = fields.Dict(keys=fields.String(), values=fields.String())
    variants = fields.Dict(keys=fields.String(), values=fields.String())


class RulesSchema(Document):
    rules = fields.Dict(
        metadata={
            "description": "engine.rules_data(): board, compass, deck, genes, action types, "
            "decision_kinds, players (the supported counts), player_counts (what changes with "
            "each) and variants (the 2-player variants: colours, controllers, decoy_colour, "
            "shared, changes)"
        }
    )
    bot_levels = fields.List(fields.String())
    language = fields.String(metadata={"description": "the language of `texts`"})
    texts = fields.Nested(
        TextsSchema, metadata={"description": "the rules explained for players, in `language`"}
    )


class HealthSchema(Document):
    status = fields.String()


class SeenSchema(Document):
    seen_seconds_ago = fields.Float(
        allow_none=True, metadata={"description": "seconds since its heartbeat; null: never seen"}
    )
    recent = fields.Boolean(metadata={"description": "seen within the configured staleness"})


class ReadySchema(Document):
    Meta = optional("worker", "beat")

    status = fields.String(
        validate=validate.OneOf(("ready", "degraded")),
        metadata={
            "description": "ready: the database and the broker answer; degraded: either does "
            "not answer now, after this process had reached both"
        },
    )

    database = fields.String(metadata={"description": "ok or unreachable"})
    broker = fields.String(metadata={"description": "ok, unreachable or not used"})
    worker = fields.Nested(SeenSchema, metadata={"description": "absent without a broker"})
    beat = fields.Nested(SeenSchema, metadata={"description": "absent without a broker"})
