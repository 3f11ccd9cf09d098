"""Idempotent create and join: a retry with the same ``Idempotency-Key`` gets the same game,
seat and token back instead of a second game or seat (docs/api.md, "Retrying create and
join").

A token is shown once and only its hash is kept with the seat, so a retry needs the token
from somewhere. For ``RETENTION`` after the first request we keep, per (scope, key): the
key's hash (the look-up), the request's hash (a key reused for another request is refused),
what was created, and the token *sealed* with a pad derived from the key (SHAKE-256 over
scope and key). The database alone therefore holds no usable token; whoever holds the key
can retry, which is what the key is for (it is a bearer secret during the retention, as at
Stripe). After the retention the row is ignored and purged.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from service.models import IdempotentRequestRow
from service.plumbing.errors import Unprocessable

RETENTION = timedelta(hours=24)


def _digest(*parts: str) -> str:
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def key_hash(scope: str, key: str) -> str:
    return _digest("ursuppe-idempotency", scope, key)


def request_hash(request: dict[str, Any]) -> str:
    return _digest(json.dumps(request, sort_keys=True, default=repr))


def _pad(scope: str, key: str, size: int) -> bytes:
    return hashlib.shake_256(f"ursuppe-seal\n{scope}\n{key}".encode()).digest(size)


def seal(scope: str, key: str, token: str) -> str:
    raw = token.encode("ascii")
    return bytes(a ^ b for a, b in zip(raw, _pad(scope, key, len(raw)), strict=True)).hex()


def unseal(scope: str, key: str, sealed: str) -> str:
    raw = bytes.fromhex(sealed)
    return bytes(a ^ b for a, b in zip(raw, _pad(scope, key, len(raw)), strict=True)).decode()


def first(
    session: Session, scope: str, key: str, request: dict[str, Any], now: datetime
) -> tuple[IdempotentRequestRow, str] | None:
    """(the first request's row, its token) for ``key`` within the retention, else None;
    ``idempotency_key_reused`` if that request differed."""
    row = session.scalar(
        select(IdempotentRequestRow).where(
            IdempotentRequestRow.scope == scope,
            IdempotentRequestRow.key_hash == key_hash(scope, key),
            IdempotentRequestRow.created_at >= now - RETENTION,
        )
    )
    if row is None:
        return None
    if row.request_hash != request_hash(request):
        raise Unprocessable(
            "idempotency_key_reused",
            "this Idempotency-Key was already used with a different request",
        )
    return row, unseal(scope, key, row.sealed_token)


def remember(
    session: Session,
    scope: str,
    key: str,
    request: dict[str, Any],
    *,
    game_id: str,
    seat: int | None,
    token: str,
    now: datetime,
) -> None:
    """Keep the first response for ``key`` (in the transaction that creates it); a concurrent
    twin loses on the primary key. Expired rows go on the way."""
    session.execute(
        delete(IdempotentRequestRow).where(IdempotentRequestRow.created_at < now - RETENTION)
    )
    session.add(
        IdempotentRequestRow(
            scope=scope,
            key_hash=key_hash(scope, key),
            request_hash=request_hash(request),
            game_id=game_id,
            seat=seat,
            sealed_token=seal(scope, key, token),
            created_at=now,
        )
    )
