"""The rules of play that sit around the engine, as functions on a loaded game row: who may
act, the engine step itself, and what the next decision needs (its deadline, a bot turn).

Nothing here opens a transaction or talks to the scheduler: ``GameService`` loads the row,
calls these, commits, and only then hands the returned ``Followup`` to the scheduler (so a
worker never sees a decision that was rolled back).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NoReturn

from sqlalchemy.orm.attributes import flag_modified

from engine import EngineError, Game
from service.models import ActionLogRow, GameRow, SeatRow
from service.plumbing.errors import (
    Conflict,
    Forbidden,
    NotFound,
    PreconditionFailed,
    from_engine_error,
)
from service.plumbing.scheduling import Scheduler
from service.rules import clocks
from service.rules.bots import is_search_level
from service.rules.holders import Holder, held_seat
from service.rules.positions import SNAPSHOT_EVERY
from service.rules.seat_tokens import seat_of
from service.rules.views import etag_for

MAX_SEED = 2**53 - 1  # seeds stay exact in JavaScript clients

#: The events the service writes into a game's log beside the engine's (``engine.events``):
#: type -> (what it means, its fields as ``engine.events.EVENT_FIELDS`` declares them).
SERVICE_EVENTS: dict[str, tuple[str, dict[str, tuple[str, bool]]]] = {
    "seat_to_bot": (
        "A seat was handed to a bot for the rest of the game (reason: timeout or resigned), "
        "playing at the given level.",
        {"seat": ("int", True), "level": ("str", True), "reason": ("str", True)},
    ),
}


def bot_seed(game_seed: int, seq: int, seat: int, *, salt: int = 0) -> int:
    """The seed of the search for ``seat``'s decision at ``seq``: fixed by the game, so a
    replayed or repeated run chooses the same move. A hint passes ``salt=1``: its search is
    not the one a stand-in bot of the same seat would make."""
    return (game_seed * 1_000_003 + seq * 7919 + seat + salt) % MAX_SEED


@dataclass(frozen=True)
class Followup:
    """Work for the scheduler once the transaction has committed: a bot must decide at
    ``seq``, or a human must decide before ``eta``, or (``finished``) a rated game ended and
    its ratings are due. ``live``: a human sits in the game, so the bot's reply is awaited
    by a person and goes ahead of bot-only games' turns."""

    game_id: str
    seq: int
    eta: datetime | None = None  # None: a bot turn
    live: bool = True
    #: The game is over: its ratings are due when ``rate`` (a rated game), its review when
    #: ``review`` (a person played in it: ``service.parts.reviews``).
    finished: bool = False
    rate: bool = True
    review: bool = False
    #: Whose bot work a bot turn is (``owner_of``): the fair share of the workers
    #: (docs/workers.md, "Fair share"); None: nobody's (not subject to a quota).
    owner: str | None = None
    #: The game has a search bot (``mcts``…): its turns count against the search quota.
    search: bool = False

    def send(self, scheduler: Scheduler) -> None:
        if self.finished:
            if self.rate:
                scheduler.game_finished(self.game_id)
            if self.review:
                scheduler.review(self.game_id)
        elif self.eta is None:
            if self.owner is not None:  # through the owner's fair share, where there is one
                scheduler.owned_bot_turn(
                    self.game_id, self.seq, live=self.live, owner=self.owner, search=self.search
                )
            else:
                scheduler.bot_turn(self.game_id, self.seq, live=self.live)
        else:
            scheduler.deadline(self.game_id, self.seq, self.eta)


def touch(row: GameRow, now: datetime) -> None:
    """Mark the game row changed even when no column value differs (a seat-only change, or
    a frozen test clock): every write must bump the version, which is what makes
    concurrent writers conflict."""
    row.updated_at = now
    flag_modified(row, "updated_at")


def bot_turn_now(row: GameRow, now: datetime, bot_grace: int) -> Followup:
    """A bot owes the pending decision: schedule its turn, and give the deadline sweep a
    late deadline that recovers the turn if the task is lost."""
    row.deadline_at = now + timedelta(seconds=bot_grace)
    return Followup(
        row.id, row.seq, live=has_human(row), owner=owner_of(row), search=has_search_bot(row)
    )


def owner_of(row: GameRow) -> str | None:
    """Whose bot work the game's bot turns are: the creating player's (``p:<id>``), else
    the creating client address's (``a:<address>``); None for a game created by neither
    (the service called directly: scripts, older rows), which no quota limits."""
    if row.creator_player_id is not None:
        return f"p:{row.creator_player_id}"
    if row.creator_address is not None:
        return f"a:{row.creator_address}"
    return None


def has_search_bot(row: GameRow) -> bool:
    """Whether a search bot (the ``mcts`` family, whole budget per decision) sits here."""
    return any(s.kind == "bot" and is_search_level(s.bot_level) for s in row.seats)


def has_human(row: GameRow) -> bool:
    """Whether a person plays in this game (a resigned or replaced seat is a bot)."""
    return any(seat.kind == "human" for seat in row.seats)


def set_pending(row: GameRow, game: Any, now: datetime, bot_grace: int) -> Followup | None:
    """Record the engine's next decision, its deadline and what to schedule after commit."""
    pending = game.pending
    # Seats are players: in a variant one player decides for several colours (pending.seat
    # names the colour, pending.player the seat that answers; docs/rules.md "2 players").
    # ``seq`` is the number a client echoes as expected_seq (docs/api.md): a client holding
    # only ``pending`` (a stream message, an action's result) needs nothing else to answer.
    # It is the log's seq, not the engine's count of actions: a hand-over is an entry too.
    row.pending_seat = game.pending_player
    row.pending = {**pending.to_dict(), "player": row.pending_seat, "seq": row.seq}
    row.pending_kind = pending.kind
    seat_row = seat_of(row, row.pending_seat)
    if seat_row is not None and seat_row.kind == "bot":
        return bot_turn_now(row, now, bot_grace)
    row.deadline_at = None if seat_row is None else clocks.deadline(row, seat_row, now)
    if row.deadline_at is None:
        return None
    return Followup(row.id, row.seq, row.deadline_at)


def start(row: GameRow, game: Any, now: datetime, bot_grace: int) -> Followup | None:
    """The last seat is filled (or every seat is a bot): the game begins."""
    row.status = "active"
    row.started_at = now
    return set_pending(row, game, now, bot_grace)


def authorise(row: GameRow, holder: Holder | str, claimed_seat: int | None) -> int:
    """The seat a seat token (or its hash, ``str``) or a player acts in, checked against
    the very read the write is conditional on (so a seat given up concurrently cannot be
    played with its old token): ``service.rules.holders.held_seat``."""
    if isinstance(holder, str):
        holder = Holder(token_hash=holder)
    return held_seat(row, holder, claimed_seat)


def open_seat(
    row: GameRow, seat: int | None, player: str | None = None, invite_hash: str | None = None
) -> SeatRow:
    """The human seat ``join`` takes: the one asked for, or the lowest open one the caller
    may take (a reserved seat only for its player, an invited one only with its code)."""
    if row.status != "open":
        raise Conflict("game_not_open", f"game is {row.status}, not open")
    free = [s for s in row.seats if s.kind == "human" and s.token_hash is None]
    if seat is None:
        if not free:
            raise Conflict("game_full", "no open seat left")
        mine = [s for s in free if _may_take(s, player, invite_hash)]
        if not mine:
            _refuse(free[0])
        return mine[0]
    if not 0 <= seat < row.players:
        raise NotFound("seat_not_found", f"no seat {seat} in this game")
    target = next((s for s in free if s.seat == seat), None)
    if target is None:
        raise Conflict("seat_taken", f"seat {seat} is not open")
    if not _may_take(target, player, invite_hash):
        _refuse(target)
    return target


#: Stored in place of a seat's invitation hash by the join that used the code: no code
#: hashes to it, so the seat is never joined by invitation again (one code, one join).
SPENT_INVITATION = "spent"


def take_invitation(seat: SeatRow) -> None:
    """The join taking ``seat`` spends its invitation code, if it has one: should the holder
    leave, nobody (the holder included) joins the seat with that code again."""
    if seat.invite_hash is not None:
        seat.invite_hash = SPENT_INVITATION


def _may_take(seat: SeatRow, player: str | None, invite_hash: str | None) -> bool:
    if seat.reserved_for is not None:
        return seat.reserved_for == player
    if seat.invite_hash is not None:
        return invite_hash is not None and secrets.compare_digest(seat.invite_hash, invite_hash)
    return True


def _refuse(seat: SeatRow) -> NoReturn:
    if seat.reserved_for is not None:
        raise Forbidden("seat_reserved", "this seat is reserved for another player")
    if seat.invite_hash == SPENT_INVITATION:
        raise Forbidden("invitation_required", "this seat's invitation code has been used")
    raise Forbidden("invitation_required", "this seat is joined only with its invitation code")


def due_owner(row: GameRow, seq: int, now: datetime) -> SeatRow | None:
    """The seat owing the decision at ``seq`` when its deadline has passed, else None."""
    if row.status != "active" or row.seq != seq:
        return None
    if row.deadline_at is None or row.deadline_at > now:
        return None
    return seat_of(row, row.pending_seat)


def check_can_act(
    row: GameRow,
    seat: int,
    actor: str,
    expected_seq: int | None = None,
    expected_version: int | None = None,
) -> None:
    """Refuse an action the game's state or the caller's preconditions do not allow."""
    if row.status == "finished":
        raise Conflict("game_over", "the game is over")
    if row.status != "active":
        raise Conflict("game_not_active", f"game is {row.status}")
    if expected_version is not None and expected_version != row.version:
        raise PreconditionFailed(
            "precondition_failed",
            f"the game is at version {row.version}, not {expected_version}",
            current_etag=etag_for(row.version),
        )
    if expected_seq is not None and expected_seq != row.seq:
        raise Conflict(
            "stale_seq",
            f"the pending decision is at seq {row.seq}, not {expected_seq}",
            current_seq=row.seq,
        )
    seat_row = seat_of(row, seat)
    if seat_row is None:
        raise NotFound("seat_not_found", f"no seat {seat}")
    if actor == "human" and seat_row.kind != "human":
        if seat_row.resigned:
            raise Forbidden("seat_resigned", "this seat resigned; a bot plays it")
        raise Forbidden("seat_is_bot", "a bot plays this seat")
    if actor == "bot" and seat_row.kind != "bot":
        raise Conflict("seat_not_bot", "this seat is not played by a bot")


def apply_step(
    row: GameRow,
    seat: int,
    action: dict[str, Any],
    actor: str,
    idempotency_key: str | None,
    now: datetime,
    bot_grace: int,
) -> tuple[ActionLogRow, Followup | None]:
    """Run the engine on ``row``'s state and update the row; return the log row that must
    commit with it, and the follow-up to schedule after the commit."""
    game = Game.from_dict(row.state)
    try:
        events = game.apply(action, player=seat)
    except EngineError as err:
        raise from_engine_error(err) from None
    return record_step(row, game, seat, action, events, actor, idempotency_key, now, bot_grace)


def record_step(
    row: GameRow,
    game: Any,
    seat: int,
    action: dict[str, Any],
    events: list[Any],
    actor: str,
    idempotency_key: str | None,
    now: datetime,
    bot_grace: int,
    *,
    write_state: bool = True,
) -> tuple[ActionLogRow, Followup | None]:
    """The row's side of a step the engine ``game`` has just applied (``apply_step``).

    ``write_state=False`` (a bot run, several steps in one transaction) leaves
    ``row.state``/``row.public`` to the caller, who writes them once after the last step:
    serialising the engine state is most of a random bot's step. The log entries that
    keep a snapshot still get the state after their own step."""
    # The deciding seat's bank stops now (the pending seat: the engine accepted its move).
    clocks.charge(row, seat_of(row, row.pending_seat), now)
    if write_state or (row.seq + 1) % SNAPSHOT_EVERY == 0 or game.is_over:
        row.state = game.to_dict()
        row.public = game.public_view()
    row.seq += 1  # the log's numbering (see set_pending)
    touch(row, now)
    if actor == "timeout":
        timed_out = seat_of(row, seat)
        if timed_out is not None:
            timed_out.timeouts += 1
    followup = None
    if game.is_over:
        row.status = "finished"
        row.finished_at = now
        row.pending = row.pending_seat = row.pending_kind = row.deadline_at = None
        # ranking: seats (players), winner first; colour_ranking: the colours (the same unless
        # the game is a variant, docs/rules.md "2 players").
        row.result = {"ranking": game.player_ranking(), "scores": list(game.scores),
                      "colour_ranking": list(game.ranking())}  # fmt: skip
        if row.rated or has_human(row):
            # The write path adds the rating a rated game's finish owes (service/store/outbox.py);
            # the follow-up sends its task after the commit, and the review's of a game a
            # person played.
            followup = Followup(
                row.id, row.seq, finished=True, rate=bool(row.rated), review=has_human(row)
            )
    else:
        followup = set_pending(row, game, now, bot_grace)
    log_row = log_entry(row, seat, action, events, actor, now, idempotency_key)
    return log_row, followup


def hand_to_bot(
    row: GameRow, seat: SeatRow, level: str, actor: str, now: datetime, bot_grace: int
) -> tuple[ActionLogRow, Followup | None]:
    """A bot plays ``seat`` from now on (its human timed out under the ``bot`` policy, or
    resigned): an entry in the log like every other change, so ``/events``, the streams and
    the record show when and to which level the seat passed (docs/api.md, "The log").

    The engine is not involved (it knows colours, not who plays them), so the entry has no
    action; the pending decision stays, renumbered to this entry's seq. A bot turn already
    sent for the old seq is then stale, so a bot owing the decision (this seat's or
    another's) gets its turn sent again at the new one."""
    seat.kind = "bot"
    seat.bot_level = level
    touch(row, now)
    row.seq += 1
    followup = None
    if row.pending is not None:
        row.pending = {**row.pending, "seq": row.seq}
        owner = seat_of(row, row.pending_seat)
        if owner is not None and owner.kind == "bot":
            followup = bot_turn_now(row, now, bot_grace)
    reason = "timeout" if actor == "timeout" else "resigned"
    events = [{"type": "seat_to_bot", "seat": seat.seat, "level": level, "reason": reason}]
    return log_entry(row, seat.seat, None, events, actor, now), followup


def log_entry(
    row: GameRow,
    seat: int,
    action: dict[str, Any] | None,
    events: list[Any],
    actor: str,
    now: datetime,
    idempotency_key: str | None = None,
) -> ActionLogRow:
    """The log row of the change just made to ``row`` (its ``seq`` is the entry's), with
    what a reader of the log needs after it: the status, the pending decision and the
    version this write commits (the ORM bumps it in the same UPDATE); every
    ``SNAPSHOT_EVERY``-th row also keeps the engine state, for positions. A bot
    account's own changes (it acts as a player, ``actor`` ``human``) are logged as
    ``bot``: the log says a program played, as the seat does (docs/bots.md)."""
    seat_row = seat_of(row, seat)
    if actor == "human" and seat_row is not None and seat_row.bot_account:
        actor = "bot"
    return ActionLogRow(
        game_id=row.id,
        seq=row.seq,
        seat=seat,
        action=action,
        events=events,
        actor=actor,
        idempotency_key=idempotency_key,
        created_at=now,
        after={
            "status": row.status,
            "version": row.version + 1,
            "pending": row.pending,
            **({"banks": banks} if (banks := clocks.banks(row)) is not None else {}),
        },
        state=row.state if row.seq % SNAPSHOT_EVERY == 0 else None,
    )
