"""The statements of holds (``service.parts.holds``): who does not want to hear from whom,
and the hashed addresses players wrote from lately."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Select, delete, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql.selectable import Subquery

from service.models import BlockRow, ChatMuteRow, SourceMarkRow


def holds() -> Subquery:
    """(``holder``, ``held``, ``since``): ``holder`` does not want to hear from ``held``
    since ``since``: a mute or a block (a block hides chat as a mute does), so every check
    that reads holds (challenges, chat) honours both."""
    mutes = select(
        ChatMuteRow.player_id.label("holder"),
        ChatMuteRow.muted_id.label("held"),
        ChatMuteRow.created_at.label("since"),
    )
    blocks = select(
        BlockRow.player_id.label("holder"),
        BlockRow.blocked_id.label("held"),
        BlockRow.created_at.label("since"),
    )
    return mutes.union_all(blocks).subquery("holds")


def forget(session: Session, since: datetime) -> int:
    """Delete every mark from before ``since`` (the window is all they are kept for); how
    many."""
    return int(
        session.execute(delete(SourceMarkRow).where(SourceMarkRow.seen_at <= since)).rowcount
    )


def record(session: Session, player_id: str, digest: str, now: datetime, since: datetime) -> None:
    """Mark that ``player_id`` wrote from the address of ``digest`` at ``now``, and forget
    its marks from before ``since`` (its own only: rows no other writer's transaction
    touches; ``forget`` takes the rest, from the workers' sweep)."""
    session.execute(
        delete(SourceMarkRow).where(
            SourceMarkRow.player_id == player_id, SourceMarkRow.seen_at <= since
        )
    )
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    upsert = dialect.insert(SourceMarkRow).values(player_id=player_id, digest=digest, seen_at=now)
    session.execute(
        upsert.on_conflict_do_update(
            index_elements=[SourceMarkRow.player_id, SourceMarkRow.digest],
            set_={"seen_at": now},
        )
    )


def direct_holders(session: Session, candidates: Sequence[str], held: str) -> list[str]:
    """Which of ``candidates`` hold ``held`` itself."""
    h = holds()
    found = session.scalars(select(h.c.holder).where(h.c.holder.in_(candidates), h.c.held == held))
    return sorted(set(found))


def address_holders(
    session: Session,
    candidates: Sequence[str],
    player_id: str,
    digest: str | None,
    since: datetime,
) -> list[str]:
    """Which of ``candidates`` hold a player who, since ``since``, wrote from the address of
    ``digest`` or from an address ``player_id`` wrote from since then."""
    h = holds()
    addresses = select(SourceMarkRow.digest).where(
        SourceMarkRow.player_id == player_id, SourceMarkRow.seen_at > since
    )
    near = SourceMarkRow.digest.in_(addresses)
    if digest is not None:
        near = near | (SourceMarkRow.digest == digest)
    found = session.scalars(
        select(h.c.holder)
        .join(SourceMarkRow, SourceMarkRow.player_id == h.c.held)
        .where(h.c.holder.in_(candidates), SourceMarkRow.seen_at > since, near)
    )
    return sorted(set(found))


def direct_held(reader: str) -> Select:
    """The players ``reader`` holds."""
    h = holds()
    return select(h.c.held).where(h.c.holder == reader)


def held_by_address(session: Session, reader: str, since: datetime) -> list[tuple[str, datetime]]:
    """(player, from when) of each player held from ``reader`` by address: it wrote, since
    ``since``, from an address that a player ``reader`` holds wrote from since then; held
    for what it wrote from the start of that hold on (what came before stays, from a
    stranger behind the same address too). Never the reader. Usually none: one query."""
    h = holds()
    theirs, others = aliased(SourceMarkRow), aliased(SourceMarkRow)
    rows = session.execute(
        select(others.player_id, func.min(h.c.since))
        .join(theirs, theirs.digest == others.digest)
        .join(h, h.c.held == theirs.player_id)
        .where(
            h.c.holder == reader,
            others.player_id != reader,
            theirs.seen_at > since,
            others.seen_at > since,
        )
        .group_by(others.player_id)
    )
    return [(player, start) for player, start in rows]
