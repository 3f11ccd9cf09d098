"""Ratings per pool, their history, and the outbox of rated games still to rate."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class RatingRow(Base):
    """A player's current OpenSkill rating in one pool (bots too: one player row per level).
    A pool is a game size or a 2-player variant (``service.parts.ratings.pool_of``): skill at
    three differs from skill at six or in Double II, so each has its own rating."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    pool: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    #: ``mu - 3 sigma``: the leaderboard's order (a new player starts at 0).
    ordinal: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index("ix_ratings_pool_ordinal", "pool", "ordinal", "player_id"),)


class RatingHistoryRow(Base):
    """One player's rating before and after one rated game, in the order games were rated."""

    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    player_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id", ondelete="CASCADE"))
    game_id: Mapped[str] = mapped_column(String(32))
    #: The rating pool the game counted in (``RatingRow.pool``).
    pool: Mapped[str] = mapped_column(String(16))
    #: 1 = first; with several seats in one game, the best of them.
    rank: Mapped[int] = mapped_column(Integer)
    #: How many seats the game had.
    seats: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (Index("ix_rating_history_player_id", "player_id", "id"),)


class RatedGameRow(Base):
    """A game whose result has been rated (or found not ratable): the primary key is what
    makes a duplicated or replayed "game finished" rate nothing the second time."""

    __tablename__ = "rated_games"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: How many players' ratings changed (0: the game was not ratable).
    players: Mapped[int] = mapped_column(Integer)
    rated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class RatingDueRow(Base):
    """A finished rated game not rated yet: written with the finishing move (an outbox),
    deleted with the rating; the deadline sweep re-sends the task of any left here."""

    __tablename__ = "ratings_due"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    due_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
