"""A game's history: the event log (paged by sequence number), the position after any
entry, and a finished game's record for replay and export."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.parsing import Blueprint
from api.resources.log.schemas import (
    EventsPageSchema,
    EventsQuerySchema,
    PositionSchema,
    PositionsPageSchema,
    PositionsQuerySchema,
    RecordSchema,
)
from service.rules.positions import MAX_RANGE

blp = Blueprint(
    "log",
    __name__,
    url_prefix="/api/v1/games",
    description="History: the event log and the record of a finished game.",
)


@blp.route("/<game_id>/events")
class Events(MethodView):
    @blp.arguments(EventsQuerySchema, location="query")
    @blp.response(200, EventsPageSchema)
    def get(self, query: dict[str, Any], game_id: str) -> Any:
        """The event log since sequence number N

        Entries with `seq > since`, oldest first, at most `limit`; continue with
        `since = next_since` until it is null. The first page (`since=0`) also carries
        the engine's set-up events (initial food, first environment card, start rolls).
        """
        svc = deps.service()
        since, limit = query["since"], query["limit"]
        entries = svc.games.events(game_id, since=since, limit=limit + 1)
        more = len(entries) > limit
        entries = entries[:limit]
        page: dict[str, Any] = {
            "game_id": game_id,
            "since": since,
            "items": entries,
            "next_since": entries[-1].seq if more else None,
        }
        if since == 0:
            page["setup"] = svc.games.setup_events(game_id)
        return page


@blp.route("/<game_id>/positions")
class Positions(MethodView):
    @blp.arguments(PositionsQuerySchema, location="query")
    @blp.response(200, PositionsPageSchema)
    def get(self, query: dict[str, Any], game_id: str) -> Any:
        """The boards after log entries `from` to `to`

        Each as `GET /games/{id}/positions/{seq}` has it, in one request: a replay viewer
        steps through a game page by page (continue with `from = next_from` until it is
        null). At most 100 positions a page; each costs the same at any seq.
        """
        first = query["first"]
        last = query.get("last", first + MAX_RANGE - 1)
        return deps.service().games.positions(game_id, first, last)


@blp.route("/<game_id>/positions/<int:seq>")
class Position(MethodView):
    @blp.response(200, PositionSchema)
    def get(self, game_id: str, seq: int) -> Any:
        """The board after log entry `seq`

        The public view (`state` as in `GET /games/{id}`) as it stood after the entry with
        this `seq` (0: after the set-up): food, amoebas, scores, genes and BP at any step,
        for a replay viewer or a spectator looking back. Replayed from the nearest stored
        engine snapshot (every 32 entries), so any seq costs about the same; many
        positions at once: `GET /games/{id}/positions?from=&to=`.
        """
        return deps.service().games.position(game_id, seq)


@blp.route("/<game_id>/record")
class Record(MethodView):
    @blp.response(200, RecordSchema)
    def get(self, game_id: str) -> Any:
        """The full record of a finished game, for replay and export

        Seed, players, options (including a custom deck) and every applied action in
        order: `engine.replay(players, seed, [a.action ...], deck, variant, decoy_scores)`
        reproduces the game.
        """
        record = deps.service().games.record(game_id)
        record["replay"] = "engine.replay(players=players, seed=seed, actions=[a['action'] "
        record["replay"] += (
            "for a in actions], deck=deck, variant=variant, decoy_scores=decoy_scores)"
        )
        return record
