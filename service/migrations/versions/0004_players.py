"""Players: identities with hashed API tokens, seats linked to (or reserved for) a player,
invitation codes, private games and label ownership.

- ``players``: id, name, the SHA-256 of the player's token (unique: look-up by token).
- ``labels``: a label's owner (the first player to use it).
- ``seats.player_id`` with a partial index: "my games" and "my turns" start from it.
- ``seats.reserved_for``, ``seats.invite_hash``, ``games.private``,
  ``games.creator_player_id``: private seats and listings.

Revision ID: 0004_players
Revises: 0003_scale
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_players"
down_revision = "0003_scale"
branch_labels = None
depends_on = None

_LINKED = sa.text("player_id IS NOT NULL")


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "labels",
        sa.Column("label", sa.String(64), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("creator_player_id", sa.String(32), nullable=True))
        batch.add_column(
            sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("reserved_for", sa.String(32), nullable=True))
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
    op.create_index(
        "ix_seats_player_id",
        "seats",
        ["player_id"],
        postgresql_where=_LINKED,
        sqlite_where=_LINKED,
    )


def downgrade() -> None:
    op.drop_index("ix_seats_player_id", table_name="seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
        batch.drop_column("reserved_for")
        batch.drop_column("player_id")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("private")
        batch.drop_column("creator_player_id")
    op.drop_table("labels")
    op.drop_table("players")
