"""Chat at the table (service/parts/chat.py; docs/api.md, "Chat"): read a game's messages, write
one with a seat or player token, the creator's switch for spectators, and a player's
mutes. Messages also arrive on the game's stream (``?chat_since=``, docs/stream.md)."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, bearer_token, player_required, request_player
from api.parsing import Blueprint
from api.resources.chat.schemas import (
    ChatMessageSchema,
    ChatPageSchema,
    ChatPostSchema,
    ChatQuerySchema,
    ChatSettingsSchema,
    MuteCreateSchema,
    MuteSchema,
)

blp = Blueprint(
    "chat",
    __name__,
    url_prefix="/api/v1",
    description="Chat at the table: players and spectators write short text messages.",
)


@blp.route("/games/<game_id>/chat")
class GameChat(MethodView):
    @blp.arguments(ChatQuerySchema, location="query")
    @blp.response(200, ChatPageSchema)
    @blp.doc(security=[{}, {"playerToken": []}])
    def get(self, query: dict[str, Any], game_id: str) -> Any:
        """A game's chat since message N

        Anyone may read. Messages with `id > since`, oldest first, at most `limit`;
        continue with `since = next_since` until it is null. With a player token the
        players it muted are left out.
        """
        chat = deps.service().chat
        since, limit = query["since"], query["limit"]
        reader = request_player()
        items = chat.messages(
            game_id, since, limit + 1, reader=reader.id if reader is not None else None
        )
        more = len(items) > limit
        items = items[:limit]
        page = {
            "game_id": game_id,
            "since": since,
            "items": items,
            "next_since": items[-1].id if more else None,
            "spectators": not chat.is_closed(game_id),
        }
        return page, 200, NO_STORE

    @blp.arguments(ChatPostSchema)
    @blp.response(201, ChatMessageSchema)
    @blp.doc(security=[{"seatToken": []}, {"playerToken": []}])
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Write a message at the table

        With a seat token (as that seat) or a player token (as the player's seat in this
        game, else as a spectator). 1-280 characters after trimming, no control characters
        (422 `invalid_chat_text`); at most 5 messages per author in 10 s, whichever token
        speaks for it (429 `chat_rate_limited`, with `Retry-After`), and 10 in 10 s per
        player and per client address across games by default (429 `rate_limited`); 403 `chat_closed_to_spectators` when the
        creator closed chat to spectators; 409 `chat_ended` once the game is over.
        """
        message = deps.service().chat.post(
            game_id, bearer_token(), body["text"], source=request.remote_addr
        )
        return message, 201, NO_STORE


@blp.route("/games/<game_id>/chat/settings")
class ChatSettings(MethodView):
    @blp.arguments(ChatSettingsSchema)
    @blp.response(200, ChatSettingsSchema)
    @blp.doc(security=[{"creatorToken": []}])
    def put(self, body: dict[str, Any], game_id: str) -> Any:
        """Open or close the chat to spectators (creator only)

        With the game's `creator_token`; seat holders may always write.
        """
        allowed = deps.service().chat.set_spectators(game_id, bearer_token(), body["spectators"])
        return {"spectators": allowed}, 200, NO_STORE


@blp.route("/players/me/mutes")
class Mutes(MethodView):
    @blp.response(200, MuteSchema(many=True))
    @blp.doc(security=[{"playerToken": []}])
    def get(self) -> Any:
        """The players you muted

        Their messages are left out of every chat this player reads, oldest mute first.
        """
        return deps.service().chat.mutes(player_required().id), 200, NO_STORE

    @blp.arguments(MuteCreateSchema)
    @blp.response(201, MuteSchema)
    @blp.doc(security=[{"playerToken": []}])
    def post(self, body: dict[str, Any]) -> Any:
        """Mute a player: its messages are left out of the chat you read

        Muting again changes nothing; 422 `cannot_mute_self`.
        """
        mute = deps.service().chat.mute(player_required().id, body["player_id"])
        return mute, 201, NO_STORE


@blp.route("/players/me/mutes/<player_id>")
class MuteItem(MethodView):
    @blp.response(204)
    @blp.doc(security=[{"playerToken": []}])
    def delete(self, player_id: str) -> Any:
        """Unmute a player (404 `mute_not_found` when not muted)

        Their messages show again in the chats this player reads, older ones included.
        """
        deps.service().chat.unmute(player_required().id, player_id)
        return None
