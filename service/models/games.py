"""Games, their seats, the append-only action log and the idempotency keys of writes.

``games.state`` is the engine's full snapshot (``Game.to_dict()``, RNG included) and is
never sent to a client; ``games.public`` and ``games.pending`` are the client-safe views
precomputed at write time so that reads never need to rebuild an engine game.
``games.version`` increases on every change and is the optimistic-concurrency token (and
the ETag); ``games.deadline_at`` is the single source of truth for decision deadlines.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from service.models.base import Base, UTCDateTime


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))  # ix_games_status_deadline leads with it
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON, deferred=True)
    public: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    pending: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    version: Mapped[int] = mapped_column(Integer, default=1)
    pending_seat: Mapped[int | None] = mapped_column(Integer)
    pending_kind: Mapped[str | None] = mapped_column(String(64))
    time_limit: Mapped[int] = mapped_column(Integer, default=0)
    timeout_policy: Mapped[str] = mapped_column(String(32), default="default_action")
    deadline_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    #: The time control chosen at creation (service/rules/clocks.py); NULL on older rows, whose
    #: control is per decision (``time_limit``) or none.
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    creator_token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    setup_events: Mapped[list[Any] | None] = mapped_column(JSON, deferred=True)
    #: The creator's own grouping (a tournament, a league round): listings filter on it.
    label: Mapped[str | None] = mapped_column(String(64))
    #: The player whose token created the game (None: created without one).
    creator_player_id: Mapped[str | None] = mapped_column(String(32))
    #: The client address that created the game without a player token (None with one):
    #: whose bot work the game is for the workers' fair share (``service.rules.play.owner_of``).
    creator_address: Mapped[str | None] = mapped_column(String(64))
    #: Private games are listed only to their creator's player and joined only by
    #: invitation code or reservation (docs/api.md, "Players").
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Provably fair dice (docs/fairness.md): the secret server seed, never sent to a client
    #: before the game is finished, and its public commitment. Both NULL for a game created
    #: with an explicit seed (predetermined, not verifiable).
    server_seed: Mapped[str | None] = mapped_column(String(64))
    commitment: Mapped[str | None] = mapped_column(String(64))
    #: Whether the game's result updates its players' ratings (a creation option).
    rated: Mapped[bool] = mapped_column(Boolean, default=True, server_default=text("true"))

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="game", order_by="SeatRow.seat", lazy="joined"
    )

    __table_args__ = (
        Index("ix_games_status_deadline", "status", "deadline_at"),
        # Keyset paging of lists (service/plumbing/paging.py): each ends with the sort key.
        Index("ix_games_created_id", "created_at", "id"),
        Index("ix_games_status_created_id", "status", "created_at", "id"),
        Index("ix_games_updated_at", "updated_at"),
        # Partial: only labelled games have an entry, so the others' moves don't update it.
        Index(
            "ix_games_label_created_id",
            "label",
            "created_at",
            "id",
            postgresql_where=text("label IS NOT NULL"),
            sqlite_where=text("label IS NOT NULL"),
        ),
    )
    # Every UPDATE of a game is conditional on the version read (optimistic concurrency):
    # UPDATE games SET ..., version = v+1 WHERE id = :id AND version = v; zero rows → lost race.
    __mapper_args__ = {"version_id_col": version}


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot_level: Mapped[str | None] = mapped_column(String(32))
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    name: Mapped[str | None] = mapped_column(String(64))
    joined_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    timeouts: Mapped[int] = mapped_column(Integer, default=0)
    replaced_by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    resigned: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The player who joined this seat with a player token ("my games", "my turns").
    player_id: Mapped[str | None] = mapped_column(String(32))
    #: Only this player may join the seat (a reservation by the creator).
    reserved_for: Mapped[str | None] = mapped_column(String(32))
    #: SHA-256 of the seat's invitation code: only its holder may join the seat.
    invite_hash: Mapped[str | None] = mapped_column(String(64))
    #: The entropy a human contributed when joining (docs/fairness.md); revealed in the record.
    entropy: Mapped[str | None] = mapped_column(String(256))
    #: A human seat's bank under a bank time control, in ms, as it stood when the seat's
    #: current decision was offered (service/rules/clocks.py); NULL without a bank.
    bank_ms: Mapped[int | None] = mapped_column(BigInteger)
    #: Played by a bot account (``player_id``) with its player token: shown as a bot seat,
    #: kept as a human one (deadlines, timeouts, the player's turns) inside the service.
    bot_account: Mapped[bool] = mapped_column(Boolean, default=False, server_default=text("false"))

    game: Mapped[GameRow] = relationship(back_populates="seats")

    __table_args__ = (
        # Partial: seats joined without a player token have no entry.
        Index(
            "ix_seats_player_id",
            "player_id",
            postgresql_where=text("player_id IS NOT NULL"),
            sqlite_where=text("player_id IS NOT NULL"),
        ),
    )


class ActionLogRow(Base):
    """One row per change a player's seat makes: an applied action, or the seat handed to a
    bot (``action`` null, the hand-over in ``events``); never updated or deleted while the
    game lives."""

    __tablename__ = "action_log"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE")
    )  # no index of its own: uq_action_log_game_seq starts with game_id
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    events: Mapped[list[Any]] = mapped_column(JSON)
    actor: Mapped[str] = mapped_column(String(8))
    idempotency_key: Mapped[str | None] = mapped_column(String(128))
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: The engine state after this entry (secret, like ``games.state``) on every
    #: ``SNAPSHOT_EVERY``-th row: where ``GET /games/{id}/positions`` starts replaying.
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), deferred=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_action_log_game_seq"),
        UniqueConstraint("game_id", "seat", "idempotency_key", name="uq_action_log_idempotency"),
    )


class IdempotentRequestRow(Base):
    """The first response to a create or join sent with an ``Idempotency-Key``, kept for a
    bounded time so that a retry gets the same game, seat and token (service/store/idempotency.py).
    """

    __tablename__ = "idempotent_requests"

    scope: Mapped[str] = mapped_column(String(48), primary_key=True)  # "create", "join:<id>"
    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int | None] = mapped_column(Integer)
    sealed_token: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
