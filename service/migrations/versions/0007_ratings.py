"""Ratings (docs/api.md, "Ratings"): a rating per player (bots included, one player row
per level), the rating history, the games already rated and the finished games waiting
to be rated; ``games.rated`` (a creation option, default true).

- ``ratings``: the player's current OpenSkill (Plackett–Luce) ``mu`` and ``sigma`` and
  its ``ordinal`` (``mu - 3 sigma``, the leaderboard's order, indexed).
- ``rating_history``: one row per player and rated game, in the order they were rated.
- ``rated_games``: the game id as primary key, written in the same transaction as the
  rating updates: what makes rating a game happen at most once.
- ``ratings_due``: written in the same transaction that finishes a rated game (an outbox):
  the deadline sweep re-sends the rating task of any game still listed there, so a lost
  message delays a rating but never loses it.

Revision ID: 0007_ratings
Revises: 0006_handover
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_ratings"
down_revision = "0006_handover"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true()))
    op.create_table(
        "ratings",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_ordinal", "ratings", ["ordinal", "player_id"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_history_player_id", "rating_history", ["player_id", "id"])
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ratings_due",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_due_due_at", "ratings_due", ["due_at"])


def downgrade() -> None:
    op.drop_index("ix_ratings_due_due_at", table_name="ratings_due")
    op.drop_table("ratings_due")
    op.drop_table("rated_games")
    op.drop_index("ix_rating_history_player_id", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_ordinal", table_name="ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rated")
