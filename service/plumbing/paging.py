"""Keyset (cursor) paging of game lists: a page is "the games after this one", so it
costs an index range scan at any depth, and games created meanwhile never shift a page.

The cursor is opaque to clients: URL-safe base64 of the last game's ``created_at`` and
``id``, the list's sort key (``created_at`` then ``id``, both descending).
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from service.plumbing.errors import Unprocessable


@dataclass(frozen=True)
class GamePage:
    """One page of a game list: ``total`` only when counting was asked for, and the
    cursor of the next page (None on the last one)."""

    games: list[Any]
    total: int | None
    next_cursor: str | None


def encode_cursor(created_at: datetime, game_id: str) -> str:
    raw = json.dumps([created_at.isoformat(), game_id], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    """The (created_at, id) a cursor stands for; ``invalid_cursor`` when it is not one
    this server made."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        created, game_id = json.loads(raw)
        at = datetime.fromisoformat(created)
        if at.tzinfo is None or not isinstance(game_id, str):
            raise ValueError(cursor)
    except (ValueError, TypeError) as err:
        raise Unprocessable("invalid_cursor", "not a cursor from a previous page") from err
    return at, game_id
