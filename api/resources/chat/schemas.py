"""Schemas of chat messages, the creator's switch and a player's mutes."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document
from api.display_text import DisplayText
from api.parsing import JsonBoolean
from service.parts.chat import MAX_TEXT, PAGE_MAX

#: Chat ids are 64-bit; JSON clients read integers exactly up to 2**53.
MAX_CHAT_ID = 2**53


class ChatMessageSchema(Document):
    id = fields.Integer(metadata={"description": "orders the game's messages; resume after it"})
    game_id = fields.String()
    player_id = fields.String(
        allow_none=True, metadata={"description": "the author's player (null: a seat token)"}
    )
    seat = fields.Integer(allow_none=True, metadata={"description": "null for a spectator"})
    name = fields.String(metadata={"description": "the author's display name"})
    spectator = fields.Boolean()
    text = fields.String(metadata={"description": "plain text: show it escaped"})
    created_at = fields.DateTime()


class ChatQuerySchema(ma.Schema):
    since = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=MAX_CHAT_ID),
        metadata={"description": "return messages with id > since"},
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(1, PAGE_MAX))


class ChatPageSchema(Document):
    game_id = fields.String()
    since = fields.Integer()
    items = fields.List(fields.Nested(ChatMessageSchema))
    next_since = fields.Integer(
        allow_none=True, metadata={"description": "continue here; null: no more for now"}
    )
    spectators = fields.Boolean(metadata={"description": "whether spectators may write"})


class ChatPostSchema(ma.Schema):
    text = DisplayText(
        required=True,
        max_length=MAX_TEXT,
        what="a message",
        code="invalid_chat_text",
        metadata={"description": f"1-{MAX_TEXT} characters after trimming, one line"},
    )


class ChatSettingsSchema(ma.Schema):
    spectators = JsonBoolean(
        required=True, metadata={"description": "false: only seat holders may write"}
    )


class MuteCreateSchema(ma.Schema):
    player_id = fields.String(required=True, validate=validate.Length(1, 32))


class MuteSchema(Document):
    player_id = fields.String()
    name = fields.String()
    created_at = fields.DateTime()
