"""Initial schema: games, seats, action_log.

Revision ID: 0001_initial
Revises:
Create Date: 2025-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=True),
        sa.Column("public", sa.JSON(), nullable=True),
        sa.Column("pending", sa.JSON(), nullable=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("pending_seat", sa.Integer(), nullable=True),
        sa.Column("pending_kind", sa.String(64), nullable=True),
        sa.Column("time_limit", sa.Integer(), nullable=False),
        sa.Column("timeout_policy", sa.String(32), nullable=False),
        sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("creator_token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("setup_events", sa.JSON(), nullable=True),
    )
    op.create_index("ix_games_status", "games", ["status"])
    op.create_index("ix_games_status_deadline", "games", ["status", "deadline_at"])
    op.create_index("ix_games_created_at", "games", ["created_at"])

    op.create_table(
        "seats",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot_level", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("timeouts", sa.Integer(), nullable=False),
        sa.Column("replaced_by_bot", sa.Boolean(), nullable=False),
        sa.Column("resigned", sa.Boolean(), nullable=False),
    )

    op.create_table(
        "action_log",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("actor", sa.String(8), nullable=False),
        sa.Column("idempotency_key", sa.String(128), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "seq", name="uq_action_log_game_seq"),
        sa.UniqueConstraint("game_id", "seat", "idempotency_key", name="uq_action_log_idempotency"),
    )
    op.create_index("ix_action_log_game_id", "action_log", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_action_log_game_id", table_name="action_log")
    op.drop_table("action_log")
    op.drop_table("seats")
    op.drop_index("ix_games_created_at", table_name="games")
    op.drop_index("ix_games_status_deadline", table_name="games")
    op.drop_index("ix_games_status", table_name="games")
    op.drop_table("games")
