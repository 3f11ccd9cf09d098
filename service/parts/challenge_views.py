"""A challenge as the service shows it to a reader (docs/api.md, "Challenges and
rematches"): who challenged whom, the answers so far, the reader's own seat and direction,
and the status as it reads now (an open challenge past its time reads as expired)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from service.models import ChallengeInviteRow, ChallengeRow, PlayerRow
from service.parts.challenge_terms import is_service_bot


@dataclass(frozen=True)
class Who:
    """A player as a challenge shows it."""

    id: str
    name: str
    bot: bool


@dataclass(frozen=True)
class Invitation:
    player: Who
    seat: int
    #: ``pending`` or ``accepted``.
    status: str


@dataclass(frozen=True)
class ChallengeView:
    id: str
    challenger: Who
    invited: list[Invitation]
    terms: dict[str, Any]
    #: open, accepted, declined, cancelled or expired.
    status: str
    created_at: datetime
    expires_at: datetime
    ended_at: datetime | None
    game_id: str | None
    rematch_of: str | None
    declined_by: str | None
    decline_reason: str | None
    #: The player's own seat in the game, when the reader is one of its players.
    seat: int | None = None
    direction: str | None = field(default=None)


def effective_status(row: ChallengeRow, now: datetime) -> str:
    """An open challenge past its time reads as expired before anything ends it."""
    return "expired" if row.status == "open" and row.expires_at <= now else row.status


def challenge_view(
    row: ChallengeRow,
    invites: list[ChallengeInviteRow],
    known: dict[str, PlayerRow],
    reader: str | None,
    now: datetime,
) -> ChallengeView:
    """The challenge as ``reader`` sees it; ``known``: its players' rows by id."""

    def who(pid: str) -> Who:
        p = known.get(pid)
        return Who(pid, p.name if p else pid, bool(p and p.bot) or is_service_bot(pid))

    seat = next((i.seat for i in invites if i.player_id == reader), None)
    if reader == row.challenger_id:
        seat = next(
            (i for i, s in enumerate(row.terms["seats"]) if s.get("player") == reader), None
        )
    direction = (
        "outgoing" if reader == row.challenger_id else "incoming" if seat is not None else None
    )
    return ChallengeView(
        id=row.id,
        challenger=who(row.challenger_id),
        invited=[Invitation(who(i.player_id), i.seat, i.status) for i in invites],
        terms=row.terms,
        status=effective_status(row, now),
        created_at=row.created_at,
        expires_at=row.expires_at,
        ended_at=row.ended_at,
        game_id=row.game_id,
        rematch_of=row.rematch_of,
        declined_by=row.declined_by,
        decline_reason=row.decline_reason,
        seat=seat,
        direction=direction,
    )
