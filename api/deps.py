"""Access to the per-app GameService from views (kept out of the views' signatures)."""

from __future__ import annotations

from flask import current_app

from service.config import Settings
from service.games import GameService

EXTENSION = "ursuppe"


def service() -> GameService:
    return current_app.extensions[EXTENSION]


def settings() -> Settings:
    return service().settings
