"""The statements of labels' entries (``service.parts.labels``; the labels and their games
are the people queries', ``service.store.people``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from service.models import LabelEntryRow, LabelRow, PlayerRow


def withdraw(session: Session, label: str, player_id: str) -> bool:
    """End the player's entry; whether there was one."""
    gone = session.execute(
        delete(LabelEntryRow).where(
            LabelEntryRow.label == label, LabelEntryRow.player_id == player_id
        )
    ).rowcount
    return bool(gone)


def entries(session: Session, label: str) -> list[Any]:
    """(entry, player's name) of the label's entrants, the first to enter first."""
    return list(
        session.execute(
            select(LabelEntryRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == LabelEntryRow.player_id)
            .where(LabelEntryRow.label == label)
            .order_by(LabelEntryRow.created_at, LabelEntryRow.player_id)
        ).all()
    )


def grants(session: Session, creator: str, labels: list[str], players: list[str]) -> list[Any]:
    """(label, player id, share seat tokens) of the entries of ``players`` in those of
    ``labels`` that ``creator`` owns."""
    return list(
        session.execute(
            select(LabelEntryRow.label, LabelEntryRow.player_id, LabelEntryRow.share_seat_tokens)
            .join(LabelRow, LabelRow.label == LabelEntryRow.label)
            .where(
                LabelRow.player_id == creator,
                LabelEntryRow.label.in_(labels),
                LabelEntryRow.player_id.in_(players),
            )
        ).all()
    )


def label(session: Session, label: str) -> LabelRow | None:
    """The label's row (its owner), or None: nobody owns it."""
    return session.get(LabelRow, label)


def entry(session: Session, label: str, player_id: str) -> LabelEntryRow | None:
    """The player's entry of the label, or None."""
    return session.get(LabelEntryRow, (label, player_id))
