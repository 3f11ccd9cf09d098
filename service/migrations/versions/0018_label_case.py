"""Labels are compared without case: every stored label in lower case
(``service.rules.new_game.label_key``).

Labels that differ only in case were different labels, possibly of different owners. The
one already in lower case keeps the lower-case name (else the oldest claim); each other
one is renamed ``<name>-2``, ``-3``, ... (the first free), so nobody's games, entries or
webhooks change owner. The games and webhooks of a renamed label follow it; any other
stored label is lowered in place.

Revision ID: 0018_label_case
Revises: 0017_hints
Create Date: 2026-11-27
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

revision = "0018_label_case"
down_revision = "0017_hints"
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")

LABELS = sa.table(
    "labels",
    sa.column("label", sa.String),
    sa.column("player_id", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
)
ENTRIES = sa.table("label_entries", sa.column("label", sa.String))
GAMES = sa.table("games", sa.column("label", sa.String))
HOOKS = sa.table("webhook_endpoints", sa.column("label", sa.String))


def renames(labels: list[str]) -> dict[str, str]:
    """Old name → new name for every label not stored in lower case (``labels`` oldest
    claim first): the lower-case name when free, else the first free ``-<n>`` form."""
    taken = {label for label in labels if label == label.lower()}
    out: dict[str, str] = {}
    for label in labels:
        key = label.lower()
        if label == key:
            continue
        n = 1
        new = key
        while new in taken:
            n += 1
            new = f"{key[: 64 - len(str(n)) - 1]}-{n}"
        taken.add(new)
        out[label] = new
    return out


def upgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(
        sa.select(LABELS.c.label, LABELS.c.player_id, LABELS.c.created_at).order_by(
            LABELS.c.created_at, LABELS.c.label
        )
    ).all()
    owner = {r.label: (r.player_id, r.created_at) for r in rows}
    for old, new in renames([r.label for r in rows]).items():
        if new != old.lower():
            log.warning("label %r is renamed %r: %r is another label now", old, new, old.lower())
        player_id, created_at = owner[old]
        bind.execute(
            sa.insert(LABELS).values(label=new, player_id=player_id, created_at=created_at)
        )
        for table in (ENTRIES, GAMES, HOOKS):
            bind.execute(sa.update(table).where(table.c.label == old).values(label=new))
        bind.execute(sa.delete(LABELS).where(LABELS.c.label == old))
    for table in (GAMES, HOOKS):  # labels nobody owns (games created without a player)
        bind.execute(
            sa.update(table)
            .where(table.c.label != sa.func.lower(table.c.label))
            .values(label=sa.func.lower(table.c.label))
        )


def downgrade() -> None:
    """Nothing to undo: lower-case labels are valid labels of the older schema (the
    spelling they had is not kept)."""
