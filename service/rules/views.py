"""The plain records the service returns: no ORM object ever escapes the service, so callers
(the HTTP layer, the workers, scripts) cannot lazy-load or change a row by accident."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.decision import DECISION_KINDS
from engine.fairness import SCHEME
from service.models import (
    GAME_STATUSES,
    SEAT_KINDS,
    TIMEOUT_POLICIES,
    ActionLogRow,
    GameRow,
    SeatRow,
)
from service.rules import clocks
from service.rules.described import described
from service.rules.game_options import GameOptions


@dataclass(frozen=True)
class SeatView:
    seat: int
    kind: str = field(metadata={"enum": list(SEAT_KINDS)})
    bot_level: str | None
    name: str | None
    occupied: bool
    joined_at: datetime | None
    timeouts: int
    replaced_by_bot: bool
    resigned: bool
    player_id: str | None = field(
        default=None, metadata=described("the player who joined with a player token")
    )
    reserved_for: str | None = field(
        default=None, metadata=described("only this player may join the seat")
    )
    invited: bool = field(default=False, metadata=described("joined only with an invitation code"))
    bank: float | None = field(
        default=None,
        metadata=described(
            "bank time control: seconds in the seat's bank (the deciding seat's as it stood "
            "when the decision was offered: it runs out at deadline_at); null for a bot or "
            "without banks"
        ),
    )
    bot_account: bool = field(
        default=False,
        metadata=described(
            "played by the bot account `player_id` with its player token (`kind` is `bot`, "
            "without a level)"
        ),
    )

    @classmethod
    def of(cls, row: SeatRow, bank: float | None = None) -> SeatView:
        return cls(
            seat=row.seat,
            kind="bot" if row.bot_account and not row.resigned else row.kind,
            bot_level=row.bot_level,
            name=row.name,
            occupied=row.kind == "bot" or row.token_hash is not None,
            joined_at=row.joined_at,
            timeouts=row.timeouts,
            replaced_by_bot=row.replaced_by_bot,
            resigned=row.resigned,
            player_id=row.player_id,
            reserved_for=row.reserved_for,
            invited=row.invite_hash is not None,
            bank=bank,
            bot_account=bool(row.bot_account),
        )


@dataclass(frozen=True)
class GameView:
    """What any caller may know about a game: never the RNG or the undrawn cards."""

    id: str
    status: str = field(metadata={"enum": list(GAME_STATUSES)})
    players: int
    seq: int = field(metadata=described("player actions applied so far"))
    version: int = field(metadata=described("changes with every write; the ETag"))
    seats: list[SeatView]
    options: dict[str, Any]  # GameOptions.public
    time_limit: int = field(
        metadata=described("seconds per human decision (0: none, or a bank control)")
    )
    timeout_policy: str = field(metadata={"enum": list(TIMEOUT_POLICIES)})
    #: {type, ...} (service/rules/clocks.py): none, per_decision, bank or correspondence.
    time_control: dict[str, Any]
    pending_seat: int | None
    pending_kind: str | None = field(metadata={"enum": list(DECISION_KINDS)})
    deadline_at: datetime | None = field(
        metadata=described("when the pending human decision times out (a bot: null)")
    )
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    result: dict[str, Any] | None
    label: str | None = field(default=None, metadata=described("the creator's grouping"))
    private: bool = field(default=False, metadata=described("listed only to its creating player"))
    rated: bool = field(default=True, metadata=described("the result updates the players' ratings"))
    #: {verifiable, scheme, commitment} (docs/fairness.md); public from the creation on.
    fairness: dict[str, Any] | None = None
    pending: dict[str, Any] | None = None
    public: dict[str, Any] | None = None

    @property
    def etag(self) -> str:
        return etag_for(self.version)

    @property
    def open_seats(self) -> list[int]:
        return [s.seat for s in self.seats if not s.occupied]


def etag_for(version: int) -> str:
    """Strong ETag of a game: its version changes with every write."""
    return f'"v{version}"'


@dataclass(frozen=True)
class CreatedGame:
    game: GameView
    creator_token: str
    #: ``{seat: invitation code}`` of a private game's unreserved human seats (shown once).
    invitations: dict[int, str] | None = None
    #: A retry with the same Idempotency-Key: the first request's game and token.
    replayed: bool = False


@dataclass(frozen=True)
class Joined:
    game: GameView
    seat: int
    token: str
    #: A retry with the same Idempotency-Key: the first request's seat and token.
    replayed: bool = False


@dataclass(frozen=True)
class ActionResult:
    """The outcome of one applied action; a retry with the same idempotency key gets the
    very same result back (``replayed`` tells it apart)."""

    game_id: str
    seq: int
    seat: int
    action: dict[str, Any]
    events: list[Any]
    actor: str
    status: str
    version: int
    pending: dict[str, Any] | None
    created_at: datetime
    replayed: bool = False

    @property
    def etag(self) -> str:
        return etag_for(self.version)

    @classmethod
    def of(cls, row: ActionLogRow, *, replayed: bool) -> ActionResult:
        after = row.after or {}
        return cls(
            game_id=row.game_id,
            seq=row.seq,
            seat=row.seat,
            action=row.action,
            events=row.events,
            actor=row.actor,
            status=after.get("status", "active"),
            version=after.get("version", 0),
            pending=after.get("pending"),
            created_at=row.created_at,
            replayed=replayed,
        )


@dataclass(frozen=True)
class LogEntry:
    seq: int
    seat: int
    action: dict[str, Any]
    events: list[Any]
    actor: str
    created_at: datetime
    #: What the entry left behind ({status, version, pending}): the live stream tells
    #: clients the next decision and notices state changes without a log entry by it.
    after: dict[str, Any] | None = None


@dataclass(frozen=True)
class SeatSpec:
    """How a seat is configured at creation."""

    kind: str = "human"
    level: str | None = None
    name: str | None = None
    #: A human seat only this player may join (its id).
    player: str | None = None


def game_view(row: GameRow, *, full: bool) -> GameView:
    banks = clocks.banks(row) or [None] * len(row.seats)
    return GameView(
        id=row.id,
        status=row.status,
        players=row.players,
        seq=row.seq,
        version=row.version,
        seats=[SeatView.of(s, b) for s, b in zip(row.seats, banks, strict=True)],
        options=GameOptions.of(row.options).public(row.rated is not False),
        time_limit=row.time_limit,
        timeout_policy=row.timeout_policy,
        time_control=clocks.control_of(row),
        pending_seat=row.pending_seat,
        pending_kind=row.pending_kind,
        # A bot's decision has no clock: its deadline is only the sweep's recovery net.
        deadline_at=row.deadline_at if _human_decides(row) else None,
        created_at=row.created_at,
        updated_at=row.updated_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        result=row.result,
        label=row.label,
        private=bool(row.private),
        rated=row.rated is not False,
        fairness={
            "verifiable": row.commitment is not None,
            "scheme": SCHEME if row.commitment is not None else None,
            "commitment": row.commitment,
        },
        pending=row.pending if full else None,
        public=row.public if full else None,
    )


def hints_allowed(row: GameRow) -> bool:
    """Whether the seat to play may ask for hints (``service.parts.hints``): never in a rated
    game, and in an unrated one unless its creator chose ``options.hints: false``."""
    return GameOptions.of(row.options).hints_allowed(row.rated is not False)


def _human_decides(row: GameRow) -> bool:
    seat = next((s for s in row.seats if s.seat == row.pending_seat), None)
    return seat is not None and seat.kind == "human"
