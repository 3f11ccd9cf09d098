"""Games, seats, actions and logs under ``/api/v1/games``.

Views only translate HTTP to GameService calls: authentication (bearer tokens), headers
(ETag, If-Match, Idempotency-Key) and status codes. No rule of the game is known here;
legal actions come from the engine via ``pending.actions``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Response, current_app
from flask.views import MethodView

from api import deps
from api.auth import bearer_token, idempotency_key, if_match_version, if_none_match_hits
from api.blueprint import ApiBlueprint as Blueprint
from api.jsonprovider import json_body
from api.problems import ApiProblem
from api.schemas import (
    ActionResultSchema,
    ActionSubmitSchema,
    CreatedGameSchema,
    EventsPageSchema,
    EventsQuerySchema,
    GameCreateSchema,
    GameListQuerySchema,
    GameSchema,
    GameSummarySchema,
    JoinedSchema,
    JoinSchema,
    PendingSchema,
    RecordSchema,
)
from service.games import GameView, etag_for

blp = Blueprint(
    "games",
    __name__,
    url_prefix="/api/v1/games",
    description="Games as resources: create, join, play, follow, export.",
)

SEAT_AUTH = [{"seatToken": []}]
CREATOR_AUTH = [{"creatorToken": []}]
NO_STORE = {"Cache-Control": "no-store"}


class RepresentationCache:
    """Serialized game documents by (key, version), per process, bounded (LRU); the key is
    the game id for the game itself, ``pending/<id>`` for its pending decision.

    Always correct because every write bumps the version and each read checks the current
    version first; it saves loading and serialising the state for the (frequent) polls
    between two moves.
    """

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._items: OrderedDict[str, tuple[int, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str, version: int) -> bytes | None:
        with self._lock:
            item = self._items.get(key)
            if item is None or item[0] != version:
                return None
            self._items.move_to_end(key)
            return item[1]

    def put(self, key: str, version: int, body: bytes) -> None:
        with self._lock:
            self._items[key] = (version, body)
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


_GAME_SCHEMA = GameSchema()
_PENDING_SCHEMA = PendingSchema()


def _representations() -> RepresentationCache:
    cache = current_app.extensions.get("ursuppe_representations")
    if cache is None:
        cache = current_app.extensions["ursuppe_representations"] = RepresentationCache()
    return cache


def _cached_document(
    game_id: str, key: str, render: Callable[[GameView], dict[str, Any]]
) -> Response:
    """A read of a game document: the version first (one small query, no state loaded), then
    304 on a matching ``If-None-Match``, else the cached body of that version, rendered from
    the loaded game only on a miss. Polling clients hit this between moves."""
    svc = deps.service()
    version = svc.get_version(game_id)
    etag = etag_for(version)
    if if_none_match_hits(etag):
        return _not_modified(etag)
    cache = _representations()
    body = cache.get(key, version)
    if body is None:
        game = svc.get(game_id)
        body = json_body(render(game))
        cache.put(key, game.version, body)
        etag = game.etag
    resp = current_app.response_class(body, status=200, mimetype="application/json")
    resp.headers["ETag"] = etag
    return resp


def _not_modified(etag: str) -> Response:
    resp = current_app.response_class(status=304)
    resp.headers["ETag"] = etag
    return resp


@blp.route("")
class Games(MethodView):
    @blp.arguments(GameListQuerySchema, location="query")
    @blp.response(200, GameSummarySchema(many=True))
    @blp.paginate()
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def get(self, query: dict[str, Any], pagination_parameters: Any) -> Any:
        """List games, newest first

        Filter by `status`, by `open_seats` (games a human can still join), by `label` (the
        grouping given at creation) and by `updated_after`: a site running many games follows
        them with `?label=<its label>&updated_after=<newest updated_at seen>`. Paged with
        `page`/`page_size`; the `X-Pagination` header carries totals.
        """
        games, total = deps.service().list_games(
            status=query.get("status"),
            open_seats=query.get("open_seats"),
            label=query.get("label"),
            updated_after=query.get("updated_after"),
            page=pagination_parameters.page,
            page_size=pagination_parameters.page_size,
        )
        pagination_parameters.item_count = total
        return games

    @blp.arguments(GameCreateSchema)
    @blp.response(201, CreatedGameSchema, headers={"Location": {"schema": {"type": "string"}}})
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def post(self, body: dict[str, Any]) -> Any:
        """Create a game

        3 or 4 players; each seat is open for a human or taken by a bot of a given level.
        The response carries the `creator_token` (shown once) needed to abort the game
        before it starts. A game of bots only starts at once.
        """
        created = deps.service().create_game(
            players=body["players"],
            seats=body.get("seats"),
            time_limit=body.get("time_limit"),
            timeout_policy=body["timeout_policy"],
            options=body.get("options") or {},
            label=body.get("label"),
        )
        headers = {
            "Location": f"/api/v1/games/{created.game.id}",
            "ETag": created.game.etag,
            **NO_STORE,
        }
        return {"game": created.game, "creator_token": created.creator_token}, 201, headers


@blp.route("/<game_id>")
class GameResource(MethodView):
    @blp.response(200, GameSchema, headers={"ETag": {"schema": {"type": "string"}}})
    @blp.alt_response(304, description="Not modified (If-None-Match matched the ETag)")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.doc(parameters=[{"in": "header", "name": "If-None-Match", "schema": {"type": "string"}}])
    def get(self, game_id: str) -> Any:
        """Get a game's public state

        Seats, status, the pending decision and the engine's public view (never the RNG or
        the undrawn environment cards). Send `If-None-Match` with the last `ETag` to get a
        cheap 304 when nothing changed.
        """
        return _cached_document(game_id, game_id, _GAME_SCHEMA.dump)


@blp.route("/<game_id>/abort")
class Abort(MethodView):
    @blp.response(200, GameSchema)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.doc(security=CREATOR_AUTH)
    def post(self, game_id: str) -> Any:
        """Abort a game before it starts (creator only)

        Authorise with the `creator_token` from the creation response.
        """
        game = deps.service().abort(game_id, bearer_token())
        return game, 200, {"ETag": game.etag}


@blp.route("/<game_id>/seats")
class Seats(MethodView):
    @blp.arguments(JoinSchema)
    @blp.response(201, JoinedSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Join an open seat

        Returns the seat token once; only its hash is stored, so it cannot be recovered.
        The game starts when the last open seat is taken.
        """
        joined = deps.service().join(game_id, body["name"], seat=body.get("seat"))
        payload = {
            "game_id": game_id,
            "seat": joined.seat,
            "token": joined.token,
            "game": joined.game,
        }
        return payload, 201, {"ETag": joined.game.etag, **NO_STORE}


def _own_seat(game_id: str, seat: int) -> str:
    """The request's token, checked to belong to ``seat`` of ``game_id``."""
    token = bearer_token()
    owner = deps.service().seat_for_token(game_id, token)
    if owner.seat != seat:
        raise ApiProblem(403, "wrong_seat", f"the token belongs to seat {owner.seat}, not {seat}")
    return token


@blp.route("/<game_id>/seats/<int:seat>")
class SeatResource(MethodView):
    @blp.response(200, GameSchema)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.doc(security=SEAT_AUTH)
    def delete(self, game_id: str, seat: int) -> Any:
        """Leave a seat before the game starts

        The seat opens again and its token stops working. Once the game runs, resign.
        """
        game = deps.service().leave(game_id, _own_seat(game_id, seat))
        return game, 200, {"ETag": game.etag}


@blp.route("/<game_id>/seats/<int:seat>/resign")
class Resign(MethodView):
    @blp.response(200, GameSchema)
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.doc(security=SEAT_AUTH)
    def post(self, game_id: str, seat: int) -> Any:
        """Resign: a bot plays this seat for the rest of the game

        The engine keeps every seat until the end, so resigning hands the seat to a bot
        (`options.resign_bot_level`). The token stops acting (403 `seat_resigned`); the
        seat is still ranked.
        """
        game = deps.service().resign(game_id, _own_seat(game_id, seat))
        return game, 200, {"ETag": game.etag}


@blp.route("/<game_id>/pending")
class Pending(MethodView):
    @blp.response(200, PendingSchema, headers={"ETag": {"schema": {"type": "string"}}})
    @blp.alt_response(304, description="Not modified")
    @blp.alt_response(404, response="NOT_FOUND")
    def get(self, game_id: str) -> Any:
        """The pending decision with every legal action

        `pending.actions` is the complete list of legal actions for `pending.seat`;
        clients submit one of them verbatim. `actions[0]` is the engine's safe default,
        which is also what a timeout plays under the `default_action` policy.
        """
        return _cached_document(game_id, f"pending/{game_id}", _pending_document)


def _pending_document(game: GameView) -> dict[str, Any]:
    return _PENDING_SCHEMA.dump(
        {
            "game_id": game.id,
            "status": game.status,
            "seq": game.seq,
            "version": game.version,
            "deadline_at": game.deadline_at,
            "pending": game.pending if game.status == "active" else None,
        }
    )


@blp.route("/<game_id>/actions")
class Actions(MethodView):
    @blp.arguments(ActionSubmitSchema)
    @blp.response(200, ActionResultSchema, headers={"ETag": {"schema": {"type": "string"}}})
    @blp.alt_response(400, response="BAD_REQUEST")
    @blp.alt_response(401, response="UNAUTHORIZED")
    @blp.alt_response(403, response="FORBIDDEN")
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    @blp.alt_response(412, response="PRECONDITION_FAILED")
    @blp.alt_response(413, response="REQUEST_ENTITY_TOO_LARGE")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    @blp.alt_response(428, response="PRECONDITION_REQUIRED")
    @blp.alt_response(429, response="TOO_MANY_REQUESTS")
    @blp.doc(
        security=SEAT_AUTH,
        parameters=[
            {
                "in": "header",
                "name": "If-Match",
                "schema": {"type": "string"},
                "description": "the game's ETag; 412 when the game changed since",
            },
            {
                "in": "header",
                "name": "Idempotency-Key",
                "schema": {"type": "string", "maxLength": 128},
                "description": "a retry with the same key returns the first result",
            },
        ],
    )
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Submit an action for your seat

        Authorise with the seat token. Optimistic concurrency: send `If-Match: <ETag>` or
        `expected_seq` in the body (one is required: 428 otherwise). With an
        `Idempotency-Key` a retried request returns the first result and never applies
        twice. An illegal action is refused with the engine's code and reason (422).
        """
        svc = deps.service()
        token = bearer_token()
        key = idempotency_key()
        has_if_match, expected_version = if_match_version()
        expected_seq = body.get("expected_seq")
        if svc.settings.require_precondition and not has_if_match and expected_seq is None:
            raise ApiProblem(
                428,
                "precondition_required",
                "send If-Match with the game's ETag or expected_seq in the body",
            )
        result = svc.submit(
            game_id,
            token,
            body["action"],
            seat=body.get("seat"),
            expected_seq=expected_seq,
            expected_version=expected_version,
            idempotency_key=key,
        )
        headers = {"ETag": result.etag}
        if result.replayed:
            headers["Idempotent-Replayed"] = "true"
        return result, 200, headers


@blp.route("/<game_id>/events")
class Events(MethodView):
    @blp.arguments(EventsQuerySchema, location="query")
    @blp.response(200, EventsPageSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def get(self, query: dict[str, Any], game_id: str) -> Any:
        """The event log since sequence number N

        Entries with `seq > since`, oldest first, at most `limit`; continue with
        `since = next_since` until it is null. The first page (`since=0`) also carries
        the engine's set-up events (initial food, first environment card, start rolls).
        """
        svc = deps.service()
        since, limit = query["since"], query["limit"]
        entries = svc.events(game_id, since=since, limit=limit + 1)
        more = len(entries) > limit
        entries = entries[:limit]
        page: dict[str, Any] = {
            "game_id": game_id,
            "since": since,
            "items": entries,
            "next_since": entries[-1].seq if more else None,
        }
        if since == 0:
            page["setup"] = svc.setup_events(game_id)
        return page


@blp.route("/<game_id>/record")
class Record(MethodView):
    @blp.response(200, RecordSchema)
    @blp.alt_response(404, response="NOT_FOUND")
    @blp.alt_response(409, response="CONFLICT")
    def get(self, game_id: str) -> Any:
        """The full record of a finished game, for replay and export

        Seed, players, options (including a custom deck) and every applied action in
        order: `engine.replay(players, seed, [a.action ...], deck)` reproduces the game.
        """
        record = deps.service().record(game_id)
        record["replay"] = "engine.replay(players=players, seed=seed, actions=[a['action'] "
        record["replay"] += "for a in actions], deck=deck)"
        return record
