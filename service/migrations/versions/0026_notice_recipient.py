"""Each email notice keeps whom it went to, hashed: the hourly mail cap counts per
recipient address as well as per player (docs/api.md, "Notices by email and push").

Revision ID: 0026_notice_recipient
Revises: 0025_source_marks
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0026_notice_recipient"
down_revision = "0025_source_marks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("notices") as batch:
        batch.add_column(sa.Column("recipient", sa.String(64), nullable=True))
    op.create_index("ix_notices_recipient_sent", "notices", ["recipient", "sent_at"])


def downgrade() -> None:
    op.drop_index("ix_notices_recipient_sent", table_name="notices")
    with op.batch_alter_table("notices") as batch:
        batch.drop_column("recipient")
