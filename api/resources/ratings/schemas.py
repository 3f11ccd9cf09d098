"""Schemas of ratings (OpenSkill Plackett–Luce: ``mu``, ``sigma``, ``ordinal``)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import view_document
from service.rules.player_views import POOL_DESCRIPTION, RatingChange, RatingView
from service.rules.rating_model import pools


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


#: A leaderboard row, as ``RatingView`` declares it.
RatingSchema = view_document("RatingSchema", RatingView)

#: A rated game in a player's history, as ``RatingChange`` declares it.
RatingChangeSchema = view_document("RatingChangeSchema", RatingChange)
