"""Bots that play Ursuppe through the engine's public interface only."""

import native

native.activate(__path__, __name__)  # compiled evaluation and search, when current

# ruff: noqa: E402 - the imports below must come after ``activate``

from ai.base import Bot
from ai.levels import BOT_LEVELS, make_bot
from ai.random_bot import RandomBot

__all__ = ["BOT_LEVELS", "Bot", "RandomBot", "make_bot"]
