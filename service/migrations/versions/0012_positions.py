"""Positions cost a bounded amount: every ``SNAPSHOT_EVERY``-th log row keeps
the engine state after it (``action_log.state``), so ``GET /games/{id}/positions`` replays
at most that many actions from the nearest one instead of the whole log. Rows written
before this revision have none: their games replay from the start, as before.

Revision ID: 0012_positions
Revises: 0011_rating_pools
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_positions"
down_revision = "0011_rating_pools"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("action_log", sa.Column("state", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("action_log") as batch:  # SQLite rebuilds the table
        batch.drop_column("state")
