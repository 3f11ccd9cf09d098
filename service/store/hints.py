"""The statements of hints (``service.parts.hints``): a seat's newest, and the claim and
answer of the worker that computes one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from service.models import HintRow


def newest(session: Session, game_id: str, seat: int) -> HintRow | None:
    return session.scalars(
        select(HintRow)
        .where(HintRow.game_id == game_id, HintRow.seat == seat)
        .order_by(HintRow.seq.desc())
        .limit(1)
    ).first()


def claim(session: Session, game_id: str, seq: int, now: datetime, stale_before: datetime) -> bool:
    """Take the pending hint unless another worker took it after ``stale_before``
    (conditional: of two workers one wins); whether this call did."""
    claimed = session.execute(
        update(HintRow)
        .where(
            HintRow.game_id == game_id,
            HintRow.seq == seq,
            HintRow.status == "pending",
            (HintRow.started_at.is_(None)) | (HintRow.started_at < stale_before),
        )
        .values(started_at=now)
    ).rowcount
    return claimed == 1


def answer(
    session: Session, game_id: str, seq: int, action: Any, reason: Any, now: datetime
) -> bool:
    """Write the suggestion of a still pending hint; whether this call did."""
    written = session.execute(
        update(HintRow)
        .where(HintRow.game_id == game_id, HintRow.seq == seq, HintRow.status == "pending")
        .values(status="ready", action=action, reason=reason, ready_at=now)
    ).rowcount
    return written == 1


def asked_at(session: Session, game_id: str, seq: int) -> HintRow | None:
    """The hint asked for the game's decision ``seq``, or None."""
    return session.get(HintRow, (game_id, seq))
