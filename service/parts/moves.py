"""Play: applying one action for a seat, by a person (a seat token) or for a bot or a
timeout (a trusted seat), each the same conditional write of the game with its log row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from service.parts.base import Part
from service.plumbing import log_setup
from service.plumbing.errors import (
    Conflict,
    Forbidden,
    PreconditionFailed,
    PreconditionRequired,
    ServiceError,
    Unauthorized,
    Unprocessable,
)
from service.rules import play
from service.rules.holders import Holder, held_seat, holder_of
from service.rules.views import ActionResult
from service.store import transactions

ACTORS = ("human", "bot", "timeout")


@dataclass(frozen=True, slots=True)
class ActionRequest:
    """One action as a caller asked for it: who (by token or trusted seat), what, and the
    preconditions."""

    action: dict[str, Any]
    actor: str
    token_hash: str | None = None
    #: A player acting with its player token in a seat it holds (``service.rules.holders``).
    player_id: str | None = None
    claimed_seat: int | None = None
    expected_seq: int | None = None
    expected_version: int | None = None
    idempotency_key: str | None = None


@dataclass(eq=False)
class Moves(Part):
    """``Moves(store, settings, clock, after)``: actions applied to games."""

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

        ``expected_version`` (the ETag) mismatch → ``precondition_failed``; ``expected_seq``
        mismatch → ``stale_seq``; a lost race → ``version_conflict``; engine refusals keep
        the engine's code and message. With ``idempotency_key`` a retry returns the first
        result and never applies twice.
        """
        if actor not in ACTORS:
            raise ValueError(f"unknown actor {actor!r}")
        request = ActionRequest(
            action,
            actor,
            expected_seq=expected_seq,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
        )
        return self.apply(game_id, seat, request)

    def submit(
        self,
        game_id: str,
        token: str,
        action: dict[str, Any],
        *,
        seat: int | None = None,
        expected_seq: int | None = None,
        expected_version: int | None = None,
        if_match: bool = False,
        idempotency_key: str | None = None,
    ) -> ActionResult:
        """``apply_action`` for a human identified by a seat token, or by the player token
        of the player holding the seat (the HTTP path, ``service.rules.holders``).

        The token is checked against the very read that the write is conditional on, and
        every seat change bumps the game's version, so a seat given up concurrently cannot
        be played with its old token. ``seat``, when given, must be the token's seat
        (``wrong_seat``), or one the player holds (``not_your_seat``); a player token
        without ``seat`` acts in the player's seat whose decision is pending. With
        ``settings.require_precondition`` (the default) the caller must name the version
        it saw, ``expected_version`` (the HTTP ``If-Match``) or ``expected_seq``: 428
        ``precondition_required`` otherwise; ``if_match`` says whether an ``If-Match`` was
        sent (``*`` sends one without a version).
        """
        if self.settings.require_precondition and not if_match and expected_seq is None:
            raise PreconditionRequired(
                "precondition_required",
                "send If-Match with the game's ETag or expected_seq in the body",
            )
        holder = holder_of(self.store.people, token)
        own_seat = None
        if idempotency_key is not None:  # the key is scoped per seat: find it first
            if holder.token_hash is not None:
                found = self.store.seat_by_token_hash(game_id, holder.token_hash)
                if found is None:
                    raise Unauthorized("invalid_token", "the token is not a seat of this game")
                own_seat = found.seat
            else:
                with self.store.reading(game_id) as row:
                    own_seat = held_seat(row, holder, seat)
                    mine = [s.seat for s in row.seats if s.player_id == holder.player_id]
                if seat is None:  # a retry: the pending seat may have moved on since
                    for other in mine:
                        if first := self._replay(game_id, other, idempotency_key, action):
                            return first
                seat = own_seat  # the write acts in the seat the key was scoped to
        request = ActionRequest(
            action,
            "human",
            token_hash=holder.token_hash,
            player_id=holder.player_id,
            claimed_seat=seat,
            expected_seq=expected_seq,
            expected_version=expected_version,
            idempotency_key=idempotency_key,
        )
        return self.apply(game_id, own_seat, request)

    def apply(self, game_id: str, seat: int | None, request: ActionRequest) -> ActionResult:
        """Check and apply ``request`` in one transaction, or replay its first result."""
        key = request.idempotency_key
        replayable = key is not None and seat is not None
        if replayable and (first := self._replay(game_id, seat, key, request.action)):
            return first
        try:
            # The step rewrites ``public`` and ``pending`` (``play.record_step``): unread.
            with self.store.changing(game_id, state=True, views=False) as (session, row):
                if request.token_hash is not None or request.player_id is not None:
                    holder = Holder(request.token_hash, request.player_id)
                    seat = play.authorise(row, holder, request.claimed_seat)
                assert seat is not None
                log_setup.note(seat=seat)  # the acting seat on this request's or task's records
                play.check_can_act(
                    row, seat, request.actor, request.expected_seq, request.expected_version
                )
                log_row, followup = play.apply_step(
                    row, seat, request.action, request.actor, key, self.clock(),
                    self.settings.bot_grace,
                )  # fmt: skip
                transactions.add(session, log_row)
        except (StaleDataError, IntegrityError) as err:
            if replayable and (first := self._replay(game_id, seat, key, request.action)):
                return first
            raise Conflict(
                "version_conflict", "another action was applied first; reload and retry"
            ) from err
        except ServiceError:
            # A concurrent request with the same key may have committed between our first
            # look-up and our read: then the game "moved on" because of *this* action.
            if replayable and (first := self._replay(game_id, seat, key, request.action)):
                return first
            raise
        self.after.committed(game_id, row.seq, followup)
        return ActionResult.of(log_row, replayed=False)

    def _replay(self, game_id: str, seat: Any, key: Any, action: dict[str, Any]) -> Any:
        """The first result of an action submitted before under ``key``, or None."""
        logged = self.store.logged_action(game_id, seat, key)
        if logged is None:
            return None
        if logged.action != action:
            raise Unprocessable(
                "idempotency_key_reused",
                "this Idempotency-Key was already used with a different action",
            )
        return ActionResult.of(logged, replayed=True)

    def play_for_bot(self, game_id: str, seq: int, seat: int, action: dict[str, Any]) -> bool:
        """A bot's (or a stand-in's) move for ``seat`` at ``seq`` on a fresh read: False
        when the game moved on meanwhile (another delivery, a resign...)."""
        try:
            self.apply(game_id, seat, ActionRequest(action, "bot", expected_seq=seq))
        except (Conflict, PreconditionFailed, Forbidden):
            return False
        return True
