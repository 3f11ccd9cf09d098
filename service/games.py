"""GameService: the only code that loads, changes and saves games, shared by the HTTP
layer and the workers, working without a Flask request.

Its parts live by concern in ``service.core`` (shared state, loading, after-commit
hand-off), ``service.lifecycle``, ``service.reads``, ``service.actions`` and
``service.turns``; this module puts them together and builds a ready service.
"""

from __future__ import annotations

from service.bots import choose_bot_action
from service.config import Settings
from service.errors import ServiceError
from service.lifecycle import GameLifecycle
from service.reads import GameReads
from service.scheduling import Scheduler
from service.seats import hash_token
from service.turns import WorkerTurns
from service.views import (
    ActionResult,
    CreatedGame,
    GameView,
    Joined,
    LogEntry,
    SeatSpec,
    SeatView,
    etag_for,
)


class GameService(GameLifecycle, GameReads, WorkerTurns):
    """The whole service (lifecycle, reads, actions, the workers' turns) over one
    ``ServiceCore``: ``GameService(sessions, scheduler=None, settings=None, clock=utcnow)``,
    or ``build_service()`` for a ready one. One class, so the HTTP layer and the workers hold
    the same object and every path shares the same checks."""


def build_service(
    settings: Settings | None = None,
    scheduler: Scheduler | None = None,
    *,
    migrate: bool | None = None,
) -> GameService:
    """A ready GameService outside Flask (workers, scripts): engine, schema, scheduler.

    ``scheduler=None`` picks one with ``service.scheduling.build_scheduler``.
    """
    from service.db import make_engine, make_sessionmaker, upgrade_database
    from service.scheduling import build_scheduler

    settings = settings or Settings.from_env()
    if migrate if migrate is not None else settings.auto_migrate:
        upgrade_database(settings.database_url)
    engine = make_engine(settings.database_url, echo=settings.sql_echo)
    return GameService(
        make_sessionmaker(engine),
        scheduler if scheduler is not None else build_scheduler(settings),
        settings,
    )


#: Name the workers' first wiring used; kept as an alias.
build_game_service = build_service

__all__ = [
    "ActionResult",
    "CreatedGame",
    "GameService",
    "GameView",
    "Joined",
    "LogEntry",
    "SeatSpec",
    "SeatView",
    "ServiceError",
    "build_game_service",
    "build_service",
    "choose_bot_action",
    "etag_for",
    "hash_token",
]
