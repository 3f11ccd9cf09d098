"""Indexes for keyset paging of ``GET /games``, one per documented filter, and one index
less on the event log.

The list's order is (created_at, id) descending, the keyset compares the same pair, so
each index ends with both columns and a page is one range scan at any depth:

- ``ix_games_created_id`` (no filter, ``open_seats=false``: walked in order, filtered)
  replaces ``ix_games_created_at``;
- ``ix_games_status_created_id`` (``status``, and ``open_seats=true`` which implies
  status ``open``);
- ``ix_games_label_created_id`` (partial, labelled games only) replaces
  ``ix_games_label_created_at``;
- ``ix_games_updated_at`` (``updated_after`` without a label, was a sequential scan).
  It is written on every move (``updated_at`` changes), the price of that filter.

``ix_action_log_game_id`` goes: ``uq_action_log_game_seq`` (game_id, seq) serves every
read of a game's log, including ``?since=N``, and each move wrote to both.

Revision ID: 0003_scale
Revises: 0002_label_and_indexes
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_scale"
down_revision = "0002_label_and_indexes"
branch_labels = None
depends_on = None

_LABELLED = sa.text("label IS NOT NULL")


def upgrade() -> None:
    op.create_index("ix_games_created_id", "games", ["created_at", "id"])
    op.drop_index("ix_games_created_at", table_name="games")
    op.create_index("ix_games_status_created_id", "games", ["status", "created_at", "id"])
    op.create_index(
        "ix_games_label_created_id",
        "games",
        ["label", "created_at", "id"],
        postgresql_where=_LABELLED,
        sqlite_where=_LABELLED,
    )
    op.drop_index("ix_games_label_created_at", table_name="games")
    op.create_index("ix_games_updated_at", "games", ["updated_at"])
    op.drop_index("ix_action_log_game_id", table_name="action_log")


def downgrade() -> None:
    op.create_index("ix_action_log_game_id", "action_log", ["game_id"])
    op.drop_index("ix_games_updated_at", table_name="games")
    op.create_index(
        "ix_games_label_created_at",
        "games",
        ["label", "created_at"],
        postgresql_where=_LABELLED,
        sqlite_where=_LABELLED,
    )
    op.drop_index("ix_games_label_created_id", table_name="games")
    op.drop_index("ix_games_status_created_id", table_name="games")
    op.create_index("ix_games_created_at", "games", ["created_at"])
    op.drop_index("ix_games_created_id", table_name="games")
