"""The worker's view of the game service: one service per worker process, built lazily.

Built after the prefork pool forked (never in the parent) so that no database connection
is shared between processes; its scheduler is a ``CeleryScheduler``, so a bot move that
leaves another bot to decide enqueues the next task from inside the worker.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

from celery.signals import worker_process_init

from workers.scheduler import CeleryScheduler

if TYPE_CHECKING:
    from service import GameService

log = logging.getLogger(__name__)

_lock = threading.Lock()
_service: Any = None


def build_worker_service() -> GameService:
    """A GameService on ``DATABASE_URL`` whose scheduler sends Celery tasks.

    The service is imported here, in the pool's child at its first task, not when the
    worker loads its task modules: ``service.plumbing.metrics`` must be imported after the worker
    set up its metrics directory (``workers.metrics``), or the children's series are lost.
    """
    from service import build_service

    return build_service(scheduler=CeleryScheduler())


def get_service() -> GameService:
    """This process's GameService (created on first use)."""
    global _service
    if _service is None:
        with _lock:
            if _service is None:
                _service = build_worker_service()
    return _service


@worker_process_init.connect
def _reset_after_fork(**_: Any) -> None:
    """A forked pool child must not reuse the parent's connections."""
    global _service
    _service = None


def resume_if_orphaned(service: GameService, game_id: str, seq: int) -> int | None:
    """After a *redelivered* task found ``seq`` stale: send again the bot turn the service
    says may have lost its message (``Turns.orphaned_bot_turn``). Limited to
    redeliveries, so normal duplicates never multiply. Returns the seq re-sent, if any."""
    owed = service.turns.orphaned_bot_turn(game_id, seq)
    if owed is not None:
        log.warning(
            "game %s: redelivered task for seq %d; re-sending bot turn %d", game_id, seq, owed
        )
        service.scheduler.bot_turn(game_id, owed)
    return owed
