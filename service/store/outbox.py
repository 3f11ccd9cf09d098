"""The outbox: what a game change owes, written in the change's own transaction.

A change owes webhook deliveries to the players it concerns, and a rated game that
finishes owes its rating. The store's one write path (``GameStore.writing``) asks here
before each flush, while the attribute history still holds what was loaded (``changes``,
``owe_rating``), and adds the deliveries after it (``deliveries``). So a change that
commits always has what it owes, even when Redis or every worker is down at that moment,
and one that rolls back has none. It also owes email and push notices to the players who
asked for them (``notices``). Sending deliveries is ``service.parts.webhooks``'s part,
rating ``service.parts.ratings``'s, notices ``service.parts.notices``'s; each also sweeps
for what a lost message left behind.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from service.models import (
    GameRow,
    NoticeRow,
    NoticeSettingsRow,
    RatingDueRow,
    WebhookDeliveryRow,
    WebhookEndpointRow,
)
from service.rules.notice_kinds import (
    ALWAYS,
    DEFAULT_KINDS,
    FROM_EVENT,
    NoticeKind,
    is_correspondence,
)
from service.store import notices as store_notices


def _before(row: GameRow, attr: str) -> Any:
    """The value ``attr`` had when ``row`` was loaded (None for a new row)."""
    history = inspect(row).attrs[attr].history
    if history.deleted:
        return history.deleted[0]
    if history.unchanged:
        return history.unchanged[0]
    return None


#: What ``changes`` announces when a seat's turn begins (no webhook endpoint subscribes to it).
TURN_BEGAN = "notice.turn_began"


def changes(row: GameRow) -> list[tuple[str, str]]:
    """(event, player id) pairs that the pending change of ``row`` announces. Must run
    before the flush (the attribute history is what was loaded)."""
    status, was = row.status, _before(row, "status")
    announced: list[tuple[str, str]] = []
    if status != was and status in ("active", "finished", "aborted"):
        event = {"active": "game.started", "finished": "game.finished"}.get(status, "game.aborted")
        players = {s.player_id for s in row.seats if s.player_id} | {row.creator_player_id}
        announced += [(event, p) for p in sorted(players - {None})]  # type: ignore[operator]
    if status == "active" and (status != was or row.seq != _before(row, "seq")):
        owner = next((s for s in row.seats if s.seat == row.pending_seat), None)
        if owner is not None and owner.kind == "human" and owner.player_id:
            announced.append(("game.your_turn", owner.player_id))
            if status != was or row.pending_seat != _before(row, "pending_seat"):
                # Not a webhook event: the notices tell a turn once, when it begins, not
                # at every decision of it.
                announced.append((TURN_BEGAN, owner.player_id))
    return announced


def owe_rating(session: Session, row: GameRow) -> None:
    """A rated game that finishes in this change owes its rating (docs/api.md, "Ratings"):
    the row that says so commits with the finish."""
    if row.rated and row.status == "finished" and _before(row, "status") != "finished":
        session.add(RatingDueRow(game_id=row.id, due_at=row.finished_at))


def deliveries(session: Session, row: GameRow, announced: list[tuple[str, str]]) -> list[str]:
    """Add the deliveries of what ``row``'s change ``announced`` (``changes``) to the
    transaction; their ids."""
    if not announced:
        return []
    players = {player for _, player in announced}
    endpoints = session.scalars(
        select(WebhookEndpointRow).where(
            WebhookEndpointRow.player_id.in_(players), WebhookEndpointRow.enabled.is_(True)
        )
    ).all()
    now, ids = datetime.now(UTC), []
    for event, player in announced:
        for endpoint in endpoints:
            if endpoint.player_id != player or event not in endpoint.events:
                continue
            if endpoint.label is not None and endpoint.label != row.label:
                continue
            delivery = WebhookDeliveryRow(
                id="msg_" + secrets.token_hex(12),
                endpoint_id=endpoint.id,
                event=event,
                game_id=row.id,
                payload=payload(event, row, now),
                status="pending",
                attempts=0,
                max_attempts=None,
                next_attempt_at=now,
                created_at=now,
            )
            session.add(delivery)
            ids.append(delivery.id)
    return ids


def payload(event: str, row: GameRow, now: datetime) -> dict[str, Any]:
    """``{"type", "timestamp", "data"}`` (the Standard Webhooks payload shape)."""

    def iso(value: datetime | None) -> str | None:
        return value.isoformat() if value is not None else None

    data: dict[str, Any] = {
        "game_id": row.id,
        "label": row.label,
        "status": row.status,
        "seq": row.seq,
        "seats": [
            {
                "seat": s.seat,
                "kind": "bot" if s.bot_account else s.kind,
                "name": s.name,
                "player_id": s.player_id,
            }
            for s in row.seats
        ],
        "started_at": iso(row.started_at),
        "finished_at": iso(row.finished_at),
    }
    if event == "game.finished":
        data["result"] = row.result
    if event == "game.your_turn":
        data["pending"] = {
            "seat": row.pending_seat,
            "kind": row.pending_kind,
            "seq": row.seq,
            "deadline_at": iso(row.deadline_at),
        }
    return {"type": event, "timestamp": now.isoformat(), "data": data}


def notices(session: Session, row: GameRow, announced: list[tuple[str, str]]) -> list[str]:
    """Add the email and push notices of what ``row``'s change ``announced``
    (``changes``) to the transaction, for the players who want them; their ids. A turn is
    a notice in correspondence games only (days per move); a game's end in every game."""
    wanted: list[tuple[NoticeKind, str]] = []
    for event, player in announced:
        kind = FROM_EVENT.get(event)
        if kind is NoticeKind.YOUR_TURN and not is_correspondence(row.time_control):
            continue
        if kind is not None:
            wanted.append((kind, player))
    if not wanted:
        return []
    players = {player for _, player in wanted}
    return owe(
        session,
        [
            (kind, player, row.id, row.seq, game_payload(kind, row, player))
            for kind, player in wanted
        ],
        mail=store_notices.mailable(session, players),
        push=store_notices.pushable(session, players),
        chosen=store_notices.choices(session, players),
        now=row.updated_at or datetime.now(UTC),
    )


def owe(
    session: Session,
    items: list[tuple[str, str, str | None, int | None, dict[str, Any]]],
    *,
    mail: list[NoticeSettingsRow],
    push: set[str],
    chosen: dict[str, list[str]],
    now: datetime,
) -> list[str]:
    """One notice row per channel a player wants each ``(kind, player, game, seq,
    payload)`` on: email when the address is verified and the kind chosen, push when the
    player has a subscription and chose the kind (or never chose: the defaults). ``now``: the
    change's time (the service's clock)."""
    ids = []
    by_player = {s.player_id: s for s in mail}
    for kind, player, game_id, seq, data in items:
        channels = []
        settings = by_player.get(player)
        if settings is not None and (kind in settings.kinds or kind in ALWAYS):
            channels.append("email")
        if player in push and (kind in chosen.get(player, DEFAULT_KINDS) or kind in ALWAYS):
            channels.append("push")
        for channel in channels:
            notice = NoticeRow(
                id="ntc_" + secrets.token_hex(12), player_id=player, channel=channel,
                kind=str(kind), game_id=game_id, seq=seq, payload=data, status="pending",
                attempts=0, next_attempt_at=now, created_at=now,
            )  # fmt: skip
            session.add(notice)
            ids.append(notice.id)
    return ids


def owe_players(
    session: Session,
    kind: str,
    items: list[tuple[str, str | None, dict[str, Any]]],
    now: datetime,
) -> list[str]:
    """The notices of ``kind`` that are not about a game's change (a challenge, a
    tournament's round, a moderator's action): ``(player, game id or None, payload)`` each, to the players who
    want them, written in the caller's transaction (``owe``); their ids."""
    players = {player for player, _, _ in items}
    if not players:
        return []
    return owe(
        session,
        [(kind, player, game_id, None, data) for player, game_id, data in items],
        mail=store_notices.mailable(session, players),
        push=store_notices.pushable(session, players),
        chosen=store_notices.choices(session, players),
        now=now,
    )


def game_payload(kind: str, row: GameRow, player: str) -> dict[str, Any]:
    """What a notice about ``row`` needs to be told later: the game's name, the deadline
    of a turn, the player's place at the end."""
    data: dict[str, Any] = {"game": row.label or row.id[:8]}
    if kind == NoticeKind.YOUR_TURN:
        data["seat"] = row.pending_seat
        data["deadline_at"] = row.deadline_at.isoformat() if row.deadline_at else None
    if kind == NoticeKind.GAME_END and row.result and row.result.get("ranking"):
        seats = [s.seat for s in row.seats if s.player_id == player]
        ranking = list(row.result["ranking"])
        if seats and seats[0] in ranking:
            data["place"], data["players"] = ranking.index(seats[0]) + 1, row.players
    return data
