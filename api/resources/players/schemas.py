"""Schemas of players (request schemas reject unknown fields: a typo is a 422)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document, view_document
from api.display_text import DisplayText
from api.parsing import QueryBoolean
from api.resources.chat.schemas import ChatMessageSchema, MuteSchema
from api.resources.games.schemas import GameSummarySchema
from api.resources.moderation.schemas import ModerationOfYouSchema, ReportSchema
from api.resources.notices.schemas import NoticeChoicesSchema
from api.resources.oauth.schemas import ClientSchema, TokenSchema
from api.resources.ratings.schemas import RatingChangeSchema, RatingSchema
from api.resources.webhooks.schemas import WebhookSchema
from engine.counts import VARIANTS
from service.models import GAME_STATUSES
from service.rules.player_views import PlayerView, Turn


class PlayerCreateSchema(ma.Schema):
    name = DisplayText(required=True)


class PlayerUpdateSchema(ma.Schema):
    name = DisplayText(required=True)


class SigninCodeSchema(Document):
    code = fields.String(
        metadata={"description": "one-time, shown once; letters and digits, e.g. `K7MPQ-2XRTA`"}
    )
    expires_at = fields.DateTime()


class SigninSchema(ma.Schema):
    code = fields.String(
        required=True,
        validate=validate.Length(1, 32),
        metadata={"description": "the code from `POST /players/me/signin-codes` (any case)"},
    )


#: A player, as ``PlayerView`` declares it.
PlayerSchema = view_document("PlayerSchema", PlayerView)


class CreatedPlayerSchema(Document):
    player = fields.Nested(PlayerSchema)
    token = fields.String(
        metadata={
            "description": "the player token (`player.…`), shown only here; send as Bearer "
            "token to create games, join seats and read your games and turns"
        }
    )


class MyGamesQuerySchema(ma.Schema):
    status = fields.String(validate=validate.OneOf(list(GAME_STATUSES)))


class PlayerGamesQuerySchema(ma.Schema):
    since = fields.DateTime(metadata={"description": "games finished at or after this time"})
    until = fields.DateTime(metadata={"description": "games finished before this time"})
    max = fields.Integer(
        validate=validate.Range(1, 100_000), metadata={"description": "at most this many games"}
    )
    rated = QueryBoolean(metadata={"description": "only rated (true) or unrated (false) games"})
    players = fields.Integer(validate=validate.Range(2, 6), metadata={"description": "seats"})
    variant = fields.String(
        validate=validate.OneOf(sorted(VARIANTS)), metadata={"description": "a 2-player variant"}
    )


#: A decision the player owes, as ``Turn`` declares it.
TurnSchema = view_document("TurnSchema", Turn)


class ProfileSchema(Document):
    player = fields.Nested(PlayerSchema)
    bot = fields.Boolean(
        metadata={"description": "a bot: a bot level's rating identity or a bot account"}
    )
    paused_until = fields.DateTime(
        allow_none=True,
        metadata={
            "description": "a bot account that missed too many deadlines is paused from new "
            "games until then (docs/bots.md); null otherwise"
        },
    )
    ratings = fields.List(
        fields.Nested(RatingSchema),
        metadata={"description": "the rating in each pool played, the best first"},
    )
    recent_games = fields.List(
        fields.Nested(GameSummarySchema),
        metadata={"description": "the latest finished games (private ones are not shown)"},
    )


class BlockSchema(Document):
    """A player the reader blocked (docs/api.md, "Blocking a player")."""

    player_id = fields.String(metadata={"description": "the blocked player"})
    name = fields.String(metadata={"description": "the blocked player's name now"})
    created_at = fields.DateTime(metadata={"description": "when the block was made"})


class AccountExportSchema(Document):
    """Everything stored about the player (docs/api.md, "Downloading your data")."""

    player = fields.Nested(PlayerSchema)
    exported_at = fields.DateTime()
    notices = fields.Nested(
        NoticeChoicesSchema, metadata={"description": "the email address and notice choices"}
    )
    tokens = fields.List(
        fields.Nested(TokenSchema),
        metadata={"description": "every token and grant, as the token list shows them: no secret"},
    )
    oauth_clients = fields.List(
        fields.Nested(ClientSchema), metadata={"description": "the sites registered"}
    )
    webhooks = fields.List(
        fields.Nested(WebhookSchema), metadata={"description": "without their signing secrets"}
    )
    mutes = fields.List(fields.Nested(MuteSchema))
    blocks = fields.List(
        fields.Nested(BlockSchema), metadata={"description": "the players blocked, oldest first"}
    )
    ratings = fields.List(fields.Nested(RatingSchema))
    rating_history = fields.List(fields.Nested(RatingChangeSchema))
    chat_messages = fields.List(
        fields.Nested(ChatMessageSchema),
        metadata={"description": "every message the player wrote, in any game, oldest first"},
    )
    games = fields.List(
        fields.Nested(GameSummarySchema),
        metadata={"description": "every game the player held a seat in, oldest first"},
    )
    reports = fields.List(
        fields.Nested(ReportSchema),
        metadata={"description": "every report the player filed, oldest first"},
    )
    moderation = fields.List(
        fields.Nested(ModerationOfYouSchema),
        metadata={
            "description": "what moderators did about the player, oldest first (not who did it)"
        },
    )
