"""Provably fair dice (docs/fairness.md): games.server_seed and games.commitment, and the
entropy each human seat contributed (seats.entropy); idempotent_requests, the first
response to a create or join sent with an Idempotency-Key (service/store/idempotency.py).

Revision ID: 0005_fair
Revises: 0004_players
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_fair"
down_revision = "0004_players"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("server_seed", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("commitment", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("entropy", sa.String(256), nullable=True))
    op.create_table(
        "idempotent_requests",
        sa.Column("scope", sa.String(48), primary_key=True),
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("sealed_token", sa.String(256), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_idempotent_requests_created_at", "idempotent_requests", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_idempotent_requests_created_at", table_name="idempotent_requests")
    op.drop_table("idempotent_requests")
    op.drop_column("seats", "entropy")
    op.drop_column("games", "commitment")
    op.drop_column("games", "server_seed")
