"""What the service shows of a tournament and to whom: the tournament and its entries as the
API lists them, and who may see a private one (its organiser, its entrants, and whoever
holds the code of its invitation link, derived from the service's secret: nothing stored)."""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from service.models import TournamentRow
from service.plumbing.errors import NotFound
from service.store import tournaments as q
from service.store.people import player_names


@dataclass(frozen=True)
class TournamentView:
    id: str
    name: str
    organiser_id: str
    organiser: str
    format: str
    players: int
    variant: str | None
    smaller_tables: bool
    time_control: dict[str, Any]
    rated: bool
    bot_accounts: bool
    service_bots: str | None
    entry: str
    min_rating: float | None
    private: bool
    rounds: int | None
    duration: int | None
    missed_limit: int
    status: str
    round: int
    entrants: int
    created_at: datetime
    starts_at: datetime
    started_at: datetime | None
    ends_at: datetime | None
    finished_at: datetime | None
    #: The organiser's only (None to anyone else): the code of the invitation link.
    invitation: str | None = None


@dataclass(frozen=True)
class EntryView:
    player_id: str
    name: str
    #: invited, entered or withdrawn (a disqualified entrant is withdrawn, and marked so)
    status: str
    rating: float | None
    missed: int
    entered_at: datetime | None
    withdrawn_at: datetime | None
    disqualified: bool


def invitation_code(secret_key: str, tournament_id: str) -> str:
    """The code of the tournament's invitation link: derived from its id and the service's
    secret, so nothing is stored and only the organiser is shown it."""
    digest = hmac.new(
        secret_key.encode(), b"tournament-invitation:" + tournament_id.encode(), hashlib.sha256
    ).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode()


def invited_by_link(secret_key: str, tournament_id: str, invitation: str | None) -> bool:
    """Whether ``invitation`` is the code of the tournament's link (compared in constant
    time: the code is the key to a private tournament)."""
    return invitation is not None and hmac.compare_digest(
        invitation.encode(), invitation_code(secret_key, tournament_id).encode()
    )


def visible(
    session: Session, secret_key: str, tournament_id: str, viewer: str | None,
    invitation: str | None = None,
) -> TournamentRow:  # fmt: skip
    """The tournament, when ``viewer`` may see it (a private one: its organiser, its
    entrants and whoever holds its invitation link's code); else 404
    ``tournament_not_found``."""
    row = q.tournament(session, tournament_id)
    hidden = row is not None and row.private and viewer != row.organiser_id
    hidden = hidden and not invited_by_link(secret_key, tournament_id, invitation)
    if hidden and (viewer is None or q.entry(session, tournament_id, viewer) is None):
        row = None
    if row is None:
        raise NotFound("tournament_not_found", f"no tournament {tournament_id}")
    return row


def tournament_view(session: Session, row: TournamentRow, invitation: str | None) -> TournamentView:
    """The tournament as the API shows it; ``invitation``: the organiser's only."""
    names = player_names(session, [row.organiser_id])
    return TournamentView(
        row.id, row.name, row.organiser_id, names.get(row.organiser_id, "?"), row.format,
        row.players, row.variant, row.smallest < row.players, row.time_control, row.rated,
        row.bot_accounts, row.service_bots, row.entry, row.min_rating, row.private,
        row.rounds, row.duration, row.missed_limit, row.status, row.round,
        q.entered_count(session, row.id), row.created_at, row.starts_at, row.started_at,
        row.ends_at, row.finished_at, invitation,
    )  # fmt: skip


def entry_view(e: Any, name: str) -> EntryView:
    """An entry as the API shows it: a disqualified entrant is withdrawn, and marked so."""
    disqualified = e.status == "disqualified"
    status = "withdrawn" if disqualified else e.status
    return EntryView(e.player_id, name, status, e.rating, e.missed, e.entered_at,
                     e.withdrawn_at, disqualified)  # fmt: skip
