"""Seat tokens and finding a game's seat: by number, or by the token's hash in constant time."""

from __future__ import annotations

import hashlib
import secrets

from service.models import GameRow, SeatRow
from service.plumbing.errors import Unauthorized


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256: a database leak does not leak seats."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def seat_of(row: GameRow, seat: int | None) -> SeatRow | None:
    if seat is None:
        return None
    for s in row.seats:
        if s.seat == seat:
            return s
    return None


def seat_by_token(row: GameRow, token: str) -> SeatRow:
    return seat_by_hash(row, hash_token(token))


def seat_by_hash(row: GameRow, digest: str) -> SeatRow:
    for s in row.seats:
        if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
            return s
    raise Unauthorized("invalid_token", "the token is not a seat of this game")
