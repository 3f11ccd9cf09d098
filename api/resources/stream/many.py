"""``GET``/``POST /api/v1/stream``: many games and the player's notices on one stream.

The contract (set, resume point, maximum) is in docs/stream.md, "Many games on one
stream". ``GET`` takes the set in the query (what EventSource can send), ``POST`` the same
fields as a JSON body (a resume point of hundreds of games outgrows a URL); both are one
handler. Served by the gevent ``stream`` process like the game streams.
"""

from __future__ import annotations

import re
from typing import Any

import marshmallow as ma
from flask import current_app, request
from flask.views import MethodView
from webargs.fields import DelimitedList

from api import deps
from api.auth import OPTIONAL_PLAYER_AUTH, request_player
from api.parsing import Blueprint
from api.problems import ApiProblem
from api.resources.actions.routes import pending_document
from api.stream.framing import (
    ACCEPT_PARAMETER,
    requested_framing,
    stream_response,
    streaming_response,
)
from api.stream.multi import GameSet, MultiStream, label_members
from api.stream.player import PlayerStreamSession, decisions_of
from api.stream.runtime import stream_runtime
from service.rules.new_game import LABEL

blp = Blueprint(
    "stream",
    __name__,
    url_prefix="/api/v1/stream",
    description="Many games and the player's notices on one stream (SSE or ndjson).",
)

GAME_ID = r"[A-Za-z0-9_-]{1,64}"
_POSITION = re.compile(rf"^({GAME_ID}):(\d{{1,12}})(?::(\d{{1,16}}))?$")
_CHAT_POSITION = re.compile(rf"^({GAME_ID}):(\d{{1,16}})$")

_GAMES_HELP = "the games to follow, by id"
_SINCE_HELP = (
    "the resume point: per game the seq of the last entry the client has (the `id` of an "
    "entry is `<game id>:<seq>`); a game without one starts with its `state`"
)
_LABEL_HELP = "also follow the open and active games of this label, as they are created"
_MINE_HELP = "also follow the open and active games where the player (token) holds a seat"
_CHAT_HELP = (
    "also stream the chat of these games: per game the id of the last chat message the "
    "client has (0: all); that game's ids are then `<game id>:<seq>:<chat id>`"
)
_LOBBY_HELP = "also stream the lobby's messages (the quick-play seeks, as `/seeks/stream`)"


class _StreamGamesBase(ma.Schema):
    label = ma.fields.String(
        validate=ma.validate.Regexp(LABEL), metadata={"description": _LABEL_HELP}
    )
    mine = ma.fields.Boolean(load_default=False, metadata={"description": _MINE_HELP})
    lobby = ma.fields.Boolean(load_default=False, metadata={"description": _LOBBY_HELP})


class StreamGamesQuerySchema(_StreamGamesBase):
    """The set and resume point of ``GET /stream``, in the query."""

    games = DelimitedList(
        ma.fields.String(validate=ma.validate.Regexp(f"^{GAME_ID}$")),
        load_default=list,
        metadata={"description": f"{_GAMES_HELP}, comma-separated"},
    )
    since = DelimitedList(
        ma.fields.String(validate=ma.validate.Regexp(_POSITION.pattern)),
        load_default=list,
        metadata={"description": f"{_SINCE_HELP}; comma-separated `<game id>:<seq>`"},
    )
    chat = DelimitedList(
        ma.fields.String(validate=ma.validate.Regexp(_CHAT_POSITION.pattern)),
        load_default=list,
        metadata={"description": f"{_CHAT_HELP}; comma-separated `<game id>:<chat id>`"},
    )


class StreamGamesRequestSchema(_StreamGamesBase):
    """The set and resume point of ``POST /stream``, as a JSON body."""

    games = ma.fields.List(
        ma.fields.String(validate=ma.validate.Regexp(f"^{GAME_ID}$")),
        load_default=list,
        metadata={"description": _GAMES_HELP},
    )
    since = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.Regexp(f"^{GAME_ID}$")),
        values=ma.fields.Integer(validate=ma.validate.Range(0, 10**12 - 1)),
        load_default=dict,
        metadata={"description": f"{_SINCE_HELP}; game id → seq"},
    )
    chat = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.Regexp(f"^{GAME_ID}$")),
        values=ma.fields.Integer(validate=ma.validate.Range(0, 10**16 - 1)),
        load_default=dict,
        metadata={"description": f"{_CHAT_HELP}; game id → chat id"},
    )


_DOC: dict[str, Any] = {
    "parameters": [
        {
            "in": "header",
            "name": "Last-Event-ID",
            "schema": {"type": "string"},
            "description": "more of the resume point, in the `since` query's form, "
            "`<game id>:<seq>:<chat id>` for a game whose chat the stream brings (it wins "
            "for the games it names)",
        },
        ACCEPT_PARAMETER,
    ],
    "security": OPTIONAL_PLAYER_AUTH,
    "responses": {
        "200": stream_response(
            "`following` (the games followed), then per game what its own stream sends "
            "(`state`, `entry` with `game_id`, `end`, with `chat` its `chat` messages), with "
            "a player token the player stream's messages, with `lobby` the lobby stream's, "
            'heartbeats at least every 15 s (docs/stream.md, "Many '
            "games on one stream\"); the schema is one message's (an SSE event, an ndjson "
            "line)",
            "ManyStreamEvent",
            "ManyStreamMessage",
        )
    },
}
_ENDED = "Every named game is over and the client has all of it: nothing more"


@blp.route("")
class ManyGames(MethodView):
    @blp.arguments(StreamGamesQuerySchema, location="query")
    @blp.alt_response(204, description=_ENDED)
    @blp.doc(**_DOC)
    def get(self, query: dict[str, Any]) -> Any:
        """Follow many games live, on one stream

        The games named in `games`, those of a `label`, and with a player token the
        player's own (`mine`) and its notices (as `/players/me/stream`). Resume with
        `since`: the last seq of every game the client has, with no gap and no duplicate.
        """
        since: dict[str, int] = {}
        chat = dict(_chat_position(item) for item in query["chat"])
        _positions(query["since"], since, chat)
        return _stream(query, since, chat)

    @blp.arguments(StreamGamesRequestSchema)
    @blp.alt_response(204, description=_ENDED)
    @blp.doc(**_DOC)
    def post(self, body: dict[str, Any]) -> Any:
        """Follow many games live, on one stream (the set in a JSON body)

        As `GET /stream`, for a set or a resume point too long for a URL.
        """
        return _stream(body, dict(body["since"]), dict(body["chat"]))


def _positions(items: list[str], since: dict[str, int], chat: dict[str, int]) -> None:
    """Read ``<game id>:<seq>`` or ``<game id>:<seq>:<chat id>`` positions into ``since``
    and ``chat`` (a chat id also asks for that game's chat)."""
    for item in items:
        match = _POSITION.match(item.strip())
        if match is None:
            raise ApiProblem(
                422, "invalid_since", "a position is <game id>:<seq> or <game id>:<seq>:<chat id>"
            )
        since[match[1]] = int(match[2])
        if match[3] is not None:
            chat[match[1]] = int(match[3])


def _chat_position(item: str) -> tuple[str, int]:
    match = _CHAT_POSITION.match(item.strip())
    if match is None:
        raise ApiProblem(422, "invalid_since", "a chat position is <game id>:<chat id>")
    return match[1], int(match[2])


def _stream(ask: dict[str, Any], since: dict[str, int], chat: dict[str, int]) -> Any:
    svc = deps.service()
    runtime = stream_runtime(current_app, svc)
    release = runtime.admit(request.remote_addr or "?")  # first: a refusal costs nothing
    try:
        header = request.headers.get("Last-Event-ID", "").strip()
        if header:
            _positions(header.split(","), since, chat)
        ids = tuple(dict.fromkeys(ask["games"]))
        limit = runtime.settings.max_games
        if len(ids) > limit:
            raise ApiProblem(422, "too_many_games", f"one stream follows at most {limit} games")
        player = request_player()
        if ask["mine"] and player is None:
            raise ApiProblem(
                401, "missing_token", "mine needs Authorization: Bearer <player token>"
            )
        label = ask.get("label")
        if not ids and label is None and player is None and not ask["lobby"]:
            raise ApiProblem(
                422, "nothing_to_follow", "name games, a label or the lobby, or send a player token"
            )
        viewer = player.id if player else None
        members = None
        if label is not None:
            members = label_members(
                lambda **kw: svc.games.list_games(viewer=viewer, **kw), label, limit
            )
        stream = MultiStream(
            runtime,
            GameSet(ids, members, bool(ask["mine"])),
            since,
            None
            if player is None
            else lambda opened: (
                svc.accounts.player_board(player.id, opened),
                svc.challenges.for_stream(player.id, opened),
            ),
            None
            if player is None
            else PlayerStreamSession(player.id, decisions_of(svc, pending_document)),
            svc.clock(),
            {game_id: chat_id for game_id, chat_id in chat.items() if game_id in ids},
            svc.seeks.look if ask["lobby"] else None,
        )
        first = stream.open()  # 404 problem for an unknown named game
    except BaseException:
        release()
        raise
    if first is None:
        release()
        return current_app.response_class(status=204)
    framing = requested_framing()

    def _closed() -> None:
        stream.close()
        release()

    return streaming_response(stream.body(framing, first), framing, _closed)
