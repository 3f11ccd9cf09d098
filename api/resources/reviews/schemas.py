"""The review resource (``service.parts.reviews.ReviewView``; the numbers: ``ai.review``)."""

from __future__ import annotations

from marshmallow import fields

from api.contract.documents import Document
from api.contract.vocabulary import component_field


class ReviewThresholdsSchema(Document):
    inaccuracy = fields.Float(metadata={"description": "points of loss from which a decision "
                                        "is an inaccuracy"})  # fmt: skip
    mistake = fields.Float(metadata={"description": "... a mistake"})
    blunder = fields.Float(metadata={"description": "... a blunder"})


class ReviewPlayerSchema(Document):
    seat = fields.Integer(metadata={"description": "the player's seat"})
    decisions = fields.Integer(
        metadata={"description": "its decisions reviewed (those with more than one choice)"}
    )
    accuracy = fields.Float(
        allow_none=True,
        metadata={
            "description": "0-100: the mean of 100·exp(−loss / accuracy_scale) over its "
            "decisions (null without any)"
        },
    )
    mean_loss = fields.Float(allow_none=True, metadata={"description": "points a decision"})
    inaccuracies = fields.Integer()
    mistakes = fields.Integer()
    blunders = fields.Integer()


class ReviewDecisionSchema(Document):
    seq = fields.Integer(metadata={"description": "the log entry of the decision"})
    seat = fields.Integer(metadata={"description": "the player who decided"})
    colour = fields.Integer(metadata={"description": "the colour it decided for"})
    kind = fields.String(metadata={"description": "the kind of decision (pending.kind)"})
    action = component_field("Action", metadata={"description": "the action taken"})
    value = fields.Float(
        metadata={
            "description": "the search's estimate of the seat's final margin over the best "
            "opponent, in points, after the action taken"
        }
    )
    visits = fields.Integer(metadata={"description": "search iterations through it"})
    best = component_field(
        "Action",
        allow_none=True,
        metadata={"description": "the search's choice, where it differs from the action taken"},
    )
    best_value = fields.Float(
        metadata={"description": "the same estimate after the search's choice"}
    )
    best_visits = fields.Integer()
    loss = fields.Float(metadata={"description": "best_value − value, at least 0"})
    klass = fields.String(
        data_key="class",
        attribute="class",
        allow_none=True,
        metadata={
            "enum": ["inaccuracy", "mistake", "blunder", None],
            "description": "by the loss against the thresholds; null: not flagged",
        },
    )


class ReviewSchema(Document):
    game_id = fields.String()
    status = fields.String(
        metadata={
            "enum": ["pending", "ready", "failed"],
            "description": "pending: a worker has yet to write it (GET answers 409 "
            "review_pending); ready: players and decisions are set; failed: ask again",
        }
    )
    href = fields.String(metadata={"description": "where to read it"})
    requested_at = fields.DateTime()
    ready_at = fields.DateTime(allow_none=True)
    cpu_seconds = fields.Float(allow_none=True, metadata={"description": "the worker's CPU on it"})
    thresholds = fields.Nested(ReviewThresholdsSchema, allow_none=True)
    accuracy_scale = fields.Float(allow_none=True, metadata={"description": "points"})
    iterations = fields.Integer(
        allow_none=True, metadata={"description": "search iterations a decision (at most)"}
    )
    players = fields.List(fields.Nested(ReviewPlayerSchema), allow_none=True)
    decisions = fields.List(
        fields.Nested(ReviewDecisionSchema),
        allow_none=True,
        metadata={"description": "every decision reviewed, in the order of the log"},
    )
