"""The lobby stream (``GET /api/v1/seeks/stream``): the quick-play seeks as they come and
go (docs/stream.md, "The lobby stream").

Like the player stream it compares successive looks at the database, taken after a notice
(``service.parts.seeks.LOBBY``, published after every change of a seek; at most every
``MIN_LOOK`` seconds) and every re-check interval in any case: a lost notice delays a
message, never loses one. Each look reads the waiting seeks and those ended since the
stream opened, which tells a match from a cancellation.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from api.stream.player import Message
from service.rules.seek_terms import SeekView


def seek_data(seek: SeekView) -> dict[str, Any]:
    data = asdict(seek)
    for key in ("created_at", "expires_at", "ended_at"):
        if data[key] is not None:
            data[key] = data[key].isoformat()
    return data


class LobbyStreamSession:
    """Turns looks into ``seeks`` (the whole list, first), ``seek_added``,
    ``seek_matched`` and ``seek_removed`` (cancelled), each once per seek."""

    def __init__(self) -> None:
        self.waiting: dict[str, SeekView] | None = None

    def concerns(self, game_ids: set[str]) -> bool:
        """No game's notice is urgent for the lobby: its looks keep their pace
        (``api.stream.player.MIN_LOOK``)."""
        return False

    def advance(self, look: list[SeekView]) -> list[Message]:
        now = {s.id: s for s in look if s.status == "waiting"}
        ended = {s.id: s for s in look if s.status != "waiting"}
        if self.waiting is None:
            self.waiting = now
            return [("seeks", {"items": [seek_data(s) for s in now.values()]}, None)]
        messages: list[Message] = []
        for seek_id, seek in now.items():
            if seek_id not in self.waiting:
                messages.append(("seek_added", seek_data(seek), None))
        for seek_id in self.waiting:
            if seek_id in now:
                continue
            gone = ended.get(seek_id)
            if gone is not None and gone.status == "matched":
                messages.append(("seek_matched", {"id": seek_id, "game_id": gone.game_id}, None))
            else:
                messages.append(("seek_removed", {"id": seek_id}, None))
        self.waiting = now
        return messages
