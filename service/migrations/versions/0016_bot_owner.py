"""Fair bot work: the client address that created a game without a player
token (``games.creator_address``), so that its bot turns count against that address's
share of the workers. Older games keep NULL (no owner: no quota).

Revision ID: 0016_bot_owner
Revises: 0015_seeks
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016_bot_owner"
down_revision = "0015_seeks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("creator_address", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:  # SQLite rebuilds the table
        batch.drop_column("creator_address")
