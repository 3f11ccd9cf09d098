"""The statements of rating games (``service.parts.ratings``; the tables' reads are the
people queries', ``service.store.people``)."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from service.models import PlayerRow, RatedGameRow, RatingDueRow, RatingRow


def forget_due(session: Session, game_id: str) -> None:
    """The game's rating is no longer owed (rated now, or before)."""
    session.execute(delete(RatingDueRow).where(RatingDueRow.game_id == game_id))


def ratings_locked(session: Session, pool: str, player_ids: list[str]) -> list[RatingRow]:
    """The players' ratings in ``pool``, locked until the commit (PostgreSQL); the caller
    passes the ids sorted, one lock order for every game."""
    return list(
        session.scalars(
            select(RatingRow)
            .where(RatingRow.pool == pool, RatingRow.player_id.in_(player_ids))
            .with_for_update()
        )
    )


def existing_players(session: Session, player_ids: list[str]) -> set[str]:
    """Those of ``player_ids`` that have a player row."""
    return set(session.scalars(select(PlayerRow.id).where(PlayerRow.id.in_(player_ids))))


def rated_pairs(session: Session) -> set[tuple[str, str]]:
    """(player id, pool) of every rating there is."""
    return set(session.execute(select(RatingRow.player_id, RatingRow.pool)).tuples())


def was_rated(session: Session, game_id: str) -> bool:
    """Whether the game was rated before (its ``rated_games`` row)."""
    return session.get(RatedGameRow, game_id) is not None
