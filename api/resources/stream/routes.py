"""``GET /api/v1/games/{id}/stream``: the live stream of a game (SSE or ndjson).

The contract (messages, framing, resume) is in docs/stream.md. Served by the gevent
``stream`` process (``api.stream_wsgi``); a reverse proxy sends this path there.
"""

from __future__ import annotations

import re
from typing import Any

from flask import current_app, request
from flask.views import MethodView

from api import deps
from api.auth import bearer_token, request_player
from api.parsing import Blueprint
from api.problems import ApiProblem
from api.stream.framing import (
    ACCEPT_PARAMETER,
    requested_framing,
    stream_response,
    streaming_response,
)
from api.stream.runtime import stream_runtime
from api.stream.session import StreamSession
from api.stream.snapshot import TERMINAL
from service.plumbing.errors import ServiceError
from service.rules.player_views import is_player_token

blp = Blueprint(
    "streams",
    __name__,
    url_prefix="/api/v1/games",
    description="Live games: every change pushed as it commits (SSE or ndjson).",
)

_EVENT_ID = re.compile(r"^\d{1,12}$")
#: An id of a stream with chat: "<seq>:<chat id>".
_CHAT_EVENT_ID = re.compile(r"^(\d{1,12}):(\d{1,16})$")


_DOC = {
    "parameters": [
        {
            "in": "query",
            "name": "since",
            "schema": {"type": "integer", "minimum": 0, "maximum": 10**12 - 1},
            "description": "resume after this seq (Last-Event-ID wins when both are sent)",
        },
        {
            "in": "query",
            "name": "chat_since",
            "schema": {"type": "integer", "minimum": 0, "maximum": 10**16 - 1},
            "description": "also stream the chat: `chat` messages with id > chat_since "
            "(0: all); every id is then `<seq>:<chat id>`",
        },
        {
            "in": "header",
            "name": "Last-Event-ID",
            "schema": {"type": "string"},
            "description": "resume after this id: a seq, or `<seq>:<chat id>` on a stream "
            "with chat (EventSource sends it on reconnection)",
        },
        ACCEPT_PARAMETER,
    ],
    "security": [{}, {"seatToken": []}],
    "responses": {
        "200": stream_response(
            "The stream: `state` first (fresh connections), then every "
            "`entry` as it commits, heartbeats at least every 15 s, `end` and close when "
            "the game is over. Same messages in both media types; the schema is one "
            "message's (an SSE event, an ndjson line).",
            "StreamEvent",
            "StreamMessage",
        )
    },
}


@blp.route("/<game_id>/stream")
class GameStream(MethodView):
    @blp.alt_response(204, description="Resumed after the end of an ended game: nothing more")
    @blp.doc(**_DOC)
    def get(self, game_id: str) -> Any:
        """Follow a game live

        Anyone may stream any game (spectators): only the public view. A seat token in
        `Authorization` is optional and adds `your_turn` to each entry; so does the player
        token of a player holding a seat (the seat whose decision is pending when the
        stream opens, else its lowest). Resume with
        `Last-Event-ID` (or `?since=seq`): the missed entries are replayed from the log,
        with no gap and no duplicate, then the stream goes live.
        """
        svc = deps.service()
        runtime = stream_runtime(current_app, svc)
        release = runtime.admit(request.remote_addr or "?")  # first: a refusal costs nothing
        watcher = None

        def _closed() -> None:
            if watcher is not None:
                watcher.close()
            release()

        try:
            since, chat_since = _since()
            seat = None
            if request.headers.get("Authorization"):
                seat = _token_seat(svc, game_id, bearer_token())
            watcher = runtime.hub.watch(game_id)  # before the first read: no notice missed
            first = watcher.snapshot()  # 404 problem for an unknown game
        except BaseException:
            _closed()
            raise
        if (
            since is not None
            and first.doc["status"] in TERMINAL
            and since >= first.seq
            and (chat_since is None or chat_since >= first.chat_last)
        ):
            # A client that already has everything of an ended game (EventSource
            # reconnecting after `end`): 204 is what makes EventSource stop reconnecting.
            _closed()
            return current_app.response_class(status=204)
        framing = requested_framing()
        session = StreamSession(
            since,
            seat,
            lambda after, upto: runtime.reader.entries(game_id, after, upto),
            chat_since,
            lambda after, upto: runtime.reader.chat(game_id, after, upto),
        )
        return streaming_response(runtime.body(watcher, session, framing, first), framing, _closed)


def _token_seat(svc: Any, game_id: str, token: str) -> int | None:
    """The seat a seat token holds, or a player token's seat whose decision is pending
    (else its lowest); a player holding no seat of the game, or a token whose scopes do
    not play (the scope gate, ``request_player``), watches as a spectator."""
    if is_player_token(token) and request_player() is None:
        return None
    try:
        return svc.seating.seat_for_token(game_id, token).seat
    except ServiceError as err:
        if err.code == "not_your_seat":
            return None
        raise


def _since() -> tuple[int | None, int | None]:
    """The seq and the chat id to resume after: ``Last-Event-ID`` (EventSource's
    reconnection, newer than the URL's) or ``?since`` and ``?chat_since``; a seq of None
    is a fresh connection, a chat id of None a stream without chat."""
    chat_since = _number("chat_since", 16)
    last_event_id = request.headers.get("Last-Event-ID", "").strip()
    both = _CHAT_EVENT_ID.match(last_event_id)
    if both:
        return int(both[1]), int(both[2])
    if _EVENT_ID.match(last_event_id):
        return int(last_event_id), chat_since
    return _number("since", 12), chat_since


def _number(name: str, digits: int) -> int | None:
    raw = request.args.get(name)
    if raw is None:
        return None
    if not raw.strip().isascii() or not raw.strip().isdigit() or len(raw.strip()) > digits:
        raise ApiProblem(422, "invalid_since", f"{name} is an integer >= 0")
    return int(raw)
