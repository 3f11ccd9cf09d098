"""Game reviews: the search's review of every decision of a finished game, one row per game
(``service.parts.reviews``).

Revision ID: 0023_reviews
Revises: 0022_oauth
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023_reviews"
down_revision = "0022_oauth"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_reviews",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ready_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("cpu_seconds", sa.Float(), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
    )
    op.create_index("ix_game_reviews_owner_requested", "game_reviews", ["owner", "requested_at"])


def downgrade() -> None:
    op.drop_index("ix_game_reviews_owner_requested", table_name="game_reviews")
    op.drop_table("game_reviews")
