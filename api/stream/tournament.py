"""A tournament's stream (``GET /api/v1/tournaments/{id}/stream``): the tournament, its
standings and its rounds as they change (docs/stream.md, "A tournament's stream").

Like the lobby stream it compares successive looks at the database, taken after a notice
(``service.parts.tournament_lifecycle.STREAM_PREFIX`` + id, published after every step and
entry; any game's notice wakes it too, at most every ``MIN_LOOK`` seconds) and every re-check
interval in any case. On (re)connection it sends all three documents, then each one again
whenever it changed: a client that reconnects has the whole state at once, so nothing is
lost between two connections.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from api.stream.player import Message


def documents(service: Any, tournament_id: str, viewer: str | None) -> dict[str, dict[str, Any]]:
    """The three documents of the stream, as the API's reads send them."""
    # Imported here: the resource's routes import this module.
    from api.resources.tournaments.schemas import (
        TournamentRoundListSchema,
        TournamentSchema,
        TournamentStandingsSchema,
    )

    svc = service.tournaments
    tournament = svc.get(tournament_id, viewer)
    standings = {
        "tournament_id": tournament.id, "status": tournament.status, "round": tournament.round,
        "items": svc.standings(tournament_id, viewer),
    }  # fmt: skip
    rounds = {"items": [asdict(r) for r in svc.rounds(tournament_id, viewer)]}
    return {
        "tournament": TournamentSchema().dump(tournament),
        "standings": TournamentStandingsSchema().dump(standings),
        "rounds": TournamentRoundListSchema().dump(rounds),
    }


class TournamentStreamSession:
    """Turns looks into ``tournament``, ``standings`` and ``rounds`` messages: all three
    first, then each whenever it differs from what was sent last."""

    def __init__(self) -> None:
        self.sent: dict[str, dict[str, Any]] = {}

    def concerns(self, game_ids: set[str]) -> bool:
        """No game's notice is urgent for a tournament: its looks keep their pace
        (``api.stream.player.MIN_LOOK``)."""
        return False

    def advance(self, look: dict[str, dict[str, Any]]) -> list[Message]:
        messages: list[Message] = []
        for kind in ("tournament", "standings", "rounds"):
            if self.sent.get(kind) != look[kind]:
                messages.append((kind, look[kind], None))
                self.sent[kind] = look[kind]
        return messages
