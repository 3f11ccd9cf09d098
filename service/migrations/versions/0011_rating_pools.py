"""Ratings per pool: a game size or a 2-player variant (docs/api.md, "Ratings").

A rating over every size at once cannot be split afterwards, so the ratings are rebuilt
from the games themselves: the current ratings, their history and the "rated" marks are
cleared, and every finished rated game is due again (``ratings_due``, in the order the
games finished). The deadline sweep re-sends their rating tasks, which rate each game
into its pool exactly once, as for any newly finished game.

Revision ID: 0011_rating_pools
Revises: 0010_player_tokens
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_rating_pools"
down_revision = "0010_player_tokens"
branch_labels = None
depends_on = None


def _ratings_table(pooled: bool) -> None:
    columns = [
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        *([sa.Column("pool", sa.String(16), primary_key=True)] if pooled else []),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    ]
    op.create_table("ratings", *columns)


def _rebuild_from_games() -> None:
    op.execute("DELETE FROM rating_history")
    op.execute("DELETE FROM rated_games")
    op.execute("DELETE FROM ratings_due")
    op.execute(
        "INSERT INTO ratings_due (game_id, due_at) SELECT id, COALESCE(finished_at, updated_at) "
        "FROM games WHERE status = 'finished' AND rated"
    )


def upgrade() -> None:
    op.drop_index("ix_ratings_ordinal", table_name="ratings")
    op.drop_table("ratings")
    _ratings_table(pooled=True)
    op.create_index("ix_ratings_pool_ordinal", "ratings", ["pool", "ordinal", "player_id"])
    _rebuild_from_games()
    with op.batch_alter_table("rating_history") as batch:
        batch.add_column(sa.Column("pool", sa.String(16), nullable=False, server_default=""))
    with op.batch_alter_table("rating_history") as batch:
        batch.alter_column("pool", server_default=None)


def downgrade() -> None:
    op.drop_index("ix_ratings_pool_ordinal", table_name="ratings")
    op.drop_table("ratings")
    _ratings_table(pooled=False)
    op.create_index("ix_ratings_ordinal", "ratings", ["ordinal", "player_id"])
    _rebuild_from_games()
    with op.batch_alter_table("rating_history") as batch:
        batch.drop_column("pool")
