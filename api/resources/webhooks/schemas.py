"""Schemas of webhook endpoints and their deliveries (request schemas reject unknown
fields: a typo is a 422)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import fields, validate

from api.contract.documents import Document
from service.parts.webhooks import EVENTS, MAX_URL
from service.rules.new_game import LABEL

DELIVERY_STATUSES = ("pending", "succeeded", "failed", "logged")


class WebhookCreateSchema(ma.Schema):
    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_URL),
        metadata={
            "description": "http(s) URL the deliveries are POSTed to; hosts resolving to "
            "loopback, private or link-local addresses are refused (webhook_target_refused)",
            "example": "https://example.org/ursuppe/webhooks",
        },
    )
    events = fields.List(
        fields.String(validate=validate.OneOf(list(EVENTS))),
        required=True,
        validate=validate.Length(min=1, max=len(EVENTS)),
        metadata={"description": "the events wanted"},
    )
    label = fields.String(
        metadata={
            "description": "only games under this label (default: all your games)",
            "pattern": LABEL.pattern,
        },
    )


class WebhookSchema(Document):
    id = fields.String()
    url = fields.String()
    events = fields.List(fields.String())
    label = fields.String(allow_none=True)
    enabled = fields.Boolean(
        metadata={"description": "false once disabled after failed deliveries in a row"}
    )
    failed_run = fields.Integer(
        metadata={"description": "deliveries in a row that failed for good (0 after a success)"}
    )
    disabled_at = fields.DateTime(allow_none=True)
    created_at = fields.DateTime()


class CreatedWebhookSchema(Document):
    webhook = fields.Nested(WebhookSchema)
    secret = fields.String(
        metadata={
            "description": "the signing secret (`whsec_…`), shown only here: verify every "
            "delivery's webhook-signature with it (Standard Webhooks)"
        }
    )


class DeliveryQuerySchema(ma.Schema):
    status = fields.String(validate=validate.OneOf(list(DELIVERY_STATUSES)))


class DeliverySchema(Document):
    id = fields.String(metadata={"description": "the webhook-id header of every attempt"})
    event = fields.String(
        metadata={"description": f"one of {', '.join(EVENTS)}, or endpoint.disabled"}
    )
    game_id = fields.String(allow_none=True)
    status = fields.String(
        metadata={
            "description": "pending (to be sent or retried), succeeded, failed (attempts "
            "exhausted), logged (an entry of the log, never sent)",
            "enum": list(DELIVERY_STATUSES),
        }
    )
    attempts = fields.Integer()
    last_status_code = fields.Integer(allow_none=True)
    last_error = fields.String(allow_none=True)
    last_attempt_at = fields.DateTime(allow_none=True)
    next_attempt_at = fields.DateTime(allow_none=True)
    created_at = fields.DateTime()
    delivered_at = fields.DateTime(allow_none=True)
    payload = fields.Dict(metadata={"description": "the body sent: {type, timestamp, data}"})
