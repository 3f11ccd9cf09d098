"""Sites act for players with their consent (docs/api.md, "Acting for players: OAuth 2"):
player tokens get an id, a kind (device, personal, oauth), scopes, a label, the site they
were issued to, an expiry and when they were last used; authorization codes and
registered (confidential) clients get tables of their own.

Every existing token is a device token with every scope, as before; its id is made from
the first characters of its hash (a hash of a random token tells nothing of the token).

Revision ID: 0022_oauth
Revises: 0021_tournaments
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022_oauth"
down_revision = "0021_tournaments"
branch_labels = None
depends_on = None


def _player_fk() -> sa.ForeignKey:
    return sa.ForeignKey("players.id", ondelete="CASCADE")


def upgrade() -> None:
    with op.batch_alter_table("player_tokens") as batch:
        batch.add_column(sa.Column("id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("kind", sa.String(16), nullable=False, server_default="device"))
        batch.add_column(sa.Column("scopes", sa.String(512), nullable=True))
        batch.add_column(sa.Column("label", sa.String(100), nullable=True))
        batch.add_column(sa.Column("client_id", sa.String(200), nullable=True))
        batch.add_column(sa.Column("redirect_uri", sa.String(2048), nullable=True))
        batch.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE player_tokens SET id = 't' || substr(token_hash, 1, 16)")
    with op.batch_alter_table("player_tokens") as batch:
        batch.alter_column("id", existing_type=sa.String(32), nullable=False)
        batch.create_unique_constraint("uq_player_tokens_id", ["id"])
    op.create_table(
        "oauth_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), _player_fk(), nullable=False),
        sa.Column("client_id", sa.String(200), nullable=False),
        sa.Column("redirect_uri", sa.String(2048), nullable=False),
        sa.Column("scopes", sa.String(512), nullable=False),
        sa.Column("code_challenge", sa.String(128), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_index("ix_oauth_codes_player_id", "oauth_codes", ["player_id"])
    op.create_index("ix_oauth_codes_expires_at", "oauth_codes", ["expires_at"])
    op.create_table(
        "oauth_clients",
        sa.Column("client_id", sa.String(200), primary_key=True),
        sa.Column("player_id", sa.String(32), _player_fk(), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("redirect_uris", sa.JSON(), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_oauth_clients_player_id", "oauth_clients", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_oauth_clients_player_id", table_name="oauth_clients")
    op.drop_table("oauth_clients")
    op.drop_index("ix_oauth_codes_expires_at", table_name="oauth_codes")
    op.drop_index("ix_oauth_codes_player_id", table_name="oauth_codes")
    op.drop_table("oauth_codes")
    op.execute("DELETE FROM player_tokens WHERE kind <> 'device'")
    with op.batch_alter_table("player_tokens") as batch:
        batch.drop_constraint("uq_player_tokens_id", type_="unique")
        for column in (
            "last_used_at",
            "expires_at",
            "redirect_uri",
            "client_id",
            "label",
            "scopes",
            "kind",
            "id",
        ):
            batch.drop_column(column)
