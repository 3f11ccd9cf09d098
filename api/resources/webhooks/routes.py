"""A player's webhook endpoints under ``/api/v1/players/me/webhooks``: register one (the
signing secret is shown once), list and delete them, read an endpoint's delivery log and
ask for a redelivery. Another player's endpoint is "not found" (docs/api.md, "Webhooks")."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, PLAYER_AUTH, player_required
from api.parsing import Blueprint
from api.resources.webhooks.schemas import (
    CreatedWebhookSchema,
    DeliveryQuerySchema,
    DeliverySchema,
    WebhookCreateSchema,
    WebhookSchema,
)

blp = Blueprint(
    "webhooks",
    __name__,
    url_prefix="/api/v1/players/me/webhooks",
    description="Webhooks: signed deliveries of a player's game events (Standard Webhooks).",
)


@blp.route("")
class Webhooks(MethodView):
    @blp.arguments(WebhookCreateSchema)
    @blp.response(201, CreatedWebhookSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any]) -> Any:
        """Register a webhook endpoint

        Returns the endpoint and its signing secret, once. Deliveries are POSTed with the
        Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature`.
        A player has at most 10 endpoints (409 `too_many_webhooks`: delete one first).
        """
        player = player_required()
        created = deps.service().webhooks.create(
            player.id, body["url"], body["events"], body.get("label")
        )
        headers = {"Location": f"/api/v1/players/me/webhooks/{created.endpoint.id}", **NO_STORE}
        return {"webhook": created.endpoint, "secret": created.secret}, 201, headers

    @blp.response(200, WebhookSchema(many=True))
    @blp.doc(security=PLAYER_AUTH)
    def get(self) -> Any:
        """My webhook endpoints, oldest first

        Each with its events, label filter and whether it is enabled (an endpoint that
        keeps failing is disabled). Secrets are never shown again.
        """
        return deps.service().webhooks.endpoints(player_required().id)


@blp.route("/<endpoint_id>")
class WebhookResource(MethodView):
    @blp.response(200, WebhookSchema)
    @blp.doc(security=PLAYER_AUTH)
    def get(self, endpoint_id: str) -> Any:
        """One of my webhook endpoints

        As listed by `GET /players/me/webhooks`; 404 `webhook_not_found` for an endpoint
        of another player.
        """
        return deps.service().webhooks.endpoint(player_required().id, endpoint_id)

    @blp.response(204)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, endpoint_id: str) -> Any:
        """Delete a webhook endpoint with its delivery log

        Deliveries not yet sent are dropped.
        """
        deps.service().webhooks.delete(player_required().id, endpoint_id)
        return None


@blp.route("/<endpoint_id>/deliveries")
class Deliveries(MethodView):
    @blp.arguments(DeliveryQuerySchema, location="query")
    @blp.response(200, DeliverySchema(many=True))
    @blp.paginate()
    @blp.doc(security=PLAYER_AUTH)
    def get(self, query: dict[str, Any], endpoint_id: str, pagination_parameters: Any) -> Any:
        """The endpoint's delivery log, newest first

        Each delivery with its status, attempts and last response code; the endpoint's
        disabling is an entry too (`endpoint.disabled`). Filter by `status`.
        """
        rows, total = deps.service().webhooks.deliveries(
            player_required().id,
            endpoint_id,
            status=query.get("status"),
            page=pagination_parameters.page,
            page_size=pagination_parameters.page_size,
        )
        pagination_parameters.item_count = total
        return rows


@blp.route("/<endpoint_id>/deliveries/<delivery_id>/redeliver")
class Redeliver(MethodView):
    @blp.response(202, DeliverySchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, endpoint_id: str, delivery_id: str) -> Any:
        """Send a delivery again, with the same webhook-id

        One more attempt, now (beyond its retry schedule). Re-enables a disabled endpoint.
        """
        player = player_required()
        return deps.service().webhooks.redeliver(player.id, endpoint_id, delivery_id), 202
