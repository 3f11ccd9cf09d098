"""Tournaments the service runs: Swiss, round robin and arena (service/parts/tournaments.py).

Revision ID: 0021_tournaments
Revises: 0019_bot_accounts
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021_tournaments"
down_revision = "0019_bot_accounts"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = True) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _tournament_key() -> sa.Column:
    return sa.Column(
        "tournament_id",
        sa.String(32),
        sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
        primary_key=True,
    )


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column(
            "organiser_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("variant", sa.String(32), nullable=True),
        sa.Column("smallest", sa.Integer(), nullable=False),
        sa.Column("time_control", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("bot_accounts", sa.Boolean(), nullable=False),
        sa.Column("service_bots", sa.String(32), nullable=True),
        sa.Column("entry", sa.String(16), nullable=False),
        sa.Column("min_rating", sa.Float(), nullable=True),
        sa.Column("private", sa.Boolean(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("duration", sa.Integer(), nullable=True),
        sa.Column("missed_limit", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        _when("created_at", False),
        _when("starts_at", False),
        _when("started_at"),
        _when("ends_at"),
        _when("finished_at"),
    )
    op.create_index("ix_tournaments_status_starts", "tournaments", ["status", "starts_at"])
    op.create_index("ix_tournaments_organiser", "tournaments", ["organiser_id"])
    op.create_table(
        "tournament_entries",
        _tournament_key(),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("rating", sa.Float(), nullable=True),
        sa.Column("missed", sa.Integer(), nullable=False),
        _when("created_at", False),
        _when("entered_at"),
        _when("withdrawn_at"),
        _when("waiting_since"),
    )
    op.create_index("ix_tournament_entries_player", "tournament_entries", ["player_id"])
    op.create_table(
        "tournament_rounds",
        _tournament_key(),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("pairing", sa.JSON(), nullable=False),
        _when("started_at", False),
        _when("finished_at"),
    )
    op.create_table(
        "tournament_tables",
        _tournament_key(),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("table", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("places", sa.JSON(), nullable=True),
        sa.Column("missed", sa.JSON(), nullable=True),
        _when("created_at", False),
        _when("finished_at"),
    )
    op.create_index("ux_tournament_tables_game", "tournament_tables", ["game_id"], unique=True)


def downgrade() -> None:
    op.drop_table("tournament_tables")
    op.drop_table("tournament_rounds")
    op.drop_table("tournament_entries")
    op.drop_table("tournaments")
