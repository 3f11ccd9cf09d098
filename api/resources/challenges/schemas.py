"""Schemas of challenges and rematches (service/parts/challenges.py; docs/api.md, "Challenges and
rematches"). Request schemas reject unknown fields: a typo is a 422."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document
from api.parsing import JsonBoolean
from api.resources.games.schemas import (
    LEVEL,
    GameOptionsSchema,
    SeatSpecSchema,
    TimeControlSchema,
)
from engine.counts import SUPPORTED_PLAYERS
from service.models import TIMEOUT_POLICIES
from service.parts.challenge_terms import (
    CHALLENGE_TTL,
    DECLINE_REASONS,
    MAX_CHALLENGE_TTL,
    MAX_INVITED,
    MIN_CHALLENGE_TTL,
)

_PLAYER_ID = validate.Length(min=1, max=32)


class ChallengeCreateSchema(ma.Schema):
    invited = fields.List(
        fields.String(validate=_PLAYER_ID),
        required=True,
        validate=validate.Length(1, MAX_INVITED),
        metadata={
            "description": "the players challenged (ids of persons or bot accounts), seated "
            "after the challenger in this order"
        },
    )
    players = fields.Integer(
        strict=True,
        metadata={
            "description": "the game's size (default: the challenger and the invited, at "
            "least 3; 2 with options.variant); the seats left get bots of bot_level",
            "minimum": 2,
            "maximum": max(SUPPORTED_PLAYERS),
        },
    )
    options = fields.Nested(GameOptionsSchema, load_default=dict)
    time_control = fields.Nested(
        TimeControlSchema,
        metadata={"description": "the game's clock (docs/api.md, Time controls)"},
    )
    timeout_policy = fields.String(
        load_default="default_action", metadata={"enum": list(TIMEOUT_POLICIES)}
    )
    rated = JsonBoolean(load_default=True)
    bot_level = fields.String(
        load_default="random",
        validate=LEVEL,
        metadata={"description": "the service's bots in the seats nobody was invited to"},
    )
    expires_in = fields.Integer(
        strict=True,
        load_default=CHALLENGE_TTL,
        validate=validate.Range(MIN_CHALLENGE_TTL, MAX_CHALLENGE_TTL),
        metadata={"description": f"seconds until it expires unanswered (default {CHALLENGE_TTL})"},
    )


class DeclineSchema(ma.Schema):
    reason = fields.String(
        load_default="generic",
        metadata={"enum": list(DECLINE_REASONS), "description": "why (default generic)"},
        validate=validate.OneOf(DECLINE_REASONS),
    )


class ChallengeListQuerySchema(ma.Schema):
    direction = fields.String(
        validate=validate.OneOf(["incoming", "outgoing"]),
        metadata={"description": "only those to you (incoming) or by you (outgoing)"},
    )


class ChallengePlayerSchema(Document):
    id = fields.String()
    name = fields.String()
    bot = fields.Boolean(metadata={"description": "a bot account"})


class ChallengeInvitationSchema(Document):
    player = fields.Nested(ChallengePlayerSchema)
    seat = fields.Integer(metadata={"description": "the invited player's seat in the game"})
    status = fields.String(metadata={"enum": ["pending", "accepted"]})


class ChallengeTermsSchema(Document):
    players = fields.Integer()
    seats = fields.List(
        fields.Nested(SeatSpecSchema),
        metadata={"description": "the game's seats, as createGame takes them"},
    )
    options = fields.Dict()
    time_control = fields.Nested(TimeControlSchema, allow_none=True)
    timeout_policy = fields.String()
    rated = fields.Boolean()


class ChallengeSchema(Document):
    id = fields.String()
    challenger = fields.Nested(ChallengePlayerSchema)
    invited = fields.List(fields.Nested(ChallengeInvitationSchema))
    terms = fields.Nested(ChallengeTermsSchema)
    status = fields.String(
        metadata={"enum": ["open", "accepted", "declined", "cancelled", "expired"]}
    )
    direction = fields.String(
        allow_none=True,
        metadata={"enum": ["incoming", "outgoing", None], "description": "as you see it"},
    )
    seat = fields.Integer(allow_none=True, metadata={"description": "your seat in the game"})
    created_at = fields.DateTime()
    expires_at = fields.DateTime()
    ended_at = fields.DateTime(allow_none=True)
    game_id = fields.String(
        allow_none=True, metadata={"description": "the game, once every invited player accepted"}
    )
    rematch_of = fields.String(
        allow_none=True, metadata={"description": "the finished game this one plays again"}
    )
    declined_by = fields.String(allow_none=True)
    decline_reason = fields.String(allow_none=True, metadata={"enum": [*DECLINE_REASONS, None]})
