"""Bots that play Ursuppe through the engine's public interface only."""

from ai.base import Bot
from ai.levels import BOT_LEVELS, make_bot
from ai.random_bot import RandomBot

__all__ = ["BOT_LEVELS", "Bot", "RandomBot", "make_bot"]
