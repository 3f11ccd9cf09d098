"""Notices between turns: a player's email address and choices, push subscriptions and the
outbox of notices (docs/api.md, "Notices by email and push").

Revision ID: 0024_notices
Revises: 0023_reviews
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024_notices"
down_revision = "0023_reviews"
branch_labels = None
depends_on = None

_PENDING = sa.text("status = 'pending'")
_TS = sa.DateTime(timezone=True)


def _player() -> sa.Column:
    return sa.Column(
        "player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"),
        nullable=False,
    )  # fmt: skip


def upgrade() -> None:
    op.create_table(
        "notice_settings",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),  # fmt: skip
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_verified_at", _TS, nullable=True),
        sa.Column("verify_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("verify_expires_at", _TS, nullable=True),
        sa.Column("kinds", sa.JSON(), nullable=False),
        sa.Column("cadence", sa.String(16), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("unsubscribe_key", sa.String(64), nullable=False, unique=True),
        sa.Column("unsubscribed_at", _TS, nullable=True),
        sa.Column("updated_at", _TS, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.String(32), primary_key=True),
        _player(),
        sa.Column("endpoint", sa.String(2048), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(128), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_index("ix_push_subscriptions_player_id", "push_subscriptions", ["player_id"])
    op.create_table(
        "notices",
        sa.Column("id", sa.String(40), primary_key=True),
        _player(),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("seq", sa.Integer(), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", _TS, nullable=True),
        sa.Column("last_error", sa.String(256), nullable=True),
        sa.Column("message_id", sa.String(128), nullable=True),
        sa.Column("created_at", _TS, nullable=False),
        sa.Column("sent_at", _TS, nullable=True),
    )
    op.create_index(
        "ix_notices_due", "notices", ["next_attempt_at"],
        postgresql_where=_PENDING, sqlite_where=_PENDING,
    )  # fmt: skip
    op.create_index("ix_notices_player_sent", "notices", ["player_id", "sent_at"])


def downgrade() -> None:
    op.drop_index("ix_notices_player_sent", table_name="notices")
    op.drop_index("ix_notices_due", table_name="notices")
    op.drop_table("notices")
    op.drop_index("ix_push_subscriptions_player_id", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("notice_settings")
