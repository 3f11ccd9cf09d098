"""The addresses players wrote from lately, hashed, for as long as a mute holds by them
(docs/api.md, "Mutes hold against an address").

Revision ID: 0025_source_marks
Revises: 0024_notices
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0025_source_marks"
down_revision = "0024_notices"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "source_marks",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("digest", sa.String(32), primary_key=True),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_source_marks_digest", "source_marks", ["digest", "seen_at"])
    op.create_index("ix_source_marks_seen_at", "source_marks", ["seen_at"])


def downgrade() -> None:
    op.drop_table("source_marks")
