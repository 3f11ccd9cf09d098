"""Tournaments the service runs (``service.parts.tournaments``): the tournament, its entries,
its rounds (each round's pairing stored before any of its games is made) and its tables
(one per game, keyed by tournament, round and table, so a table's game is made once)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.models.base import Base, UTCDateTime


class TournamentRow(Base):
    """A tournament: its game terms, format, entry conditions and where it stands.
    ``status`` goes ``upcoming`` → ``running`` → ``finished`` (or ``cancelled`` before it
    starts), each step by a conditional update; ``round`` is the round being played."""

    __tablename__ = "tournaments"
    __table_args__ = (
        Index("ix_tournaments_status_starts", "status", "starts_at"),
        Index("ix_tournaments_organiser", "organiser_id"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    organiser_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE")
    )
    format: Mapped[str] = mapped_column(String(16))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str | None] = mapped_column(String(32))
    smallest: Mapped[int] = mapped_column(Integer)
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean)
    bot_accounts: Mapped[bool] = mapped_column(Boolean)
    service_bots: Mapped[str | None] = mapped_column(String(32))
    entry: Mapped[str] = mapped_column(String(16))
    min_rating: Mapped[float | None] = mapped_column(Float)
    private: Mapped[bool] = mapped_column(Boolean)
    rounds: Mapped[int | None] = mapped_column(Integer)
    duration: Mapped[int | None] = mapped_column(Integer)
    missed_limit: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    round: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    ends_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class TournamentEntryRow(Base):
    """A player in a tournament: ``invited`` (by the organiser, not yet entered),
    ``entered``, ``withdrawn`` (by themselves or the organiser, or after missing
    ``missed_limit`` rounds) or ``disqualified`` (by the organiser: never entered again).
    ``rating`` is the pool's rating at the start (seeding, tie-breaks)."""

    __tablename__ = "tournament_entries"
    __table_args__ = (Index("ix_tournament_entries_player", "player_id"),)

    tournament_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(16))
    rating: Mapped[float | None] = mapped_column(Float)
    missed: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    entered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    withdrawn_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    #: Arena: since when the entrant waits for a table (None: playing, or not an arena).
    waiting_since: Mapped[datetime | None] = mapped_column(UTCDateTime)


class TournamentRoundRow(Base):
    """A round and its pairing, written once (the primary key) before its games are made:
    a restart makes the games of the stored pairing, never a second pairing."""

    __tablename__ = "tournament_rounds"

    tournament_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    #: ``{"tables": [[player id, ...], ...], "byes": [player id, ...]}``
    pairing: Mapped[dict[str, Any]] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class TournamentTableRow(Base):
    """A table of a round and its game, added in the game's creating transaction (the
    primary key makes a second creation of the same table fail and undo its game).
    ``seats``: the player id of each seat, None for a seat of the service's bots;
    ``places`` (when the game finished): each entrant's place; the service's bots hold the
    places no entrant holds (a game's ranking has no ties: ``rules.tournament_tables``)."""

    __tablename__ = "tournament_tables"
    __table_args__ = (Index("ux_tournament_tables_game", "game_id", unique=True),)

    tournament_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    table: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32))
    seats: Mapped[list[Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16))
    places: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: Entrants whose seat passed to the stand-in (timed out or resigned): a missed round.
    missed: Mapped[list[Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
