"""Seats of a game: join (the seat token is shown once), leave before the start, resign."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import (
    NO_STORE,
    OPTIONAL_PLAYER_AUTH,
    PLAYER_AUTH,
    SEAT_OR_PLAYER_AUTH,
    bearer_token,
    idempotency_key,
    idempotency_key_parameter,
    player_required,
    request_player,
)
from api.parsing import Blueprint
from api.problems import ApiProblem
from api.resources.games.schemas import GameSchema
from api.resources.seats.schemas import JoinedSchema, JoinSchema, SeatTokenSchema

blp = Blueprint(
    "seats",
    __name__,
    url_prefix="/api/v1/games",
    description="Seats: join a game, leave it before it starts, resign.",
)


@blp.route("/<game_id>/seats")
class Seats(MethodView):
    @blp.arguments(JoinSchema)
    @blp.response(201, JoinedSchema)
    @blp.doc(
        parameters=[
            idempotency_key_parameter(
                "a retry with the same key (24 h) returns the same seat and token"
            )
        ],
        security=OPTIONAL_PLAYER_AUTH,
    )
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Join an open seat

        Returns the seat token once; only its hash is stored, so it cannot be recovered,
        except by a retry with the same `Idempotency-Key` header (within 24 h), which
        returns the same seat and token instead of taking a second seat.
        The game starts when the last open seat is taken. With a player token the seat is
        linked to the player (and seats reserved for it may be taken); a private game's
        seat needs its `invite` code, which admits one join.
        """
        player = request_player()
        if player is not None and player.bot:
            raise ApiProblem(
                409,
                "bot_account_human_seat",
                "a bot account never takes a human seat: it is seated as "
                "{'kind': 'bot', 'player': id} at creation or by a challenge",
            )
        joined = deps.service().seating.join(
            game_id,
            body["name"],
            seat=body.get("seat"),
            player=player.id if player else None,
            invite=body.get("invite"),
            entropy=body.get("entropy"),
            idempotency_key=idempotency_key(),
        )
        payload = {
            "game_id": game_id,
            "seat": joined.seat,
            "token": joined.token,
            "game": joined.game,
        }
        headers = {"ETag": joined.game.etag, **NO_STORE}
        if joined.replayed:
            headers["Idempotent-Replayed"] = "true"
        return payload, 201, headers


def _own_seat(game_id: str, seat: int) -> str:
    """The request's token, checked to belong to ``seat`` of ``game_id``."""
    token = bearer_token()
    deps.service().seating.own_seat(game_id, seat, token)
    return token


@blp.route("/<game_id>/seats/<int:seat>")
class SeatResource(MethodView):
    @blp.response(200, GameSchema)
    @blp.doc(security=SEAT_OR_PLAYER_AUTH)
    def delete(self, game_id: str, seat: int) -> Any:
        """Leave a seat before the game starts

        The seat opens again and its token stops working. Once the game runs, resign.
        With the seat token, or the player token of the seat's player.
        """
        game = deps.service().seating.leave(game_id, _own_seat(game_id, seat), seat)
        return game, 200, {"ETag": game.etag}


@blp.route("/<game_id>/seats/<int:seat>/resign")
class Resign(MethodView):
    @blp.response(200, GameSchema)
    @blp.doc(security=SEAT_OR_PLAYER_AUTH)
    def post(self, game_id: str, seat: int) -> Any:
        """Resign: a bot plays this seat for the rest of the game

        The engine keeps every seat until the end, so resigning hands the seat to a bot
        (`options.resign_bot_level`). The token stops acting (403 `seat_resigned`); the
        seat is still ranked. With the seat token, or the player token of the seat's player.
        """
        game = deps.service().seating.resign(game_id, _own_seat(game_id, seat), seat)
        return game, 200, {"ETag": game.etag}


@blp.route("/<game_id>/seats/<int:seat>/token")
class SeatToken(MethodView):
    @blp.response(201, SeatTokenSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, game_id: str, seat: int) -> Any:
        """Get a new token for your player's seat

        With the player token of the seat's player: a seat a label's owner gave you in a
        bulk-created round, or one you joined on another device. The seat's earlier token
        stops working (403 `not_your_seat` for a seat of another player).
        """
        token = deps.service().seating.seat_token(game_id, seat, player_required().id)
        return {"game_id": game_id, "seat": seat, "token": token}, 201, NO_STORE
