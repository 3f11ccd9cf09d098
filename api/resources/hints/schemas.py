"""The hint resource (``service.parts.hints.HintView``)."""

from __future__ import annotations

from marshmallow import fields

from api.contract.documents import Document, optional
from api.contract.vocabulary import component_field


class HintAlternativeSchema(Document):
    action = component_field(
        "Action", metadata={"description": "the search's runner-up (most visits after)"}
    )
    value = fields.Float(metadata={"description": "its estimated final margin, points"})
    visits = fields.Integer()


class HintReasonSchema(Document):
    Meta = optional("value", "visits", "iterations", "alternative", "gain")  # only_choice: none

    kind = fields.String(
        metadata={
            "enum": ["search", "only_choice"],
            "description": "search: the values below; only_choice: one distinct action, "
            "nothing to weigh",
        }
    )
    level = fields.String(metadata={"description": "the search level that answered"})
    value = fields.Float(
        metadata={
            "description": "the search's estimate, after the suggested action, of the final "
            "margin over the best opponent, in points (docs/ai.md, Hints)"
        }
    )
    visits = fields.Integer(metadata={"description": "search iterations through the action"})
    iterations = fields.Integer(metadata={"description": "search iterations in all"})
    alternative = fields.Nested(HintAlternativeSchema, allow_none=True)
    gain = fields.Float(
        allow_none=True,
        metadata={"description": "value minus the alternative's (null without one)"},
    )


class HintSchema(Document):
    game_id = fields.String()
    seq = fields.Integer(metadata={"description": "the decision the hint is for"})
    seat = fields.Integer()
    status = fields.String(
        metadata={
            "enum": ["pending", "ready", "stale"],
            "description": "pending: a worker is computing it; ready: action and reason "
            "are set; stale: the game has moved past seq (ask again for the new decision)",
        }
    )
    level = fields.String(metadata={"description": "the search level asked"})
    action = component_field(
        "Action",
        allow_none=True,
        metadata={"description": "the suggestion, one of pending.actions"},
    )
    reason = fields.Nested(HintReasonSchema, allow_none=True)
    requested_at = fields.DateTime()
    ready_at = fields.DateTime(allow_none=True)
    current_seq = fields.Integer(metadata={"description": "the game's seq now"})
