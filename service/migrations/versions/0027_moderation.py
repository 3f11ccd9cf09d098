"""Reports and moderation: moderators, players' reports, the moderators' audit log and the
mutes and bars in force (docs/api.md, "Reports and moderation").

Revision ID: 0027_moderation
Revises: 0026_notice_recipient
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0027_moderation"
down_revision = "0027_blocks"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def _player(name: str, **kw: object) -> sa.Column:
    return sa.Column(name, sa.String(32), sa.ForeignKey("players.id", **kw), nullable=False)  # type: ignore[arg-type]


def upgrade() -> None:
    op.create_table(
        "moderators",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),  # fmt: skip
        sa.Column("granted_at", _TS, nullable=False),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.String(32), primary_key=True),
        _player("reporter_id"),
        _player("target_id"),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column(
            "message_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=True
        ),
        sa.Column("message_text", sa.String(280), nullable=True),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("comment", sa.String(500), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", _TS, nullable=False),
        sa.Column("closed_at", _TS, nullable=True),
        sa.Column("action_id", sa.String(32), nullable=True),
    )
    op.create_index("ix_reports_status_created", "reports", ["status", "created_at"])
    op.create_index("ix_reports_reporter_target", "reports", ["reporter_id", "target_id", "status"])
    op.create_table(
        "moderation_actions",
        sa.Column("id", sa.String(32), primary_key=True),
        _player("moderator_id"),
        _player("target_id"),
        sa.Column("report_id", sa.String(32), nullable=True),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("until", _TS, nullable=True),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_index("ix_moderation_actions_created_at", "moderation_actions", ["created_at"])
    op.create_table(
        "sanctions",
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),  # fmt: skip
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("until", _TS, nullable=True),
        sa.Column("action_id", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("sanctions")
    op.drop_index("ix_moderation_actions_created_at", table_name="moderation_actions")
    op.drop_table("moderation_actions")
    op.drop_index("ix_reports_reporter_target", table_name="reports")
    op.drop_index("ix_reports_status_created", table_name="reports")
    op.drop_table("reports")
    op.drop_table("moderators")
