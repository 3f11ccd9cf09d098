"""Quick play (service/parts/seeks.py; docs/api.md, "Quick play"): post a seek, list the waiting
ones, read one's game and seat token once matched, cancel; the lobby stream follows them
live (docs/stream.md, "The lobby stream")."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, PLAYER_AUTH, player_required
from api.parsing import Blueprint
from api.resources.seeks.schemas import (
    SeekCreateSchema,
    SeekListSchema,
    SeekReadSchema,
    SeekSchema,
)
from api.stream.framing import ACCEPT_PARAMETER, stream_response
from api.stream.lobby import LobbyStreamSession
from api.stream.player import stream_of_looks

blp = Blueprint(
    "seeks",
    __name__,
    url_prefix="/api/v1/seeks",
    description="Quick play: seek a game, meet the others who want the same one, bots fill "
    "the rest when the wait is over.",
)
_SEEK_ID = [
    {
        "in": "path",
        "name": "seek_id",
        "required": True,
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9]{1,32}$"},
    }
]


@blp.route("")
class SeekList(MethodView):
    @blp.arguments(SeekCreateSchema)
    @blp.response(201, SeekSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any]) -> Any:
        """Seek a game now

        With a player token. Seekers who want the same game (`players` or `variant`,
        `time_control`, `rated`) are put into one game as soon as there are enough; when
        `wait` seconds are over, the people waiting then and bots of `bot_level` fill it.
        The answer is `matched` at once when this seek completed a game. One waiting seek
        per player: 409 `seek_exists` (with `seek_id`) until it is matched or cancelled.
        """
        player = player_required()
        seek = deps.service().seeks.post(
            player.id,
            players=body.get("players"),
            variant=body.get("variant"),
            time_control=body.get("time_control"),
            rated=body["rated"],
            wait=body["wait"],
            bot_level=body["bot_level"],
            bot_accounts=body["bot_accounts"],
        )
        return seek, 201, {"Location": f"/api/v1/seeks/{seek.id}", **NO_STORE}

    @blp.response(200, SeekListSchema)
    def get(self) -> Any:
        """The seeks waiting now

        Anyone may read: the lobby's list, oldest first (at most 200). Follow it live on
        `GET /seeks/stream`.
        """
        return {"items": deps.service().seeks.waiting()}, 200, NO_STORE


_STREAM_DOC = {
    "parameters": [ACCEPT_PARAMETER],
    "responses": {
        "200": stream_response(
            "`seeks` (the waiting ones) first, then `seek_added`, "
            "`seek_matched` and `seek_removed` as they commit, heartbeats at least every "
            "15 s (docs/stream.md); the schema is one message's (an SSE event, an ndjson line)",
            "LobbyStreamEvent",
            "LobbyStreamMessage",
        )
    },
}


@blp.route("/stream")
class LobbyStream(MethodView):
    @blp.doc(**_STREAM_DOC)
    def get(self) -> Any:
        """The seeks, live

        Anyone may follow. On (re)connection the stream sends the whole list (`seeks`),
        then each change. Served by the stream process like the game streams.
        """
        svc = deps.service()
        return stream_of_looks(svc, lambda: (svc.seeks.look, LobbyStreamSession()))


@blp.route("/<seek_id>", parameters=_SEEK_ID)
class SeekOne(MethodView):
    @blp.response(200, SeekReadSchema)
    @blp.doc(security=PLAYER_AUTH)
    def get(self, seek_id: str) -> Any:
        """My seek: waiting, or its game and seat token

        With the seeker's player token (anyone else's seek is 404 `seek_not_found`). Once
        `matched`, `game_id` and `seat` name the seat and `token` is a new seat token for
        it: each read makes a new one and the one before stops working, so read once (or
        take the seat's token later with `POST /games/{id}/seats/{seat}/token`).
        """
        read = deps.service().seeks.read(seek_id, player_required().id)
        return {**asdict(read.seek), "token": read.token}, 200, NO_STORE

    @blp.response(200, SeekSchema)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, seek_id: str) -> Any:
        """Cancel my seek

        A waiting seek is `cancelled` (again: no change). 409 `seek_matched` (with
        `game_id` and `seat`) when it was matched first: the game is yours.
        """
        return deps.service().seeks.cancel(seek_id, player_required().id), 200, NO_STORE
