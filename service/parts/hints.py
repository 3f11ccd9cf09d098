"""Hints: the seat to play asks what the search bot would do, and why (docs/api.md, "Hints").

A hint belongs to one decision, the game's ``seq`` when it was asked. Asking stores a row
keyed by ``(game, seq)`` (``models.HintRow``: a second ask for the same decision finds it)
and hands ``(game, seq)`` to the scheduler; a worker computes it (``compute``) with the
search level ``settings.hint_level`` within that level's budget, never the request. Once
the game has moved past that decision the hint is ``stale`` and its suggestion is no
longer given: it was about a position that is gone.

Only in unrated games whose options allow it (``views.hints_allowed``): in a rated game a
hint is outside help, refused with 403 ``hints_not_allowed``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError

from ai.levels import ROLLOUT_BY_GAME
from ai.mcts import MctsBot
from engine import Game
from service.models import GameRow, HintRow
from service.parts.base import Part
from service.plumbing.errors import Conflict, Forbidden, NotFound, Unprocessable
from service.plumbing.outages import log_failure
from service.rules import play
from service.rules.bots import is_search_level, thinking_budget
from service.rules.holders import holder_of
from service.rules.views import hints_allowed
from service.store import hints as queries
from service.store import transactions

log = logging.getLogger(__name__)

#: A worker that took a hint this long ago and has not written it is gone (the task's
#: hard limit is shorter): another task may compute it.
LEASE = timedelta(seconds=30)
#: Values are reported to two decimals: more would only show the search's noise.
PLACES = 2


@dataclass(frozen=True)
class HintView:
    """A hint as a client sees it. ``status``: ``pending`` (a worker has yet to answer),
    ``ready`` (``action`` and ``reason`` are set) or ``stale`` (the game has moved past
    ``seq``: neither is given)."""

    game_id: str
    seq: int
    seat: int
    status: str
    level: str
    action: dict[str, Any] | None
    reason: dict[str, Any] | None
    requested_at: datetime
    ready_at: datetime | None
    current_seq: int

    @classmethod
    def of(cls, hint: HintRow, game: GameRow) -> HintView:
        stale = game.seq != hint.seq or game.status != "active"
        return cls(
            game_id=hint.game_id,
            seq=hint.seq,
            seat=hint.seat,
            status="stale" if stale else hint.status,
            level=hint.level,
            action=None if stale else hint.action,
            reason=None if stale else hint.reason,
            requested_at=hint.requested_at,
            ready_at=hint.ready_at,
            current_seq=game.seq,
        )


@dataclass(eq=False)
class Hints(Part):
    """``Hints(store, settings, clock, after)``: asking for hints, reading them, and the
    workers' computing of them."""

    def ask(self, game_id: str, seat: int, token: str) -> HintView:
        """The hint for ``seat``'s pending decision, asked now or earlier (then the same
        row: a decision's hint is computed once). Refusals: 401 ``invalid_token``, 403
        ``wrong_seat``, ``seat_resigned``/``seat_is_bot``, ``hints_not_allowed``; 409
        ``game_not_active``, ``game_over``, ``not_your_turn``."""
        try:
            view = self._ask(game_id, seat, token)
        except IntegrityError:  # a twin request stored it first: this read finds that one
            view = self._ask(game_id, seat, token)
        if view.status == "pending":
            self._send(game_id, view.seq)
        return view

    def _ask(self, game_id: str, seat: int, token: str) -> HintView:
        """Check the ask and store the decision's hint row unless it exists (one
        transaction); an ``IntegrityError`` means a concurrent ask stored it first."""
        with self.store.writing() as session:
            row = self.store.load(session, game_id)
            self._check_may_ask(row, seat, token)
            hint = queries.asked_at(session, game_id, row.seq)
            if hint is None:
                hint = HintRow(
                    game_id=game_id, seq=row.seq, seat=seat, level=self.settings.hint_level,
                    status="pending", requested_at=self.clock(),
                )  # fmt: skip
                transactions.add(session, hint)
                session.flush()
            return HintView.of(hint, row)

    def read(self, game_id: str, seat: int, token: str) -> HintView:
        """``seat``'s newest hint: its status, and its suggestion while it is current
        (404 ``hint_not_found`` when the seat never asked)."""
        with self.store.sessions() as session:
            row = self.store.load(session, game_id)
            self._own(row, seat, token)
            hint = queries.newest(session, game_id, seat)
            if hint is None:
                raise NotFound("hint_not_found", f"seat {seat} has not asked for a hint")
            return HintView.of(hint, row)

    # ------------------------------------------------------------------ the workers'

    def compute(self, game_id: str, seq: int) -> bool:
        """Compute the hint asked at ``seq`` (the workers' task): False, changing nothing,
        when it is not pending, another worker holds it, or the game has moved on."""
        now = self.clock()
        with self.store.sessions() as session:
            try:
                row = self.store.load(session, game_id, state=True)
            except NotFound:
                return False
            hint = queries.asked_at(session, game_id, seq)
            if hint is None or hint.status != "pending":
                return False
            if row.status != "active" or row.seq != seq:
                return False  # stale: nobody will be shown it
            level, seat, seed = hint.level, hint.seat, row.seed
            game = Game.from_dict(row.state)
        with self.store.writing() as session:  # the claim; no transaction while it thinks
            claimed = queries.claim(session, game_id, seq, now, now - LEASE)
        if not claimed:
            return False
        action, reason = suggest(
            game, level, play.bot_seed(seed, seq, seat, salt=1), self.settings.bot_time_budget
        )
        with self.store.writing() as session:
            return queries.answer(session, game_id, seq, action, reason, self.clock())

    # ------------------------------------------------------------------ checks

    def _own(self, row: GameRow, seat: int, token: str) -> None:
        play.authorise(row, holder_of(self.store.people, token), seat)

    def _check_may_ask(self, row: GameRow, seat: int, token: str) -> None:
        """What an action by this seat's person would be refused for (``play``'s checks),
        and hints the game does not offer, and a decision that is not the seat's."""
        self._own(row, seat, token)
        if not hints_allowed(row):
            why = "a rated game" if row.rated is not False else "this game's options"
            raise Forbidden("hints_not_allowed", f"no hints in {why}")
        play.check_can_act(row, seat, "human")
        if row.pending_seat != seat:
            raise Conflict("not_your_turn", f"seat {row.pending_seat} decides now, not {seat}")

    def _send(self, game_id: str, seq: int) -> None:
        try:
            self.after.scheduler.hint(game_id, seq)
        except Exception as err:  # noqa: BLE001 - asking again sends it again
            log_failure(log, err, "could not send the hint %s@%s", game_id, seq)


def check_hint_level(level: str) -> None:
    """The hint level must search (a hint reports the search's values): fail at start-up."""
    if not is_search_level(level):
        raise Unprocessable("invalid_option", f"the hint level {level!r} is not a search level")


def suggest(game: Any, level: str, seed: int, ceiling: float) -> tuple[dict[str, Any], dict]:
    """The search's choice for the pending decision and the reason it gives: the value it
    expects after the suggested action (the final margin over the best opponent, in points:
    ``ai.value``) against the runner-up's, with the visits behind each. A decision with one
    distinct choice needs no search (``only_choice``)."""
    budget = thinking_budget(level, ceiling)
    bot = MctsBot(seed, time_budget=budget, rollout=ROLLOUT_BY_GAME)  # as the levels play
    action = bot.choose(game.clone())
    choices = bot.last_choices
    if not choices:
        return action, {"kind": "only_choice", "level": level}
    best = choices[0]
    runner_up = choices[1] if len(choices) > 1 else None
    reason: dict[str, Any] = {
        "kind": "search",
        "level": level,
        "value": round(best[2], PLACES),
        "visits": int(best[1]),
        "iterations": bot.last_iterations,
        "alternative": None,
        "gain": None,
    }
    if runner_up is not None:
        reason["alternative"] = {
            "action": runner_up[0],
            "value": round(runner_up[2], PLACES),
            "visits": int(runner_up[1]),
        }
        reason["gain"] = round(best[2] - runner_up[2], PLACES)
    return action, reason
