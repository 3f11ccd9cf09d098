"""Bot moves for the service: which level replaces a human, and a bot's choice bounded by
its time budget with a random fallback (the workers call this; requests never do)."""

from __future__ import annotations

import logging
import threading
from typing import Any

from ai import BOT_LEVELS, RandomBot, make_bot
from ai.levels import DEFAULT_BUDGETS
from service.plumbing.errors import Unprocessable

log = logging.getLogger(__name__)


def thinking_budget(level: str, ceiling: float) -> float:
    """Seconds the level's bot may think here: its own budget, never more than the
    service's ceiling (``URSUPPE_BOT_TIME_BUDGET``); levels that do not search get the
    ceiling as the bound on their (short) answer."""
    return min(DEFAULT_BUDGETS.get(level, ceiling), ceiling)


def choose_bot_action(game: Any, level: str, seed: int, ceiling: float) -> dict[str, Any]:
    """Ask the level's bot, in a thread bounded by its budget; RandomBot on any failure.

    A bot that overruns is abandoned, not stopped (Python threads cannot be killed): it
    keeps using CPU until it returns, so bot levels must honour ``time_budget``.
    """
    budget = thinking_budget(level, ceiling)
    legal = game.legal_actions()
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            bot = make_bot(level, seed=seed, time_budget=budget)
            box["action"] = bot.choose(game.clone())
        except Exception as err:  # noqa: BLE001 - any bot failure means fallback
            box["error"] = err

    thread = threading.Thread(target=run, name=f"bot-{level}", daemon=True)
    thread.start()
    thread.join(timeout=budget * 1.5 + 0.5)
    action = box.get("action")
    if thread.is_alive() or action not in legal:
        reason = "timeout" if thread.is_alive() else repr(box.get("error", "illegal action"))
        log.warning("bot %s failed (%s); RandomBot plays this move", level, reason)
        action = RandomBot(seed).choose(game)
    return action


def is_search_level(level: str | None) -> bool:
    """Whether the level searches for its whole time budget (the ``mcts`` family): the
    expensive bots, which need a player to create a game and have a budget of their own
    (docs/api.md, "Rate limits")."""
    return level in DEFAULT_BUDGETS


def check_bot_level(level: str, code: str) -> None:
    if level not in BOT_LEVELS:
        raise Unprocessable(code, f"unknown bot level {level!r}; known: {sorted(BOT_LEVELS)}")
