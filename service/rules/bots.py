"""Bot moves for the service: which level replaces a human, and a bot's choice bounded by
its time budget with a random fallback (the workers call this; requests never do)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
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


#: The options naming a stand-in: the bot that takes over a human's seat when its time
#: runs out (timeout policy ``bot``) or when it resigns.
STANDIN_OPTIONS = ("timeout_bot_level", "resign_bot_level")


def searches(seats: Any, options: Any) -> bool:
    """Whether a game made with these seats and options may have a search bot play: a bot
    seat of a search level, or a search level as a stand-in (a human who resigns every
    seat hands them all to it). Read from a creation request as sent, checked or not
    (``seats``: the entries as dicts), so the service and the rate limiter
    (api/ratelimit.py) apply one rule: such a game needs a player and counts against the
    search budget, whichever route makes it (docs/api.md, "Rate limits")."""
    levels: list[Any] = []
    for seat in seats if isinstance(seats, list | tuple) else ():
        if isinstance(seat, Mapping) and seat.get("kind") == "bot":
            levels.append(seat.get("level"))
    if isinstance(options, Mapping):
        levels += [options.get(key) for key in STANDIN_OPTIONS]
    return any(isinstance(level, str) and is_search_level(level) for level in levels)


def check_bot_level(level: str, code: str) -> None:
    if level not in BOT_LEVELS:
        raise Unprocessable(code, f"unknown bot level {level!r}; known: {sorted(BOT_LEVELS)}")
