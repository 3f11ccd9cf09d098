"""Applying one action: authorise the seat, check the preconditions, run the engine, and
store the game with its log row in one commit (or not at all).

Every change follows one pattern: read the game row, check, compute the new state with the
engine, then write the game row (conditional on the version read), the seats and the log
row in ONE transaction. Losing a race shows up as a version conflict and nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from service.core import AfterCommit, ServiceCore, touch
from service.errors import (
    Conflict,
    Forbidden,
    NotFound,
    PreconditionFailed,
    ServiceError,
    Unprocessable,
    from_engine_error,
)
from service.models import ActionLogRow, GameRow
from service.seats import hash_token, seat_by_hash, seat_of
from service.views import ActionResult, etag_for


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """One action as a caller asked for it: who (by token or trusted seat), what, and the
    preconditions. Passed whole from the entry points to the step that checks and runs it."""

    action: dict[str, Any]
    actor: str
    token_hash: str | None = None
    claimed_seat: int | None = None
    expected_seq: int | None = None
    expected_version: int | None = None
    idempotency_key: str | None = None


class GameActions(ServiceCore):
    """The checked engine step, for humans (by seat token), bots and timeouts."""

    def apply_action(
        self,
        game_id: str,
        seat: int,
        action: dict[str, Any],
        *,
        expected_seq: int | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        actor: str = "human",
    ) -> ActionResult:
        """Apply one action for ``seat``; the action and its log row commit together.

        ``expected_version`` (the ETag) mismatch → 412 ``precondition_failed``;
        ``expected_seq`` mismatch → 409 ``stale_seq``; a lost race → 409
        ``version_conflict``; engine refusals keep the engine's code and message.
        With ``idempotency_key`` a retry returns the first result and never applies twice.
        """
        if actor not in ("human", "bot", "timeout"):
            raise ValueError(f"unknown actor {actor!r}")
        return self._apply(
            game_id,
            seat,
            ActionRequest(
                action,
                actor,
                expected_seq=expected_seq,
                expected_version=expected_version,
                idempotency_key=idempotency_key,
            ),
        )

    def submit(
        self,
        game_id: str,
        token: str,
        action: dict[str, Any],
        *,
        seat: int | None = None,
        expected_seq: int | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> ActionResult:
        """``apply_action`` for a human identified by a seat token (the HTTP path).

        The token is checked against the very read that the write is conditional on, and
        every seat change bumps the game's version, so a seat given up concurrently cannot
        be played with its old token. ``seat``, when given,
        must be the token's seat (403 ``wrong_seat``).
        """
        digest = hash_token(token)
        own_seat = None
        if idempotency_key is not None:  # the key is scoped per seat: find it first
            own_seat = self.seat_for_token(game_id, token).seat
        return self._apply(
            game_id,
            own_seat,
            ActionRequest(
                action,
                "human",
                token_hash=digest,
                claimed_seat=seat,
                expected_seq=expected_seq,
                expected_version=expected_version,
                idempotency_key=idempotency_key,
            ),
        )

    def _apply(
        self, game_id: str, seat: int | None, request: ActionRequest, preloaded: Any = None
    ) -> ActionResult:
        """Check and apply ``request``; ``preloaded``: a record the hot path read earlier
        (a bot's turn), written conditionally on its version like a fresh read."""
        action, actor, idempotency_key = request.action, request.actor, request.idempotency_key
        if idempotency_key is not None and seat is not None:
            previous = self._find_idempotent(game_id, seat, idempotency_key, action)
            if previous is not None:
                return previous
        ctx = AfterCommit()
        try:
            if self._actions is not None:
                # The hottest write (every move): prebuilt statements on the thread's own
                # connection, without the ORM's identity map and unit of work.
                row = preloaded if preloaded is not None else self._actions.load(game_id)
                read_version = row.version
                seat, log_row = self._step(row, seat, request, ctx)
                self._actions.store(
                    row, read_version, log_row, seat if actor == "timeout" else None
                )
            else:
                with self.sessions.begin() as session:
                    row = self._load(session, game_id, state=True)
                    seat, log_row = self._step(row, seat, request, ctx)
                    session.add(log_row)
                    session.flush()
            result = ActionResult.of(log_row, replayed=False)
        except (StaleDataError, IntegrityError) as err:
            if idempotency_key is not None and seat is not None:
                previous = self._find_idempotent(game_id, seat, idempotency_key, action)
                if previous is not None:
                    return previous
            raise Conflict(
                "version_conflict", "another action was applied first; reload and retry"
            ) from err
        except ServiceError as err:
            # A concurrent request with the same key may have committed between our first
            # look-up and our read: then the game "moved on" because of *this* action.
            if idempotency_key is not None and seat is not None and err.status in (409, 412):
                previous = self._find_idempotent(game_id, seat, idempotency_key, action)
                if previous is not None:
                    return previous
            raise
        self._dispatch(ctx)
        return result

    def _step(
        self, row: Any, seat: int | None, request: ActionRequest, ctx: AfterCommit
    ) -> tuple[int, ActionLogRow]:
        """Authorise, check and run one action on a loaded game: (seat, its log row)."""
        if request.token_hash is not None:
            seat = seat_by_hash(row, request.token_hash).seat
            claimed = request.claimed_seat
            if claimed is not None and claimed != seat:
                raise Forbidden("wrong_seat", f"the token belongs to seat {seat}, not {claimed}")
        assert seat is not None
        self._check_can_act(
            row, seat, request.actor, request.expected_seq, request.expected_version
        )
        return seat, self._apply_locked(
            row, seat, request.action, request.actor, request.idempotency_key, ctx
        )

    def _check_can_act(
        self,
        row: GameRow,
        seat: int,
        actor: str,
        expected_seq: int | None,
        expected_version: int | None,
    ) -> None:
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

    def _apply_locked(
        self,
        row: GameRow,
        seat: int,
        action: dict[str, Any],
        actor: str,
        idempotency_key: str | None,
        ctx: AfterCommit,
    ) -> ActionLogRow:
        """Run the engine, update ``row`` and return the log row (the caller stores both)."""
        from engine import EngineError, Game

        game = Game.from_dict(row.state)
        try:
            events = game.apply(action, seat=seat)
        except EngineError as err:
            raise from_engine_error(err) from None
        now = self.clock()
        row.state = game.to_dict()
        row.public = game.public_view()
        row.seq = game.seq
        touch(row, now)
        if actor == "timeout":
            timed_out = seat_of(row, seat)
            if timed_out is not None:
                timed_out.timeouts += 1
        if game.is_over:
            row.status = "finished"
            row.finished_at = now
            row.pending = None
            row.pending_seat = None
            row.pending_kind = None
            row.deadline_at = None
            row.result = {"ranking": list(game.ranking()), "scores": list(game.scores)}
        else:
            self._set_pending(row, game, now, ctx)
        log_row = ActionLogRow(
            game_id=row.id,
            seq=game.seq,
            seat=seat,
            action=action,
            events=events,
            actor=actor,
            idempotency_key=idempotency_key,
            created_at=now,
            after={
                "status": row.status,
                "version": row.version + 1,  # the ORM bumps it in the same UPDATE
                "pending": row.pending,
            },
        )
        return log_row

    def _find_idempotent(
        self, game_id: str, seat: int, key: str, action: dict[str, Any]
    ) -> ActionResult | None:
        with self.sessions() as session:
            row = session.scalar(
                select(ActionLogRow).where(
                    ActionLogRow.game_id == game_id,
                    ActionLogRow.seat == seat,
                    ActionLogRow.idempotency_key == key,
                )
            )
            if row is None:
                return None
            if row.action != action:
                raise Unprocessable(
                    "idempotency_key_reused",
                    "this Idempotency-Key was already used with a different action",
                )
            return ActionResult.of(row, replayed=True)
