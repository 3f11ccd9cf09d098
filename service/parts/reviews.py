"""Game reviews: every decision of every seat of a finished game weighed by the search
(``ai.review``; docs/ai.md, "Game review"; docs/api.md, "Reviews").

A review is one row per game (``models.ReviewRow``). It is asked for by the game's finish
when a person played in it (``Followup.review``: the workers' ``review_game`` task calls
``review``), or later by anyone with ``request``; either counts against an owner's budget
(``settings.review_owner_budget`` reviews in 24 hours: the player whose token asked, else
the client address; a finish counts against the game's owner). A worker on the reviews
queue computes it (``compute``): never a request, never the queues of games in play.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from ai.review import review_game
from service.parts.base import Part
from service.plumbing.errors import Conflict, NotFound, TooMany
from service.plumbing.outages import log_failure
from service.rules import play
from service.store.reviews import ReviewQueries

log = logging.getLogger(__name__)

#: A worker that took a review this long ago and has not written it is gone: another task
#: may compute it (longer than the task's hard limit).
LEASE = timedelta(minutes=30)
#: The window of an owner's review budget.
BUDGET_WINDOW = timedelta(hours=24)


@dataclass(frozen=True)
class ReviewView:
    """A review as a client sees it: ``status`` pending (a worker has yet to write it),
    ready (``players`` and ``decisions`` set) or failed."""

    game_id: str
    status: str
    requested_at: datetime
    ready_at: datetime | None
    cpu_seconds: float | None
    result: dict[str, Any] | None

    @classmethod
    def of(cls, row: Any) -> ReviewView:
        return cls(
            game_id=row.game_id,
            status=row.status,
            requested_at=row.requested_at,
            ready_at=row.ready_at,
            cpu_seconds=row.cpu_seconds,
            result=row.result if row.status == "ready" else None,
        )

    def document(self) -> dict[str, Any]:
        """The API's document: the result's members beside the status."""
        result = self.result or {}
        return {
            "game_id": self.game_id,
            "status": self.status,
            "href": f"/api/v1/games/{self.game_id}/review",
            "requested_at": self.requested_at,
            "ready_at": self.ready_at,
            "cpu_seconds": self.cpu_seconds,
            "thresholds": result.get("thresholds"),
            "accuracy_scale": result.get("accuracy_scale"),
            "iterations": result.get("iterations"),
            "players": result.get("players"),
            "decisions": result.get("decisions"),
        }


@dataclass(eq=False)
class Reviews(Part):
    """``Reviews(store, settings, clock, after)``: asking for reviews, reading them, and
    the workers' computing of them."""

    def __post_init__(self) -> None:
        self.queries = ReviewQueries(self.store.sessions)

    def read(self, game_id: str) -> ReviewView:
        """The game's review once ready. 404 ``game_not_found``, ``review_not_found``
        (never asked for); 409 ``review_pending`` while a worker has yet to write it."""
        self._finished(game_id)
        row = self.queries.get(game_id)
        if row is None:
            raise NotFound("review_not_found", f"game {game_id} has not been reviewed")
        if row.status == "pending":
            raise Conflict("review_pending", "a worker is reviewing the game; ask again shortly")
        return ReviewView.of(row)

    def request(self, game_id: str, owner: str) -> ReviewView:
        """Ask for the review of a finished game (the review is made once: a second ask
        finds it, and a failed one is asked again). 404 ``game_not_found``; 409
        ``game_not_finished``; 429 ``review_budget_exhausted`` when ``owner`` asked for
        ``settings.review_owner_budget`` reviews in the last 24 hours."""
        self._finished(game_id)
        row = self.queries.get(game_id)
        if row is not None and row.status != "failed":
            return ReviewView.of(row)
        self._check_budget(owner)
        now = self.clock()
        if row is None:
            self.queries.add_pending(game_id, owner, now)
        else:
            self.queries.retry_failed(game_id, owner, now)
        self._send(game_id)
        row = self.queries.get(game_id)
        assert row is not None
        return ReviewView.of(row)

    # ------------------------------------------------------------------ the workers'

    def review(self, game_id: str) -> bool:
        """The workers' task: compute the game's pending review. A finished game's own
        (``Followup.review``) has no row yet: it is made pending first, unless reviews on
        finish are off or the game's owner spent its budget (a person can still ask for it
        later). False: nothing done."""
        if self.queries.get(game_id) is None:
            if not self.settings.review_on_finish:
                return False
            with self.store.sessions() as session:
                try:
                    row = self.store.load(session, game_id)
                except NotFound:
                    return False
                if row.status != "finished":
                    return False
                owner = f"game:{play.owner_of(row) or '-'}"
            if self._spent(owner):
                log.info("review of %s not made: %s spent its review budget", game_id, owner)
                return False
            self.queries.add_pending(game_id, owner, self.clock())
        return self.compute(game_id)

    def compute(self, game_id: str) -> bool:
        """Compute the pending review (the workers' task): False, changing nothing, when it
        is not pending or another worker holds it. A failure is stored as ``failed``."""
        now = self.clock()
        row = self.queries.get(game_id)
        if row is None or row.status != "pending":
            return False
        if not self.queries.claim(game_id, now, now - LEASE):
            return False
        record = self._record(game_id)
        cpu0 = time.process_time()
        try:
            result = review_game(
                record,
                seed=int(record["seed"]) % play.MAX_SEED,
                iterations=self.settings.review_iterations,
            )
        except Exception as err:  # noqa: BLE001 - stored, so a client stops waiting
            log_failure(log, err, "the review of %s failed", game_id)
            self.queries.finish(game_id, "failed", None, time.process_time() - cpu0, self.clock())
            return False
        cpu = round(time.process_time() - cpu0, 3)
        return self.queries.finish(game_id, "ready", result, cpu, self.clock())

    def resend_pending(self, before: datetime, limit: int) -> list[str]:
        """Pending reviews asked before ``before`` (a lost message): to send again."""
        return self.queries.pending_before(before, limit)

    # ------------------------------------------------------------------ helpers

    def _finished(self, game_id: str) -> None:
        with self.store.sessions() as session:
            row = self.store.load(session, game_id)
            if row.status != "finished":
                raise Conflict("game_not_finished", "a game is reviewed once it has finished")

    def _record(self, game_id: str) -> dict[str, Any]:
        with self.store.sessions() as session:
            row = self.store.load(session, game_id)
            options = dict(row.options)
            record: dict[str, Any] = {
                "players": row.players,
                "seed": row.seed,
                "options": options,
            }
        record["actions"] = [
            {"seq": a.seq, "seat": a.seat, "action": a.action}
            for a in self.store.log(game_id)
            if a.action is not None  # hand-overs to bots change nothing on the board
        ]
        return record

    def _spent(self, owner: str) -> bool:
        since = self.clock() - BUDGET_WINDOW
        return self.queries.requested_since(owner, since) >= self.settings.review_owner_budget

    def _check_budget(self, owner: str) -> None:
        if self._spent(owner):
            raise TooMany(
                "review_budget_exhausted",
                f"at most {self.settings.review_owner_budget} reviews in 24 hours",
                retry_after=3600,
            )

    def _send(self, game_id: str) -> None:
        try:
            self.after.scheduler.review(game_id)
        except Exception as err:  # noqa: BLE001 - the sweep sends pending reviews again
            log_failure(log, err, "could not send the review of %s", game_id)
