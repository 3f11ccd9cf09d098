"""The worker's view of the game service: one service per worker process, built lazily.

Built after the prefork pool forked (never in the parent) so that no database connection
is shared between processes; its scheduler is a ``CeleryScheduler``, so a bot move that
leaves another bot to decide enqueues the next task from inside the worker.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from celery.signals import worker_process_init

log = logging.getLogger(__name__)

_lock = threading.Lock()
_service: Any = None


def build_service() -> Any:
    """A GameService on ``DATABASE_URL`` whose scheduler sends Celery tasks."""
    from service import build_game_service  # type: ignore[attr-defined]
    from workers.scheduler import CeleryScheduler

    return build_game_service(scheduler=CeleryScheduler())


def get_service() -> Any:
    """This process's GameService (created on first use)."""
    global _service
    if _service is None:
        with _lock:
            if _service is None:
                _service = build_service()
    return _service


@worker_process_init.connect
def _reset_after_fork(**_: Any) -> None:
    """A forked pool child must not reuse the parent's connections."""
    global _service
    _service = None


def play_random_fallback(service: Any, game_id: str, seq: int) -> bool:
    """Apply a RandomBot move for ``(game_id, seq)``; False when it is no longer pending."""
    return bool(service.play_random_turn(game_id, seq))


def resume_if_orphaned(service: Any, game_id: str, seq: int) -> int | None:
    """After a *redelivered* task found ``seq`` stale: re-enqueue the current bot turn.

    A worker killed between committing a move and sending the next bot task leaves a game
    whose pending bot decision has no message. Its own message is then redelivered (it was
    never acknowledged) and finds itself stale; that is the one moment to re-send. Limited
    to redeliveries, so normal duplicates never multiply; a spare message is harmless
    anyway (stale → no-op). Returns the seq re-enqueued, if any.
    """
    from workers.scheduler import CeleryScheduler

    view = service.get(game_id)
    if view.status != "active" or view.seq <= seq or view.pending_seat is None:
        return None
    seat = next((s for s in view.seats if s.seat == view.pending_seat), None)
    if seat is None or seat.kind != "bot":
        return None  # a human decision: its deadline is in the DB, the sweep has it
    scheduler = service.scheduler
    if not isinstance(scheduler, CeleryScheduler):
        scheduler = CeleryScheduler()
    log.warning(
        "game %s: redelivered task for seq %d; re-sending bot turn %d", game_id, seq, view.seq
    )
    scheduler.bot_turn(game_id, view.seq)
    return view.seq
