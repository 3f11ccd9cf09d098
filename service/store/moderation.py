"""The statements of reports and moderation (``service.parts.moderation`` decides, these
read and write). Every function runs on a session its caller holds, inside its transaction."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import case, delete, select, update
from sqlalchemy.orm import Session, aliased

from service.models import (
    ChatMessageRow,
    ModerationActionRow,
    ModeratorRow,
    PlayerRow,
    ReportRow,
    SanctionRow,
)


def is_moderator(session: Session, player_id: str) -> bool:
    return session.get(ModeratorRow, player_id) is not None


def grant(session: Session, player_id: str, now: datetime) -> bool:
    """Make the player a moderator; whether it was not one already."""
    if session.get(ModeratorRow, player_id) is not None:
        return False
    session.add(ModeratorRow(player_id=player_id, granted_at=now))
    return True


def revoke(session: Session, player_id: str) -> bool:
    """Whether the player was a moderator (and is no more)."""
    return bool(
        session.execute(delete(ModeratorRow).where(ModeratorRow.player_id == player_id)).rowcount
    )


def moderators(session: Session) -> list[tuple[str, str, datetime]]:
    """(player id, name, granted at) of every moderator, oldest grant first."""
    rows = session.execute(
        select(ModeratorRow.player_id, PlayerRow.name, ModeratorRow.granted_at)
        .join(PlayerRow, PlayerRow.id == ModeratorRow.player_id)
        .order_by(ModeratorRow.granted_at, ModeratorRow.player_id)
    )
    return [(pid, name, at) for pid, name, at in rows]


def players_named(session: Session, name: str) -> list[str]:
    """The ids of the players called ``name`` (names are not unique)."""
    return list(session.scalars(select(PlayerRow.id).where(PlayerRow.name == name)))


def chat_message(session: Session, game_id: str, message_id: int) -> ChatMessageRow | None:
    return session.scalar(
        select(ChatMessageRow).where(
            ChatMessageRow.game_id == game_id, ChatMessageRow.id == message_id
        )
    )


def open_report_of(
    session: Session, reporter_id: str, target_id: str, game_id: str | None,
    message_id: int | None,
) -> ReportRow | None:  # fmt: skip
    """The reporter's open report of the same player (or of the same message), if any."""
    return session.scalar(
        select(ReportRow).where(
            ReportRow.reporter_id == reporter_id,
            ReportRow.target_id == target_id,
            ReportRow.status == "open",
            ReportRow.game_id.is_(None) if game_id is None else ReportRow.game_id == game_id,
            ReportRow.message_id.is_(None)
            if message_id is None
            else ReportRow.message_id == message_id,
        )
    )


def reports(session: Session, status: str | None, limit: int) -> list[tuple[ReportRow, str, str]]:
    """(report, reporter's name, reported player's name): open ones first, oldest first (the
    queue), then closed ones, the latest closed first; ``status`` keeps one kind only."""
    reporter, target = aliased(PlayerRow), aliased(PlayerRow)
    query = (
        select(ReportRow, reporter.name, target.name)
        .join(reporter, reporter.id == ReportRow.reporter_id)
        .join(target, target.id == ReportRow.target_id)
        .order_by(
            case((ReportRow.status == "open", 0), else_=1),
            case((ReportRow.status == "open", ReportRow.created_at), else_=None),
            ReportRow.closed_at.desc(),
            ReportRow.id,
        )
        .limit(limit)
    )
    if status is not None:
        query = query.where(ReportRow.status == status)
    return [(row, a, b) for row, a, b in session.execute(query)]


def report(session: Session, report_id: str, *, lock: bool = False) -> ReportRow | None:
    query = select(ReportRow).where(ReportRow.id == report_id)
    return session.scalar(query.with_for_update() if lock else query)


def close_reports(
    session: Session, ids: Iterable[str] | None, target_id: str | None, action_id: str,
    now: datetime,
) -> None:  # fmt: skip
    """Close the open reports ``ids``, or every open report of ``target_id``."""
    query = update(ReportRow).where(ReportRow.status == "open")
    if ids is not None:
        query = query.where(ReportRow.id.in_(list(ids)))
    else:
        query = query.where(ReportRow.target_id == target_id)
    session.execute(
        query.values(status="closed", closed_at=now, action_id=action_id).execution_options(
            synchronize_session=False
        )
    )


def log(
    session: Session, player_id: str | None, limit: int
) -> list[tuple[ModerationActionRow, str, str]]:
    """(action, moderator's name, player's name), the latest first; ``player_id``: only
    the actions on that player."""
    moderator, target = aliased(PlayerRow), aliased(PlayerRow)
    query = (
        select(ModerationActionRow, moderator.name, target.name)
        .join(moderator, moderator.id == ModerationActionRow.moderator_id)
        .join(target, target.id == ModerationActionRow.target_id)
        .order_by(ModerationActionRow.created_at.desc(), ModerationActionRow.id.desc())
        .limit(limit)
    )
    if player_id is not None:
        query = query.where(ModerationActionRow.target_id == player_id)
    return [(row, a, b) for row, a, b in session.execute(query)]


def sanction(session: Session, player_id: str, kind: str, now: datetime) -> SanctionRow | None:
    """The mute or bar of ``kind`` in force on the player now, if any."""
    row = session.get(SanctionRow, (player_id, kind))
    if row is None or (row.until is not None and row.until <= now):
        return None
    return row


def sanctioned(
    session: Session, player_ids: Iterable[str], kind: str, now: datetime
) -> list[SanctionRow]:
    """The sanctions of ``kind`` in force now on any of ``player_ids``."""
    return list(
        session.scalars(
            select(SanctionRow).where(
                SanctionRow.player_id.in_(list(player_ids)),
                SanctionRow.kind == kind,
                SanctionRow.until.is_(None) | (SanctionRow.until > now),
            )
        )
    )


def impose(
    session: Session, player_id: str, kind: str, until: datetime | None, action_id: str
) -> None:
    """Put the mute or bar in force, replacing one of the same kind."""
    row = session.get(SanctionRow, (player_id, kind))
    if row is None:
        session.add(SanctionRow(player_id=player_id, kind=kind, until=until, action_id=action_id))
    else:
        row.until, row.action_id = until, action_id


def lift(session: Session, player_id: str) -> None:
    """End every mute and bar of the player."""
    session.execute(delete(SanctionRow).where(SanctionRow.player_id == player_id))


def reports_by(session: Session, reporter_id: str) -> list[tuple[ReportRow, str, str]]:
    """(report, reporter's name, reported player's name) of every report the player filed,
    oldest first."""
    reporter, target = aliased(PlayerRow), aliased(PlayerRow)
    query = (
        select(ReportRow, reporter.name, target.name)
        .join(reporter, reporter.id == ReportRow.reporter_id)
        .join(target, target.id == ReportRow.target_id)
        .where(ReportRow.reporter_id == reporter_id)
        .order_by(ReportRow.created_at, ReportRow.id)
    )
    return [(row, a, b) for row, a, b in session.execute(query)]


def actions_on(session: Session, player_id: str) -> list[ModerationActionRow]:
    """Every action a moderator took on the player but dismissals, oldest first."""
    return list(
        session.scalars(
            select(ModerationActionRow)
            .where(
                ModerationActionRow.target_id == player_id,
                ModerationActionRow.action != "dismiss",
            )
            .order_by(ModerationActionRow.created_at, ModerationActionRow.id)
        )
    )
