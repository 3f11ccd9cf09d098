"""The one game service shared by the HTTP layer and the workers.

It loads a game, applies an action through the engine, saves the new snapshot together with
its log row in one transaction, and hands follow-up work (bot turns, deadlines) to a
scheduler. Nothing here needs a Flask request, so Celery tasks use it unchanged.
``service.game_service`` composes its parts.
"""

from service.game_service import GameService, build_service
from service.plumbing.config import Settings
from service.plumbing.errors import ServiceError
from service.plumbing.scheduling import NullScheduler, Scheduler
from service.rules.views import ActionResult, GameView

__all__ = [
    "ActionResult",
    "GameService",
    "GameView",
    "NullScheduler",
    "Scheduler",
    "ServiceError",
    "Settings",
    "build_service",
]
