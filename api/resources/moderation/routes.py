"""Reports and moderation (service/parts/moderation.py; docs/api.md, "Reports and
moderation"): a player reports another player or a chat message; moderators read the
queue, act, and read the audit log."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, player_required
from api.parsing import Blueprint
from api.resources.moderation.schemas import (
    ModerationActionCreateSchema,
    ModerationLogEntrySchema,
    ModerationLogQuerySchema,
    ReportCreateSchema,
    ReportQuerySchema,
    ReportSchema,
)

blp = Blueprint(
    "moderation",
    __name__,
    url_prefix="/api/v1",
    description="Reports and moderation: players report, moderators act, every action logged.",
)


@blp.route("/reports")
class Reports(MethodView):
    @blp.arguments(ReportCreateSchema)
    @blp.response(201, ReportSchema)
    @blp.doc(security=[{"playerToken": []}])
    def post(self, body: dict[str, Any]) -> Any:
        """Report a player or a chat message to the moderators

        Name `player_id`, or `message` (a game's chat message: its author is reported and
        the text kept as it was), with a `reason` and an optional `comment`. Your open
        report of the same player (or message) is answered again, not doubled. 404
        `player_not_found`, `message_not_found`; 422 `cannot_report_self`, `invalid_report`
        (a message written without a player); 429 `report_rate_limited`.
        """
        message = body.get("message") or {}
        report = deps.service().moderation.report(
            player_required().id,
            body["reason"],
            player_id=body.get("player_id"),
            game_id=message.get("game_id"),
            message_id=message.get("message_id"),
            comment=body.get("comment"),
        )
        return report, 201, NO_STORE


@blp.route("/moderation/reports")
class ReportQueue(MethodView):
    @blp.arguments(ReportQuerySchema, location="query")
    @blp.response(200, ReportSchema(many=True))
    @blp.doc(security=[{"playerToken": []}])
    def get(self, query: dict[str, Any]) -> Any:
        """The reports, for moderators: open ones first, oldest first

        Then closed ones, the latest closed first; `status` keeps one kind. 403
        `not_moderator` for anybody else.
        """
        reports = deps.service().moderation.reports(
            player_required().id, query.get("status"), query["limit"]
        )
        return reports, 200, NO_STORE


@blp.route("/moderation/actions")
class Actions(MethodView):
    @blp.arguments(ModerationActionCreateSchema)
    @blp.response(201, ModerationLogEntrySchema)
    @blp.doc(security=[{"playerToken": []}])
    def post(self, body: dict[str, Any]) -> Any:
        """Act on a player or a report (moderators)

        `warn`; `mute` (no chat for `hours`); `bar_rated` (no rated games, seeks or
        challenges, for `hours` or until lifted); `close_account` (the account is deleted
        as its player would delete it); `lift` (every mute and bar ends); `dismiss` (a
        report closed, nobody acted on). Every action is written to the audit log; the
        player is told by a notice. An action on a player closes the player's open
        reports. 403 `not_moderator`; 404 `report_not_found`, `player_not_found`; 409
        `report_closed`; 422 `invalid_moderation`, `cannot_moderate_self`.
        """
        action = deps.service().moderation.act(
            player_required().id,
            body["action"],
            body["reason"],
            player_id=body.get("player_id"),
            report_id=body.get("report_id"),
            hours=body.get("hours"),
        )
        return action, 201, NO_STORE


@blp.route("/moderation/log")
class AuditLog(MethodView):
    @blp.arguments(ModerationLogQuerySchema, location="query")
    @blp.response(200, ModerationLogEntrySchema(many=True))
    @blp.doc(security=[{"playerToken": []}])
    def get(self, query: dict[str, Any]) -> Any:
        """The moderators' audit log: every action, the latest first (moderators)

        Who acted, on whom, what, why and when; `player_id` keeps one player's. 403
        `not_moderator`.
        """
        entries = deps.service().moderation.log(
            player_required().id, query.get("player_id"), query["limit"]
        )
        return entries, 200, NO_STORE
