"""Label entries (docs/api.md, "Who may do what"): a player enters a label with its own
token, after which the label's owner may seat the player in the label's games.

Revision ID: 0009_label_entries
Revises: 0008_webhooks
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_label_entries"
down_revision = "0008_webhooks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "label_entries",
        sa.Column(
            "label",
            sa.String(64),
            sa.ForeignKey("labels.label", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("share_seat_tokens", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("label_entries")
