"""Chat at the table: messages kept with their game, the games whose creator
closed chat to spectators, and each player's mutes.

Revision ID: 0013_chat
Revises: 0012_positions
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_chat"
down_revision = "0012_positions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column(
            "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("author", sa.String(48), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("spectator", sa.Boolean(), nullable=False),
        sa.Column("text", sa.String(280), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_game_id", "chat_messages", ["game_id", "id"])
    op.create_index("ix_chat_messages_author", "chat_messages", ["game_id", "author", "created_at"])
    op.create_table(
        "chat_closed",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "chat_mutes",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "muted_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_mutes")
    op.drop_table("chat_closed")
    op.drop_table("chat_messages")
