"""Bot accounts and challenges: ``players.bot`` (and when it became one), ``seats.bot_account``
(a seat a bot account plays with its player token), and the ``challenges`` with their
``challenge_invites`` (docs/api.md, "Challenges and rematches").

Revision ID: 0019_bot_accounts
Revises: 0018_label_case
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019_bot_accounts"
down_revision = "0018_label_case"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "players", sa.Column("bot", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("players", sa.Column("bot_since", sa.DateTime(timezone=True), nullable=True))
    op.add_column(
        "seats", sa.Column("bot_account", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "challenger_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("terms", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("declined_by", sa.String(32), nullable=True),
        sa.Column("decline_reason", sa.String(32), nullable=True),
    )
    op.create_index("ix_challenges_challenger", "challenges", ["challenger_id", "status"])
    op.create_index("ix_challenges_status_expires", "challenges", ["status", "expires_at"])
    op.create_table(
        "challenge_invites",
        sa.Column(
            "challenge_id",
            sa.String(32),
            sa.ForeignKey("challenges.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_challenge_invites_player", "challenge_invites", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_challenge_invites_player", "challenge_invites")
    op.drop_table("challenge_invites")
    op.drop_index("ix_challenges_status_expires", "challenges")
    op.drop_index("ix_challenges_challenger", "challenges")
    op.drop_table("challenges")
    with op.batch_alter_table("seats") as batch:  # SQLite rebuilds the table
        batch.drop_column("bot_account")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("bot_since")
        batch.drop_column("bot")
