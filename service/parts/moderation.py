"""Reports and moderation (docs/api.md, "Reports and moderation").

A player reports another player, or one chat message, with a reason of
``service.rules.moderation.REPORT_REASONS`` and a comment; the same reporter's open report of
the same target is answered again rather than doubled. Moderators, players the operator
names from the command line (``ursuppe moderator grant``), work the queue of open reports
and act: a warning, a chat mute for a while, a bar from rated play (for a while or until
lifted), closing the account, lifting what is in force, or dismissing a report. An action
on a player closes every open report of that player; a dismissal closes its report alone.

Every action is one row of the audit log (who, what, why, when, on whom), written in the
transaction that puts the action in force, so the log never misses one that happened. The
person acted on is told by a notice (``service.rules.notice_kinds.MODERATION``), which
every player with an address or a browser subscribed gets, whatever kinds they chose. What
a mute or bar refuses is checked where it is refused (``service.parts.sanctions``).
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from service.models import ModerationActionRow, ReportRow
from service.parts.account_deletion import AccountDeletion
from service.parts.base import Part
from service.plumbing.errors import Conflict, Forbidden, NotFound, Unprocessable
from service.plumbing.text_check import display_text
from service.rules.moderation import (
    COMMENT_MAX,
    LASTING,
    MAX_DURATION,
    MODERATION_ACTIONS,
    ON_REPORT_ONLY,
    REPORT_REASONS,
    REPORT_STATUSES,
)
from service.rules.notice_kinds import MODERATION
from service.store import accounts, outbox, transactions
from service.store import moderation as queries

log = logging.getLogger(__name__)

#: The most reports or log lines one page lists.
PAGE_MAX = 200


@dataclass(frozen=True)
class ReportView:
    """A report as its reporter and the moderators see it."""

    id: str
    reporter_id: str
    reporter_name: str
    player_id: str
    player_name: str
    game_id: str | None
    message_id: int | None
    message_text: str | None
    reason: str
    comment: str | None
    status: str
    created_at: datetime
    closed_at: datetime | None
    action_id: str | None

    @classmethod
    def of(cls, row: ReportRow, reporter: str, player: str) -> ReportView:
        return cls(
            row.id, row.reporter_id, reporter, row.target_id, player, row.game_id,
            row.message_id, row.message_text, row.reason, row.comment, row.status,
            row.created_at, row.closed_at, row.action_id,
        )  # fmt: skip


@dataclass(frozen=True)
class ActionView:
    """One line of the audit log."""

    id: str
    moderator_id: str
    moderator_name: str
    player_id: str
    player_name: str
    report_id: str | None
    action: str
    reason: str
    until: datetime | None
    created_at: datetime

    @classmethod
    def of(cls, row: ModerationActionRow, moderator: str, player: str) -> ActionView:
        return cls(
            row.id, row.moderator_id, moderator, row.target_id, player, row.report_id,
            row.action, row.reason, row.until, row.created_at,
        )  # fmt: skip


@dataclass(frozen=True)
class ActionOnYou:
    """A moderator's action as the player it concerns reads it: what, why, until when and
    when; not who took it."""

    action: str
    reason: str
    until: datetime | None
    created_at: datetime


@dataclass(eq=False)
class Moderation(Part):
    """Reports, the moderators' queue, their actions and the audit log: a part
    (``service.parts.base``); closing an account goes through ``deletion``."""

    deletion: AccountDeletion

    # ------------------------------------------------------------------ reporting

    def report(
        self,
        reporter_id: str,
        reason: str,
        *,
        player_id: str | None = None,
        game_id: str | None = None,
        message_id: int | None = None,
        comment: str | None = None,
    ) -> ReportView:
        """Report ``player_id``, or the message ``message_id`` of the game ``game_id`` (its
        author is reported, the text kept as it was). 404 ``player_not_found``,
        ``game_not_found``, ``message_not_found``; 422 ``cannot_report_self``,
        ``invalid_report`` (a reason not among ``REPORT_REASONS``, not one target, or a
        message written without a player). The reporter's open report of the same target
        is returned as it is."""
        if reason not in REPORT_REASONS:
            raise Unprocessable("invalid_report", f"reason is one of {list(REPORT_REASONS)}")
        if (player_id is None) == (message_id is None) or (message_id is None) != (game_id is None):
            raise Unprocessable("invalid_report", "report either a player or a chat message")
        if comment is not None:
            comment = display_text(
                comment, max_length=COMMENT_MAX, what="a comment", code="invalid_report"
            )
        now = self.clock()
        with self.store.writing() as session:
            text = None
            if message_id is not None:
                message = queries.chat_message(session, game_id or "", message_id)
                if message is None:
                    raise NotFound(
                        "message_not_found", f"no chat message {message_id} in game {game_id}"
                    )
                if message.player_id is None:
                    raise Unprocessable(
                        "invalid_report", "the message was written without a player: "
                        "nobody to report",
                    )  # fmt: skip
                player_id, text = message.player_id, message.text
            assert player_id is not None
            target = accounts.player(session, player_id)
            if target is None:
                raise NotFound("player_not_found", f"no player {player_id}")
            if player_id == reporter_id:
                raise Unprocessable("cannot_report_self", "a player cannot report itself")
            row = queries.open_report_of(session, reporter_id, player_id, game_id, message_id)
            if row is None:
                row = ReportRow(
                    id="rep_" + secrets.token_hex(10), reporter_id=reporter_id,
                    target_id=player_id, game_id=game_id, message_id=message_id,
                    message_text=text, reason=reason, comment=comment, status="open",
                    created_at=now,
                )  # fmt: skip
                transactions.add(session, row)
                session.flush()
                log.info("report %s of player %s by %s", row.id, player_id, reporter_id)
            reporter = accounts.player(session, reporter_id)
            return ReportView.of(row, reporter.name if reporter else "", target.name)

    def of_player(self, player_id: str) -> tuple[list[ReportView], list[ActionOnYou]]:
        """What the service keeps of the player here, for the player's own download: the
        reports the player filed, and what moderators did about the player."""
        with self.store.sessions() as session:
            filed = [ReportView.of(r, a, b) for r, a, b in queries.reports_by(session, player_id)]
            acted = [
                ActionOnYou(r.action, r.reason, r.until, r.created_at)
                for r in queries.actions_on(session, player_id)
            ]
        return filed, acted

    # ------------------------------------------------------------------ moderators

    def is_moderator(self, player_id: str) -> bool:
        with self.store.sessions() as session:
            return queries.is_moderator(session, player_id)

    def require(self, player_id: str) -> None:
        """403 ``not_moderator`` unless the player is a moderator."""
        if not self.is_moderator(player_id):
            raise Forbidden("not_moderator", "only moderators may do this")

    def find_player(self, name_or_id: str) -> str:
        """The id of the player ``name_or_id`` names (an id, else a name that exactly one
        player has): 404 ``player_not_found``, 409 ``conflict`` for a shared name."""
        if self.store.people.player(name_or_id) is not None:
            return name_or_id
        with self.store.sessions() as session:
            ids = queries.players_named(session, name_or_id)
        if not ids:
            raise NotFound("player_not_found", f"no player with the id or name {name_or_id!r}")
        if len(ids) > 1:
            raise Conflict(
                "conflict", f"{len(ids)} players are called {name_or_id!r}: give an id "
                f"({', '.join(sorted(ids))})",
            )  # fmt: skip
        return ids[0]

    def grant(self, player_id: str) -> bool:
        """Make the player a moderator (the operator's command); whether it is new."""
        with self.store.writing() as session:
            new = queries.grant(session, player_id, self.clock())
        log.info("player %s %s a moderator", player_id, "made" if new else "already")
        return new

    def revoke(self, player_id: str) -> bool:
        """The player moderates no more; whether it did."""
        with self.store.writing() as session:
            gone = queries.revoke(session, player_id)
        log.info("player %s %s a moderator", player_id, "is no longer" if gone else "was not")
        return gone

    def moderators(self) -> list[tuple[str, str, datetime]]:
        with self.store.sessions() as session:
            return queries.moderators(session)

    # ------------------------------------------------------------------ the queue and the log

    def reports(self, moderator_id: str, status: str | None, limit: int) -> list[ReportView]:
        """Reports for a moderator: open ones first, oldest first; then closed ones."""
        self.require(moderator_id)
        if status is not None and status not in REPORT_STATUSES:
            raise Unprocessable("validation_error", f"status is one of {list(REPORT_STATUSES)}")
        with self.store.sessions() as session:
            rows = queries.reports(session, status, min(limit, PAGE_MAX))
            return [ReportView.of(row, a, b) for row, a, b in rows]

    def log(self, moderator_id: str, player_id: str | None, limit: int) -> list[ActionView]:
        """The audit log for a moderator, the latest action first."""
        self.require(moderator_id)
        with self.store.sessions() as session:
            rows = queries.log(session, player_id, min(limit, PAGE_MAX))
            return [ActionView.of(row, a, b) for row, a, b in rows]

    # ------------------------------------------------------------------ acting

    def act(
        self,
        moderator_id: str,
        action: str,
        reason: str,
        *,
        player_id: str | None = None,
        report_id: str | None = None,
        hours: int | None = None,
    ) -> ActionView:
        """Take ``action`` on ``player_id``, or on the player ``report_id`` reports, for
        ``reason`` (shown to the player and in the log). ``hours``: how long a mute (needed)
        or a bar (none: until lifted) lasts. 403 ``not_moderator``; 404 ``report_not_found``,
        ``player_not_found``; 409 ``report_closed``; 422 ``invalid_moderation`` (an
        unknown action, no target or two that differ, a duration where none is taken or
        out of range, a dismissal without a report), ``cannot_moderate_self``."""
        self.require(moderator_id)
        reason = display_text(
            reason, max_length=COMMENT_MAX, what="a reason", code="invalid_moderation"
        )
        until = self._until(action, hours)
        if action in ON_REPORT_ONLY and report_id is None:
            raise Unprocessable("invalid_moderation", f"{action} needs a report_id")
        now = self.clock()
        with self.store.writing() as session:
            if report_id is not None:
                report = queries.report(session, report_id, lock=True)
                if report is None:
                    raise NotFound("report_not_found", f"no report {report_id}")
                if report.status != "open":
                    raise Conflict("report_closed", f"report {report_id} is closed already")
                if player_id is not None and player_id != report.target_id:
                    raise Unprocessable(
                        "invalid_moderation", "player_id is not the player the report names"
                    )
                player_id = report.target_id
            if player_id is None:
                raise Unprocessable("invalid_moderation", "name a player_id or a report_id")
            target = accounts.player(session, player_id)
            if target is None:
                raise NotFound("player_not_found", f"no player {player_id}")
            if player_id == moderator_id and action not in ON_REPORT_ONLY:
                raise Unprocessable("cannot_moderate_self", "a moderator cannot act on itself")
            row = ModerationActionRow(
                id="mod_" + secrets.token_hex(10), moderator_id=moderator_id,
                target_id=player_id, report_id=report_id, action=action, reason=reason,
                until=until, created_at=now,
            )  # fmt: skip
            transactions.add(session, row)
            if action in LASTING:
                queries.impose(session, player_id, action, until, row.id)
            elif action == "lift":
                queries.lift(session, player_id)
            if action in ON_REPORT_ONLY:
                queries.close_reports(session, [report_id or ""], None, row.id, now)
            else:
                queries.close_reports(session, None, player_id, row.id, now)
                told = outbox.owe_players(
                    session, MODERATION,
                    [(player_id, None, {"action": action, "reason": reason,
                                        "until": until.isoformat() if until else None})],
                    now,
                )  # fmt: skip
            session.flush()
            moderator = accounts.player(session, moderator_id)
            view = ActionView.of(row, moderator.name if moderator else "", target.name)
        log.info("moderator %s: %s on %s (%s)", moderator_id, action, player_id, row.id)
        if action not in ON_REPORT_ONLY:
            self.after.notices(told)
        if action == "close_account":
            self.deletion.delete(player_id)
        return view

    def _until(self, action: str, hours: int | None) -> datetime | None:
        if action not in MODERATION_ACTIONS:
            raise Unprocessable(
                "invalid_moderation", f"action is one of {list(MODERATION_ACTIONS)}"
            )
        if hours is None:
            if action == "mute":
                raise Unprocessable("invalid_moderation", "a mute needs hours")
            return None
        if action not in LASTING:
            raise Unprocessable("invalid_moderation", f"{action} takes no hours")
        if not 1 <= hours <= MAX_DURATION // timedelta(hours=1):
            raise Unprocessable(
                "invalid_moderation",
                f"hours is 1-{MAX_DURATION // timedelta(hours=1)}",
            )
        return self.clock() + timedelta(hours=hours)
