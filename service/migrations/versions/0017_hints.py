"""Hints (issue 33): the search bot's suggestion for one decision of an unrated game, asked
by the seat to play and computed by a worker; one row per decision (``service.parts.hints``).

Revision ID: 0017_hints
Revises: 0016_bot_owner
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017_hints"
down_revision = "0016_bot_owner"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hints",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("level", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("action", sa.JSON(), nullable=True),
        sa.Column("reason", sa.JSON(), nullable=True),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ready_at", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("hints")
