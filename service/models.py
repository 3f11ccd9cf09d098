"""The tables: games, seats and the append-only action log.

``games.state`` is the engine's full snapshot (``Game.to_dict()``, RNG included) and is
never sent to a client; ``games.public`` and ``games.pending`` are the client-safe views
precomputed at write time so that reads never need to rebuild an engine game.
``games.version`` increases on every change and is the optimistic-concurrency token (and
the ETag); ``games.deadline_at`` is the single source of truth for decision deadlines.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

GAME_STATUSES = ("open", "active", "finished", "aborted")
SEAT_KINDS = ("human", "bot")
ACTORS = ("human", "bot", "timeout")
TIMEOUT_POLICIES = ("default_action", "bot")


def utcnow() -> datetime:
    """Aware UTC now; a function so tests can reason about one clock."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """Stores UTC and always returns aware datetimes, also on SQLite (which drops tzinfo)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given; use aware UTC datetimes")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON, datetime: UTCDateTime}


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
    #: The time control chosen at creation (service/clocks.py); NULL on older rows, whose
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
    #: whose bot work the game is for the workers' fair share (``service.play.owner_of``).
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
        # Keyset paging of lists (service/paging.py): each ends with the sort key.
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
    #: current decision was offered (service/clocks.py); NULL without a bank.
    bank_ms: Mapped[int | None] = mapped_column(BigInteger)

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


class PlayerRow(Base):
    """An identity: a name (a display name: not unique) and its tokens, one per signed-in
    device (``PlayerTokenRow``)."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class PlayerTokenRow(Base):
    """One device's player token, by its SHA-256 (the token is shown once): signing in on
    another device adds one, signing out removes one. Bots have none."""

    __tablename__ = "player_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SigninCodeRow(Base):
    """A one-time sign-in code by its SHA-256: redeemed once for a new token of its player,
    before ``expires_at`` (docs/api.md, "Signing in on another device")."""

    __tablename__ = "signin_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LabelRow(Base):
    """A label owned by the player who used it first; nobody else creates games under it."""

    __tablename__ = "labels"

    label: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class LabelEntryRow(Base):
    """A player's entry in a label (a tournament): the label's owner may then seat the
    player in games created under it (docs/api.md, "Who may do what"). Written only with
    the player's own token, so nobody is seated, played or rated in another's name."""

    __tablename__ = "label_entries"

    label: Mapped[str] = mapped_column(
        String(64), ForeignKey("labels.label", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    #: The player lets the label's owner receive the seat tokens of the seats it gives the
    #: player (a site that plays for its members); otherwise only the player gets them.
    share_seat_tokens: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class RatingRow(Base):
    """A player's current OpenSkill rating in one pool (bots too: one player row per level).
    A pool is a game size or a 2-player variant (``service.ratings.pool_of``): skill at
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
    bounded time so that a retry gets the same game, seat and token (service/idempotency.py).
    """

    __tablename__ = "idempotent_requests"

    scope: Mapped[str] = mapped_column(String(48), primary_key=True)  # "create", "join:<id>"
    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int | None] = mapped_column(Integer)
    sealed_token: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)


class WebhookEndpointRow(Base):
    """A player's webhook endpoint (docs/api.md, "Webhooks"). The signing secret is kept as
    is, not hashed: every delivery is signed with it (HMAC needs the key itself)."""

    __tablename__ = "webhook_endpoints"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), index=True
    )
    url: Mapped[str] = mapped_column(String(2048))
    events: Mapped[list[Any]] = mapped_column(JSON)
    #: Only games under this label are announced (None: every game of the player).
    label: Mapped[str | None] = mapped_column(String(64))
    secret: Mapped[str] = mapped_column(String(128))
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    #: Deliveries that failed for good in a row (reset by a success); at the configured
    #: run the endpoint is disabled.
    failed_run: Mapped[int] = mapped_column(Integer, default=0)
    disabled_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class WebhookDeliveryRow(Base):
    """One message for one endpoint, and the endpoint's log: written in the transaction of
    the game change it announces (the outbox), sent by the workers until it succeeds or
    its attempts run out. ``id`` is the ``webhook-id`` of every attempt."""

    __tablename__ = "webhook_deliveries"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    endpoint_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("webhook_endpoints.id", ondelete="CASCADE")
    )
    #: game.started | game.your_turn | game.finished | game.aborted, or endpoint.disabled
    #: (a log entry that is never sent).
    event: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str | None] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: pending | succeeded | failed | logged
    status: Mapped[str] = mapped_column(String(16))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    #: Failure at this attempt is final; None: after the configured retry schedule (a
    #: redelivery allows one more).
    max_attempts: Mapped[int | None] = mapped_column(Integer)
    #: When the next attempt is due (pending only); also the lease of an attempt in flight.
    next_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_attempt_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    last_status_code: Mapped[int | None] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    delivered_at: Mapped[datetime | None] = mapped_column(UTCDateTime)

    __table_args__ = (
        # The endpoint's log, newest first.
        Index("ix_webhook_deliveries_endpoint_created", "endpoint_id", "created_at"),
        # Partial: the sweep reads only what is still to be sent.
        Index(
            "ix_webhook_deliveries_due",
            "next_attempt_at",
            postgresql_where=text("status = 'pending'"),
            sqlite_where=text("status = 'pending'"),
        ),
    )


class ChatMessageRow(Base):
    """One message at a game's table (service/chat.py): kept with the game, exported with
    its record. ``id`` orders a game's messages and is the stream's chat resume point."""

    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"))
    #: Who counts for the rate limit: ``player:<id>`` or ``seat:<n>``.
    author: Mapped[str] = mapped_column(String(48))
    player_id: Mapped[str | None] = mapped_column(String(32))
    seat: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    spectator: Mapped[bool] = mapped_column(Boolean, default=False)
    text: Mapped[str] = mapped_column(String(280))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    __table_args__ = (
        Index("ix_chat_messages_game_id", "game_id", "id"),
        Index("ix_chat_messages_author", "game_id", "author", "created_at"),
    )


class ChatClosedRow(Base):
    """A game whose creator closed its chat to spectators (no row: open to everyone)."""

    __tablename__ = "chat_closed"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    closed_at: Mapped[datetime] = mapped_column(UTCDateTime)


class ChatMuteRow(Base):
    """A player who does not want to read another's messages."""

    __tablename__ = "chat_mutes"

    player_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    muted_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SeekRow(Base):
    """A player's wish for a game now (quick play, ``service.seeks``): which game (``key``
    names the pool it matches in), how long to wait for people and which bots fill the
    rest. ``status`` goes from ``waiting`` to ``matched`` (``game_id``, ``seat``) or
    ``cancelled`` exactly once, by a conditional update; a player has at most one waiting
    seek (the partial unique index)."""

    __tablename__ = "seeks"
    __table_args__ = (
        Index(
            "ux_seeks_waiting_player",
            "player_id",
            unique=True,
            sqlite_where=text("status = 'waiting'"),
            postgresql_where=text("status = 'waiting'"),
        ),
        Index("ix_seeks_key_created", "status", "key", "created_at"),
        Index("ix_seeks_status_expires", "status", "expires_at"),
        Index("ix_seeks_ended_at", "ended_at"),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(200))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[str | None] = mapped_column(String(32))
    time_control: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean)
    wait: Mapped[int] = mapped_column(Integer)
    bot_level: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    game_id: Mapped[str | None] = mapped_column(String(32))
    seat: Mapped[int | None] = mapped_column(Integer)


class HintRow(Base):
    """A hint for one decision (``service.hints``): asked by the seat to play, computed by a
    worker. Keyed by the decision (the game's ``seq``), so that asking twice for the same
    decision finds the first row instead of adding a second; a table of its own rather than
    a column of ``games``, whose every write bumps the version (the ETag, and the
    optimistic lock a move is conditional on): a hint must never race a move."""

    __tablename__ = "hints"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    level: Mapped[str] = mapped_column(String(32))
    #: pending | ready
    status: Mapped[str] = mapped_column(String(16))
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    reason: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime)
    #: When a worker took it (a lease: another task computes it only once this is old).
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    ready_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
