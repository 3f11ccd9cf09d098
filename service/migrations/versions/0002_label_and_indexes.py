"""games.label, the creator's grouping of games (a tournament, a league round), so that a
site running many games lists just its own; and one index less to update per move.

- ``label`` with a partial index on (label, created_at): only labelled games have entries,
  so the moves of other games don't touch it.
- ``ix_games_status`` goes: ``ix_games_status_deadline`` starts with ``status`` and serves
  the same look-ups, and each move that changes an indexed column writes to every index.

Revision ID: 0002_label_and_indexes
Revises: 0001_initial
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_label_and_indexes"
down_revision = "0001_initial"
branch_labels = None
depends_on = None

_LABELLED = sa.text("label IS NOT NULL")


def upgrade() -> None:
    op.add_column("games", sa.Column("label", sa.String(64), nullable=True))
    op.create_index(
        "ix_games_label_created_at",
        "games",
        ["label", "created_at"],
        postgresql_where=_LABELLED,
        sqlite_where=_LABELLED,
    )
    op.drop_index("ix_games_status", table_name="games")


def downgrade() -> None:
    op.create_index("ix_games_status", "games", ["status"])
    op.drop_index("ix_games_label_created_at", table_name="games")
    with op.batch_alter_table("games") as batch:  # SQLite rebuilds the table
        batch.drop_column("label")
