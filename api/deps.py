"""Access to the per-app GameService from views (kept out of the views' signatures)."""

from __future__ import annotations

from flask import current_app

from service.game_service import GameService
from service.plumbing.config import Settings

EXTENSION = "ursuppe"


def service() -> GameService:
    return current_app.extensions[EXTENSION]


def settings() -> Settings:
    return service().settings
