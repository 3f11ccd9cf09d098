"""Games under ``/api/v1/games``: list, create, read, abort.

Views only translate HTTP to GameService calls: authentication (bearer tokens), headers
(ETag, If-None-Match) and status codes. No rule of the game is known here.
"""

from __future__ import annotations

import json
from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import (
    CREATOR_AUTH,
    NO_STORE,
    OPTIONAL_PLAYER_AUTH,
    PLAYER_AUTH,
    bearer_token,
    idempotency_key,
    idempotency_key_parameter,
    request_player,
)
from api.parsing import Blueprint
from api.representations import game_document
from api.resources.games.schemas import (
    BulkCreatedSchema,
    BulkCreateSchema,
    CreatedGameSchema,
    GameCreateSchema,
    GameListQuerySchema,
    GameSchema,
    GameSummarySchema,
)

blp = Blueprint(
    "games",
    __name__,
    url_prefix="/api/v1/games",
    description="Games as resources: create, list, read, abort.",
)

_GAME_SCHEMA = GameSchema()


@blp.route("")
class Games(MethodView):
    @blp.arguments(GameListQuerySchema, location="query")
    @blp.response(
        200,
        GameSummarySchema(many=True),
        headers={
            "X-Next-Cursor": {"schema": {"type": "string"}, "description": "the next page"},
            "X-Total-Count": {"schema": {"type": "integer"}, "description": "with count"},
            "X-Pagination": {"$ref": "#/components/headers/PAGINATION"},
        },
    )
    @blp.doc(security=OPTIONAL_PLAYER_AUTH)
    def get(self, query: dict[str, Any]) -> Any:
        """List games, newest first

        Filter by `status`, by `open_seats` (games a human can still join), by `label` (the
        grouping given at creation) and by `updated_after`: a site running many games follows
        them with `?label=<its label>&updated_after=<newest updated_at seen>`. At most
        `page_size` games; the `X-Next-Cursor` header, when present, is the `cursor` of
        the next page. `count=true` adds `X-Total-Count`. `page` (deprecated) pages by
        number with the totals in `X-Pagination`. Private games are listed only with their
        creator's player token.
        """
        page = query.get("page")
        player = request_player()
        result = deps.service().games.list_games(
            status=query.get("status"),
            open_seats=query.get("open_seats"),
            label=query.get("label"),
            updated_after=query.get("updated_after"),
            cursor=query.get("cursor"),
            page=page,
            page_size=query["page_size"],
            count=query["count"] or page is not None,
            viewer=player.id if player else None,
        )
        headers: dict[str, str] = {}
        if result.next_cursor is not None:
            headers["X-Next-Cursor"] = result.next_cursor
        if result.total is not None:
            headers["X-Total-Count"] = str(result.total)
        if page is not None:
            headers["Deprecation"] = "true"
            headers["X-Pagination"] = page_header(result.total or 0, page, query["page_size"])
        return result.games, 200, headers

    @blp.arguments(GameCreateSchema)
    @blp.response(201, CreatedGameSchema, headers={"Location": {"schema": {"type": "string"}}})
    @blp.doc(
        parameters=[
            idempotency_key_parameter(
                "a retry with the same key (24 h) returns the same game and creator token"
            )
        ],
        security=OPTIONAL_PLAYER_AUTH,
    )
    def post(self, body: dict[str, Any]) -> Any:
        """Create a game

        3, 4, 5 or 6 players; each seat is open for a human or taken by a bot of a given level.
        The response carries the `creator_token` (shown once) needed to abort the game
        before it starts. A game of bots only starts at once. With a player token the game
        is the player's (its `label`, if new, becomes the player's); `private` games hand
        out `invitations`. With an
        `Idempotency-Key` header a retry (within 24 h) returns the same game and creator token.
        A game with search bots, as seats or as stand-ins (`options.resign_bot_level`,
        `timeout_bot_level`), needs a player token and counts against the search budget
        (docs/api.md, "Rate limits").
        """
        player = request_player()
        created = deps.service().creation.create_game(
            players=body["players"],
            seats=body.get("seats"),
            time_limit=body.get("time_limit"),
            time_control=body.get("time_control"),
            timeout_policy=body["timeout_policy"],
            options=body.get("options") or {},
            label=body.get("label"),
            player=player.id if player else None,
            private=body["private"],
            rated=body["rated"],
            idempotency_key=idempotency_key(),
        )
        headers = {
            "Location": f"/api/v1/games/{created.game.id}",
            "ETag": created.game.etag,
            **NO_STORE,
        }
        if created.replayed:
            headers["Idempotent-Replayed"] = "true"
        invitations = [{"seat": k, "code": v} for k, v in (created.invitations or {}).items()]
        body = {"game": created.game, "creator_token": created.creator_token}
        if invitations:
            body["invitations"] = invitations
        return body, 201, headers


@blp.route("/bulk")
class Bulk(MethodView):
    @blp.arguments(BulkCreateSchema)
    @blp.response(201, BulkCreatedSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any]) -> Any:
        """Create up to 100 games at once (a tournament round)

        All or nothing, in one transaction. Each game is specified as for `POST /games`;
        each game with search bots (seats or stand-ins) counts against the search budget.
        A human seat reserved for a player (`{"kind": "human", "player": "<id>"}`) is
        taken for that player now: its seat token is in the answer, to hand to the
        player's client. Any other human seat gets an invitation code. A game whose seats
        are all taken starts at once. Send the site's player token to own the labels used.
        """
        player = request_player()
        games = deps.service().creation.create_games(
            body["games"], player=player.id if player else None
        )
        return {"games": games}, 201, NO_STORE


@blp.route("/<game_id>")
class GameResource(MethodView):
    @blp.response(200, GameSchema, headers={"ETag": {"schema": {"type": "string"}}})
    @blp.alt_response(304, description="Not modified (If-None-Match matched the ETag)")
    def get(self, game_id: str) -> Any:
        """Get a game's public state

        Seats, status, the pending decision and the engine's public view (never the RNG or
        the undrawn environment cards). Send `If-None-Match` with the last `ETag` to get a
        cheap 304 when nothing changed.
        """
        return game_document(game_id, "game", _GAME_SCHEMA.dump)


@blp.route("/<game_id>/abort")
class Abort(MethodView):
    @blp.response(200, GameSchema)
    @blp.doc(security=CREATOR_AUTH)
    def post(self, game_id: str) -> Any:
        """Abort a game before it starts (creator only)

        Authorise with the `creator_token` from the creation response.
        """
        game = deps.service().creation.abort(game_id, bearer_token())
        return game, 200, {"ETag": game.etag}


def page_header(total: int, page: int, page_size: int) -> str:
    """The deprecated ``X-Pagination`` header, as flask-smorest wrote it before."""
    pages = max(-(-total // page_size), 1) if total else 0
    meta: dict[str, int] = {"total": total, "total_pages": pages}
    if pages:
        meta |= {"first_page": 1, "last_page": pages, "page": page}
        if page > 1:
            meta["previous_page"] = min(page - 1, pages)
        if page < pages:
            meta["next_page"] = page + 1
    return json.dumps(meta)
