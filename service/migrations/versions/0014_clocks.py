"""Time controls (issue 31): the control a game was created with (``games.time_control``)
and each human seat's bank under a bank control (``seats.bank_ms``). Older games keep
NULL: their control is read from ``time_limit`` (service/rules/clocks.py).

Revision ID: 0014_clocks
Revises: 0013_chat
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014_clocks"
down_revision = "0013_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("time_control", sa.JSON(), nullable=True))
    op.add_column("seats", sa.Column("bank_ms", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:  # SQLite rebuilds the table
        batch.drop_column("bank_ms")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("time_control")
