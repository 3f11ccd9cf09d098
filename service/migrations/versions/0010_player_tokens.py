"""A player's tokens move to their own table, one per signed-in device, and one-time
sign-in codes move a player to another device (docs/api.md, "Signing in on another
device"). Every existing token keeps working: its hash is copied over.

Revision ID: 0010_player_tokens
Revises: 0009_label_entries
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_player_tokens"
down_revision = "0009_label_entries"
branch_labels = None
depends_on = None


def _player_fk() -> sa.ForeignKey:
    return sa.ForeignKey("players.id", ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "player_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), _player_fk(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_player_tokens_player_id", "player_tokens", ["player_id"])
    # Bots' rows hold their own id where a digest would be: they never had a token.
    op.execute(
        "INSERT INTO player_tokens (token_hash, player_id, created_at) "
        "SELECT token_hash, id, created_at FROM players WHERE id NOT LIKE 'bot-%'"
    )
    with op.batch_alter_table("players") as batch:
        batch.drop_column("token_hash")
    op.create_table(
        "signin_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), _player_fk(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_signin_codes_player_id", "signin_codes", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_signin_codes_player_id", table_name="signin_codes")
    op.drop_table("signin_codes")
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
    op.execute(
        "UPDATE players SET token_hash = (SELECT MIN(token_hash) FROM player_tokens "
        "WHERE player_tokens.player_id = players.id)"
    )
    op.drop_index("ix_player_tokens_player_id", table_name="player_tokens")
    op.drop_table("player_tokens")
