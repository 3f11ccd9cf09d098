"""The statements of tournaments (``service.parts.tournaments``): every SQL statement of the
concern, each on a session its caller holds (a read, or one transaction of
``GameStore.writing``). Conditional updates return whether they changed a row, which is
what makes each step of a tournament happen once."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import and_, exists, func, or_, select, update
from sqlalchemy.orm import Session

from service.models import (
    GameRow,
    PlayerRow,
    RatingRow,
    TournamentEntryRow,
    TournamentRoundRow,
    TournamentRow,
    TournamentTableRow,
    WebhookDeliveryRow,
    WebhookEndpointRow,
)

# ---------------------------------------------------------------------- tournaments


def tournament(session: Session, tournament_id: str) -> TournamentRow | None:
    return session.get(TournamentRow, tournament_id)


def listed(
    session: Session, viewer: str | None, statuses: Sequence[str], limit: int
) -> list[TournamentRow]:
    """Tournaments of ``statuses``: the public ones, and the private ones ``viewer``
    organises or is an entrant of; the soonest start first for upcoming ones, the latest
    first otherwise."""
    visible = TournamentRow.private.is_(False)
    if viewer is not None:
        visible = or_(
            visible,
            TournamentRow.organiser_id == viewer,
            exists().where(
                TournamentEntryRow.tournament_id == TournamentRow.id,
                TournamentEntryRow.player_id == viewer,
            ),
        )
    query = select(TournamentRow).where(visible)
    if statuses:
        query = query.where(TournamentRow.status.in_(statuses))
    order = (
        (TournamentRow.starts_at, TournamentRow.id)
        if list(statuses) == ["upcoming"]
        else (TournamentRow.starts_at.desc(), TournamentRow.id)
    )
    return list(session.scalars(query.order_by(*order).limit(limit)))


def due(session: Session, now: datetime, limit: int) -> list[str]:
    """Tournaments with work for the workers: upcoming ones whose start has come, and
    every running one (the earliest start first)."""
    return list(
        session.scalars(
            select(TournamentRow.id)
            .where(
                or_(
                    and_(TournamentRow.status == "upcoming", TournamentRow.starts_at <= now),
                    TournamentRow.status == "running",
                )
            )
            .order_by(TournamentRow.starts_at, TournamentRow.id)
            .limit(limit)
        )
    )


def set_status(session: Session, tournament_id: str, was: str, status: str, **values: Any) -> bool:
    """Move the tournament from ``was`` to ``status`` (with ``values``); False when it was
    not ``was`` any more (another process moved it first)."""
    done = session.execute(
        update(TournamentRow)
        .where(TournamentRow.id == tournament_id, TournamentRow.status == was)
        .values(status=status, **values)
    ).rowcount
    return bool(done)


def advance_round(session: Session, tournament_id: str, number: int) -> bool:
    """The tournament plays round ``number`` now (from ``number - 1``), once."""
    done = session.execute(
        update(TournamentRow)
        .where(TournamentRow.id == tournament_id, TournamentRow.round == number - 1)
        .values(round=number)
    ).rowcount
    return bool(done)


# ---------------------------------------------------------------------- entries


def entry(session: Session, tournament_id: str, player_id: str) -> TournamentEntryRow | None:
    return session.get(TournamentEntryRow, (tournament_id, player_id))


def entries(session: Session, tournament_id: str) -> list[tuple[TournamentEntryRow, str]]:
    """Every entry with its player's name, in order of entry."""
    return list(
        session.execute(
            select(TournamentEntryRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == TournamentEntryRow.player_id)
            .where(TournamentEntryRow.tournament_id == tournament_id)
            .order_by(TournamentEntryRow.created_at, TournamentEntryRow.player_id)
        ).tuples()
    )


def entered_count(session: Session, tournament_id: str) -> int:
    return (
        session.scalar(
            select(func.count())
            .select_from(TournamentEntryRow)
            .where(
                TournamentEntryRow.tournament_id == tournament_id,
                TournamentEntryRow.status == "entered",
            )
        )
        or 0
    )


def set_entry(
    session: Session, tournament_id: str, player_id: str, was: Sequence[str], **values: Any
) -> bool:
    """Change an entry that is in one of ``was`` states; False when it was not."""
    done = session.execute(
        update(TournamentEntryRow)
        .where(
            TournamentEntryRow.tournament_id == tournament_id,
            TournamentEntryRow.player_id == player_id,
            TournamentEntryRow.status.in_(was),
        )
        .values(**values)
    ).rowcount
    return bool(done)


def claim_waiting(session: Session, tournament_id: str, player_id: str, since: datetime) -> bool:
    """An arena seats an entrant waiting since ``since``: False when they were seated (or
    withdrew) meanwhile."""
    done = session.execute(
        update(TournamentEntryRow)
        .where(
            TournamentEntryRow.tournament_id == tournament_id,
            TournamentEntryRow.player_id == player_id,
            TournamentEntryRow.status == "entered",
            TournamentEntryRow.waiting_since == since,
        )
        .values(waiting_since=None)
    ).rowcount
    return bool(done)


def ratings(session: Session, player_ids: Sequence[str], pool: str) -> dict[str, float]:
    """The players' leaderboard ratings (ordinal) in ``pool``; a player without one is
    missing."""
    if not player_ids:
        return {}
    rows = session.execute(
        select(RatingRow.player_id, RatingRow.ordinal).where(
            RatingRow.pool == pool, RatingRow.player_id.in_(list(player_ids))
        )
    ).all()
    return {player: float(value) for player, value in rows}


def is_bot_account(session: Session, player_id: str) -> bool:
    return bool(session.scalar(select(PlayerRow.bot).where(PlayerRow.id == player_id)))


def player_exists(session: Session, player_id: str) -> bool:
    return session.get(PlayerRow, player_id) is not None


# ---------------------------------------------------------------------- rounds and tables


def rounds(session: Session, tournament_id: str) -> list[TournamentRoundRow]:
    return list(
        session.scalars(
            select(TournamentRoundRow)
            .where(TournamentRoundRow.tournament_id == tournament_id)
            .order_by(TournamentRoundRow.number)
        )
    )


def round_row(session: Session, tournament_id: str, number: int) -> TournamentRoundRow | None:
    return session.get(TournamentRoundRow, (tournament_id, number))


def set_round(session: Session, tournament_id: str, number: int, was: str, **values: Any) -> bool:
    done = session.execute(
        update(TournamentRoundRow)
        .where(
            TournamentRoundRow.tournament_id == tournament_id,
            TournamentRoundRow.number == number,
            TournamentRoundRow.status == was,
        )
        .values(**values)
    ).rowcount
    return bool(done)


def tables(
    session: Session, tournament_id: str, number: int | None = None
) -> list[TournamentTableRow]:
    """The tables of one round (or of all), in order."""
    query = select(TournamentTableRow).where(TournamentTableRow.tournament_id == tournament_id)
    if number is not None:
        query = query.where(TournamentTableRow.round == number)
    return list(session.scalars(query.order_by(TournamentTableRow.round, TournamentTableRow.table)))


def playing_tables(session: Session, tournament_id: str) -> list[TournamentTableRow]:
    return list(
        session.scalars(
            select(TournamentTableRow)
            .where(
                TournamentTableRow.tournament_id == tournament_id,
                TournamentTableRow.status == "playing",
            )
            .order_by(TournamentTableRow.round, TournamentTableRow.table)
        )
    )


def next_table_number(session: Session, tournament_id: str, number: int) -> int:
    found = session.scalar(
        select(func.max(TournamentTableRow.table)).where(
            TournamentTableRow.tournament_id == tournament_id, TournamentTableRow.round == number
        )
    )
    return (found or 0) + 1


def game(session: Session, game_id: str) -> GameRow | None:
    """The game of a table, with its seats."""
    return session.get(GameRow, game_id)


def finish_table(
    session: Session,
    tournament_id: str,
    number: int,
    table: int,
    places: dict[str, int] | None,
    missed: list[str],
    now: datetime,
) -> bool:
    """The table's game ended: its places and who missed it, once."""
    done = session.execute(
        update(TournamentTableRow)
        .where(
            TournamentTableRow.tournament_id == tournament_id,
            TournamentTableRow.round == number,
            TournamentTableRow.table == table,
            TournamentTableRow.status == "playing",
        )
        .values(status="finished", places=places, missed=missed, finished_at=now)
    ).rowcount
    return bool(done)


def player_tournaments(session: Session, player_id: str) -> set[str]:
    """The tournaments the player has an entry in (any state)."""
    return set(
        session.scalars(
            select(TournamentEntryRow.tournament_id).where(
                TournamentEntryRow.player_id == player_id
            )
        )
    )


def add_deliveries(
    session: Session, players: Sequence[str], event: str, payload: dict[str, Any], now: datetime
) -> list[str]:
    """Deliveries of ``event`` to the enabled endpoints of ``players`` that take it (and
    no label: a label's endpoint hears only of that label's games), in this transaction;
    their ids."""
    if not players:
        return []
    endpoints = session.scalars(
        select(WebhookEndpointRow).where(
            WebhookEndpointRow.player_id.in_(sorted(set(players))),
            WebhookEndpointRow.enabled.is_(True),
            WebhookEndpointRow.label.is_(None),
        )
    ).all()
    ids = []
    for endpoint in endpoints:
        if event not in endpoint.events:
            continue
        delivery = WebhookDeliveryRow(
            id="msg_" + secrets.token_hex(12), endpoint_id=endpoint.id, event=event,
            game_id=None, payload=payload, status="pending", attempts=0, max_attempts=None,
            next_attempt_at=now, created_at=now,
        )  # fmt: skip
        session.add(delivery)
        ids.append(delivery.id)
    return ids


def new_entry(
    tournament_id: str, player_id: str, status: str, now: datetime, waiting: datetime | None
) -> TournamentEntryRow:
    """A new entry's row (``invited`` or ``entered``), for the caller to add."""
    return TournamentEntryRow(
        tournament_id=tournament_id, player_id=player_id, status=status, missed=0,
        created_at=now, entered_at=now if status == "entered" else None,
        waiting_since=waiting,
    )  # fmt: skip
