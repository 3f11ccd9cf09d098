"""Schemas of a player's notice choices, email address and push subscriptions (request
schemas reject unknown fields: a typo is a 422)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document
from service.plumbing.mail.compose import LANGUAGES
from service.rules.notice_kinds import CADENCES, NoticeKind

KINDS = [k.value for k in NoticeKind]


class NoticeChoicesSchema(Document):
    email = fields.String(
        allow_none=True,
        metadata={"description": "your address; shown to you only, never to others"},
    )
    email_verified = fields.Boolean(
        metadata={"description": "the link of the verification email was followed"}
    )
    kinds = fields.List(
        fields.String(validate=validate.OneOf(KINDS)),
        metadata={"description": f"the notices you get, among {', '.join(KINDS)}"},
    )
    cadence = fields.String(
        metadata={
            "description": "now: one email per notice; digest: one email per digest period",
            "enum": list(CADENCES),
        }
    )
    lang = fields.String(
        metadata={"description": "the language of the emails", "enum": list(LANGUAGES)}
    )
    unsubscribed = fields.Boolean(
        metadata={"description": "you unsubscribed from every email with one click"}
    )
    push_subscriptions = fields.Integer(
        metadata={"description": "browsers that get your push notices"}
    )
    email_available = fields.Boolean(metadata={"description": "this server sends email"})
    push_available = fields.Boolean(metadata={"description": "this server sends Web Push"})
    kinds_available = fields.List(fields.String(), metadata={"description": "every kind"})


class NoticeChoicesUpdateSchema(ma.Schema):
    kinds = fields.List(
        fields.String(validate=validate.OneOf(KINDS)),
        validate=validate.Length(max=len(KINDS)),
        metadata={"description": "the notices you want (empty: none)"},
    )
    cadence = fields.String(validate=validate.OneOf(list(CADENCES)))
    lang = fields.String(validate=validate.OneOf(list(LANGUAGES)))


class EmailSchema(ma.Schema):
    address = fields.String(
        required=True,
        validate=validate.Length(min=3, max=254),
        metadata={"example": "ann@example.org"},
    )
    lang = fields.String(
        validate=validate.OneOf(list(LANGUAGES)),
        metadata={"description": "the language of the emails (default: as chosen before, en)"},
    )


class VerifySchema(ma.Schema):
    token = fields.String(
        required=True,
        validate=validate.Length(min=1, max=128),
        metadata={"description": "the token of the verification link"},
    )


class UnsubscribeQuerySchema(ma.Schema):
    key = fields.String(
        required=True,
        validate=validate.Length(min=1, max=128),
        metadata={"description": "the key of the email's unsubscribe link"},
    )


class PushKeySchema(Document):
    public_key = fields.String(
        allow_none=True,
        metadata={
            "description": "the VAPID public key (base64url) for PushManager.subscribe's "
            "applicationServerKey; null when this server sends no push notices"
        },
    )


class PushKeysSchema(ma.Schema):
    p256dh = fields.String(required=True, validate=validate.Length(min=1, max=128))
    auth = fields.String(required=True, validate=validate.Length(min=1, max=64))


class PushSubscriptionSchema(ma.Schema):
    """What ``PushSubscription.toJSON()`` gives in the browser (``expirationTime`` is
    accepted and not kept)."""

    endpoint = fields.String(required=True, validate=validate.Length(min=1, max=2048))
    keys = fields.Nested(PushKeysSchema, required=True)
    expirationTime = fields.Float(allow_none=True, load_default=None)  # noqa: N815 - the browser's name


class CreatedPushSubscriptionSchema(Document):
    id = fields.String(metadata={"description": "remove it with DELETE …/{id}"})


class DoneSchema(Document):
    done = fields.Boolean()
