"""A player's notices between turns: the email address (verified by a link), which notices
and how often, and the links of every email: verifying and the one-click unsubscribe
(RFC 8058). Docs: docs/api.md, "Notices by email and push"."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, PLAYER_AUTH, player_required
from api.parsing import Blueprint
from api.resources.notices.schemas import (
    CreatedPushSubscriptionSchema,
    DoneSchema,
    EmailSchema,
    NoticeChoicesSchema,
    NoticeChoicesUpdateSchema,
    PushKeySchema,
    PushSubscriptionSchema,
    UnsubscribeQuerySchema,
    VerifySchema,
)

blp = Blueprint(
    "notices",
    __name__,
    url_prefix="/api/v1",
    description="Notices between turns: email (verified address, one-click unsubscribe), Web Push.",
)


@blp.route("/players/me/notices")
class Choices(MethodView):
    @blp.response(200, NoticeChoicesSchema)
    @blp.doc(security=PLAYER_AUTH)
    def get(self) -> Any:
        """My notice choices and email address

        The address is shown to its player only. `kinds_available` lists every notice
        kind (challenges and tournaments as those come).
        """
        return deps.service().notices.choices(player_required().id), 200, NO_STORE

    @blp.arguments(NoticeChoicesUpdateSchema)
    @blp.response(200, NoticeChoicesSchema)
    @blp.doc(security=PLAYER_AUTH)
    def put(self, body: dict[str, Any]) -> Any:
        """Choose which notices, how often and in which language

        Fields left out stay as they are. Choosing again after a one-click unsubscribe
        turns email back on.
        """
        choices = deps.service().notices.choose(
            player_required().id, body.get("kinds"), body.get("cadence"), body.get("lang")
        )
        return choices, 200, NO_STORE


@blp.route("/players/me/email")
class Email(MethodView):
    @blp.arguments(EmailSchema)
    @blp.response(202, NoticeChoicesSchema)
    @blp.doc(security=PLAYER_AUTH)
    def put(self, body: dict[str, Any]) -> Any:
        """Set my email address; a verification link is mailed to it

        No notice is mailed before the link is followed (`POST /notices/verify`). 409
        `email_unavailable` when this server sends no email; 422 `invalid_email`,
        `email_ip_literal` (`a@[127.0.0.1]`) or `email_domain_not_public` (`a@localhost`,
        `.local`, `.internal`, `.test`, one label…): the server mails the public Internet
        only. Budgeted per player and per client address, since each request mails a link
        (5 an hour by default; 429 `rate_limited` with `Retry-After`).
        """
        choices = deps.service().notices.set_email(
            player_required().id, body["address"], body.get("lang")
        )
        return choices, 202, NO_STORE

    @blp.response(204)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self) -> Any:
        """Remove my email address

        Emails not yet sent are dropped. 404 `email_not_found` when there is none.
        """
        deps.service().notices.remove_email(player_required().id)
        return None


@blp.route("/notices/verify")
class Verify(MethodView):
    @blp.arguments(VerifySchema)
    @blp.response(200, DoneSchema)
    def post(self, body: dict[str, Any]) -> Any:
        """Verify an email address with the token of its link

        Needs no token of the player: the link's token is the proof (it works once, for
        two days). 404 `verification_not_found` for an unknown or expired one.
        """
        deps.service().notices.verify(body["token"])
        return {"done": True}, 200, NO_STORE


@blp.route("/notices/unsubscribe")
class Unsubscribe(MethodView):
    @blp.arguments(UnsubscribeQuerySchema, location="query")
    @blp.response(200, DoneSchema)
    def post(self, query: dict[str, Any]) -> Any:
        """Unsubscribe from every email, with one click (RFC 8058)

        The address of every email's `List-Unsubscribe` header: a mail client POSTs
        `List-Unsubscribe=One-Click` (a form body, which is not read) to it. No email is
        sent from then on until the player chooses notices again. Repeating it is harmless;
        404 `unsubscribe_not_found` for an unknown key.
        """
        deps.service().notices.unsubscribe(query["key"])
        return {"done": True}, 200, NO_STORE


@blp.route("/notices/push-key")
class PushKey(MethodView):
    @blp.response(200, PushKeySchema)
    def get(self) -> Any:
        """The server's VAPID public key for Web Push

        The `applicationServerKey` a browser subscribes with; null when this server sends
        no push notices.
        """
        return {"public_key": deps.service().notices.push_key()}


@blp.route("/players/me/push-subscriptions")
class PushSubscriptions(MethodView):
    @blp.arguments(PushSubscriptionSchema)
    @blp.response(201, CreatedPushSubscriptionSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any]) -> Any:
        """Send my notices to this browser by Web Push

        The body is the browser's `PushSubscription.toJSON()`. The notices are the kinds
        chosen with `PUT /players/me/notices`. A subscription the push service reports gone
        (404/410) is removed. 409 `push_unavailable` when the server sends no push,
        `too_many_push_subscriptions` past 10 browsers; 422 `invalid_push_subscription`.
        """
        keys = body["keys"]
        subscription = deps.service().notices.subscribe(
            player_required().id, body["endpoint"], keys["p256dh"], keys["auth"]
        )
        return {"id": subscription}, 201, NO_STORE


@blp.route("/players/me/push-subscriptions/<subscription_id>")
class PushSubscription(MethodView):
    @blp.response(204)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, subscription_id: str) -> Any:
        """Stop push notices to one browser

        404 `push_subscription_not_found` for another player's or an unknown id.
        """
        deps.service().notices.unsubscribe_push(player_required().id, subscription_id)
        return None
