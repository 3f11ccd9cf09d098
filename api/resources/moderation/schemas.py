"""Schemas of reports, moderators' actions and the audit log."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document
from api.display_text import DisplayText
from api.resources.chat.schemas import MAX_CHAT_ID
from service.parts.moderation import PAGE_MAX
from service.rules.moderation import (
    COMMENT_MAX,
    MAX_DURATION,
    MODERATION_ACTIONS,
    REPORT_REASONS,
    REPORT_STATUSES,
)

MAX_HOURS = int(MAX_DURATION.total_seconds() // 3600)


class ReportedMessageSchema(ma.Schema):
    game_id = fields.String(required=True, validate=validate.Length(1, 32))
    message_id = fields.Integer(
        required=True,
        validate=validate.Range(1, MAX_CHAT_ID),
        metadata={"description": "the message's `id` in the game's chat"},
    )


class ReportCreateSchema(ma.Schema):
    player_id = fields.String(
        validate=validate.Length(1, 32),
        metadata={"description": "the player reported (or give `message`)"},
    )
    message = fields.Nested(
        ReportedMessageSchema, metadata={"description": "the chat message reported (its author is)"}
    )
    reason = fields.String(required=True, validate=validate.OneOf(REPORT_REASONS))
    comment = DisplayText(
        max_length=COMMENT_MAX,
        what="a comment",
        code="invalid_report",
        metadata={"description": f"what happened, for the moderators: 1-{COMMENT_MAX} characters"},
    )

    @ma.validates_schema
    def one_target(self, data: dict, **_: object) -> None:
        if ("player_id" in data) == ("message" in data):
            raise ma.ValidationError("give either player_id or message", "_schema")


class ReportSchema(Document):
    id = fields.String()
    reporter_id = fields.String()
    reporter_name = fields.String()
    player_id = fields.String(metadata={"description": "the player reported"})
    player_name = fields.String()
    game_id = fields.String(allow_none=True, metadata={"description": "a reported message's game"})
    message_id = fields.Integer(allow_none=True)
    message_text = fields.String(
        allow_none=True, metadata={"description": "the reported message as it was: plain text"}
    )
    reason = fields.String(validate=validate.OneOf(REPORT_REASONS))
    comment = fields.String(allow_none=True, metadata={"description": "plain text"})
    status = fields.String(validate=validate.OneOf(REPORT_STATUSES))
    created_at = fields.DateTime()
    closed_at = fields.DateTime(allow_none=True)
    action_id = fields.String(
        allow_none=True, metadata={"description": "the moderator's action that closed it"}
    )


class ReportQuerySchema(ma.Schema):
    status = fields.String(
        validate=validate.OneOf(REPORT_STATUSES),
        metadata={"description": "only open or only closed reports (default: both, open first)"},
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(1, PAGE_MAX))


class ModerationActionCreateSchema(ma.Schema):
    action = fields.String(required=True, validate=validate.OneOf(MODERATION_ACTIONS))
    reason = DisplayText(
        required=True,
        max_length=COMMENT_MAX,
        what="a reason",
        code="invalid_moderation",
        metadata={"description": "why: shown to the player acted on and in the log"},
    )
    player_id = fields.String(
        validate=validate.Length(1, 32),
        metadata={"description": "the player acted on (or give `report_id`)"},
    )
    report_id = fields.String(
        validate=validate.Length(1, 32),
        metadata={"description": "the report acted on: its player, and the report is closed"},
    )
    hours = fields.Integer(
        validate=validate.Range(1, MAX_HOURS),
        metadata={
            "description": "how long a `mute` (required) or `bar_rated` (absent: until "
            "lifted) lasts"
        },
    )


class ModerationLogEntrySchema(Document):
    id = fields.String()
    moderator_id = fields.String()
    moderator_name = fields.String()
    player_id = fields.String(metadata={"description": "the player acted on"})
    player_name = fields.String()
    report_id = fields.String(allow_none=True)
    action = fields.String(validate=validate.OneOf(MODERATION_ACTIONS))
    reason = fields.String(metadata={"description": "plain text"})
    until = fields.DateTime(
        allow_none=True, metadata={"description": "when a mute or bar ends (null: until lifted)"}
    )
    created_at = fields.DateTime()


class ModerationLogQuerySchema(ma.Schema):
    player_id = fields.String(
        validate=validate.Length(1, 32), metadata={"description": "only actions on this player"}
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(1, PAGE_MAX))


class ModerationOfYouSchema(Document):
    """A moderator's action as the player it concerns sees it in its download: not who."""

    action = fields.String(validate=validate.OneOf(MODERATION_ACTIONS))
    reason = fields.String(metadata={"description": "plain text"})
    until = fields.DateTime(
        allow_none=True, metadata={"description": "when a mute or bar ends (null: until lifted)"}
    )
    created_at = fields.DateTime()
