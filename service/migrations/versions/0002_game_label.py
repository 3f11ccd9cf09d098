"""games.label: the creator's grouping of games (a tournament, a league round), so that a
site running many games lists just its own.

Revision ID: 0002_game_label
Revises: 0001_initial
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_game_label"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("label", sa.String(64), nullable=True))
    op.create_index("ix_games_label_created_at", "games", ["label", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_games_label_created_at", table_name="games")
    with op.batch_alter_table("games") as batch:  # SQLite rebuilds the table
        batch.drop_column("label")
