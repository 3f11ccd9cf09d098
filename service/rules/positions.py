"""Positions: the public view of a game after any log entry, for replay viewers
(``GET /games/{id}/positions``).

Every ``SNAPSHOT_EVERY``-th log row keeps the engine state after it (``log_entry`` in
``service/rules/play.py``), so a position is the nearest snapshot at or before it plus fewer than
``SNAPSHOT_EVERY`` actions replayed: the same small cost at any seq, where replaying the
whole log cost time in proportion to the seq (issue 26: 15 ms at seq 0, 62 ms at 358). A
range of positions is one such walk, ``MAX_RANGE`` positions at most per request.
"""

from __future__ import annotations

from typing import Any

SNAPSHOT_EVERY = 32
MAX_RANGE = 100


def walk(
    game: Any, base: int, steps: list[tuple[int, dict[str, Any] | None]], first: int
) -> list[dict[str, Any]]:
    """``{seq, state}`` for every seq from ``first`` to the last of ``steps``: ``game`` is
    the engine game after entry ``base`` (``base <= first``), ``steps`` the ``(seq,
    action)`` of the entries after it, in order. An entry without an action (a seat handed
    to a bot) leaves the board as it was."""
    out = [{"seq": base, "state": game.public_view()}] if base == first else []
    for seq, action in steps:
        if action is not None:
            game.apply(action)
        if seq >= first:
            out.append({"seq": seq, "state": game.public_view()})
    return out
