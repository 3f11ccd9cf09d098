"""A seat handed to a bot (a timeout under the ``bot`` policy, a resign) is a log entry
without an engine action: action_log.action becomes nullable (service/rules/play.py
``hand_to_bot``).

Revision ID: 0006_handover
Revises: 0005_fair
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_handover"
down_revision = "0005_fair"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("action_log") as batch:  # SQLite rebuilds the table
        batch.alter_column("action", existing_type=sa.JSON(), nullable=True)


def downgrade() -> None:
    op.execute("DELETE FROM action_log WHERE action IS NULL")
    with op.batch_alter_table("action_log") as batch:
        batch.alter_column("action", existing_type=sa.JSON(), nullable=False)
