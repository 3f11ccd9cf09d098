"""Quick play (issue 31): seeks, a player's wish for a game now, matched with others who
want the same game or filled with bots when the wait is over (service/parts/seeks.py).

Revision ID: 0015_seeks
Revises: 0014_clocks
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_seeks"
down_revision = "0014_clocks"
branch_labels = None
depends_on = None

WAITING = sa.text("status = 'waiting'")


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("variant", sa.String(32), nullable=True),
        sa.Column("time_control", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("wait", sa.Integer(), nullable=False),
        sa.Column("bot_level", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
    )
    op.create_index(
        "ux_seeks_waiting_player",
        "seeks",
        ["player_id"],
        unique=True,
        sqlite_where=WAITING,
        postgresql_where=WAITING,
    )
    op.create_index("ix_seeks_key_created", "seeks", ["status", "key", "created_at"])
    op.create_index("ix_seeks_status_expires", "seeks", ["status", "expires_at"])
    op.create_index("ix_seeks_ended_at", "seeks", ["ended_at"])


def downgrade() -> None:
    op.drop_table("seeks")
