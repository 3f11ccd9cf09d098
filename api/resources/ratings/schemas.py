"""Schemas of ratings (OpenSkill Plackett–Luce: ``mu``, ``sigma``, ``ordinal``)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document
from service.rules.rating_model import pools

POOL_DESCRIPTION = (
    "the rating pool: a game size (`3p` … `6p`) or a 2-player variant, each rating on its "
    "own; `bots-` before either: the pool of games with a bot account (docs/bots.md)"
)


class PoolQuerySchema(ma.Schema):
    pool = fields.String(
        validate=validate.OneOf(pools()),
        metadata={"description": POOL_DESCRIPTION + "; default: every pool"},
    )


class LeaderboardQuerySchema(PoolQuerySchema):
    bots = fields.String(
        load_default="include",
        validate=validate.OneOf(["include", "exclude", "only"]),
        metadata={
            "description": "the bots (bot levels and bot accounts): `include` them (default), "
            "`exclude` them (people only) or show `only` them"
        },
    )


class RatingSchema(Document):
    player_id = fields.String(metadata={"description": "a player id, or bot-<level> for a bot"})
    name = fields.String()
    bot = fields.Boolean(metadata={"description": "a bot: a bot level or a bot account"})
    pool = fields.String(metadata={"description": POOL_DESCRIPTION})
    mu = fields.Float(metadata={"description": "the estimated skill (starts at 25)"})
    sigma = fields.Float(metadata={"description": "its uncertainty (starts at 25/3)"})
    ordinal = fields.Float(metadata={"description": "mu - 3 sigma: the leaderboard's order"})
    games = fields.Integer(metadata={"description": "rated games played"})
    updated_at = fields.DateTime()


class RatingChangeSchema(Document):
    game_id = fields.String()
    pool = fields.String(metadata={"description": POOL_DESCRIPTION})
    rank = fields.Integer(metadata={"description": "the place in the game (1 = first)"})
    seats = fields.Integer(metadata={"description": "how many seats the game had"})
    mu_before = fields.Float()
    sigma_before = fields.Float()
    mu = fields.Float()
    sigma = fields.Float()
    ordinal = fields.Float()
    rated_at = fields.DateTime()
