"""Hints: the seat to play asks the search bot what it would do, and reads the answer."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, SEAT_OR_PLAYER_AUTH, bearer_token
from api.parsing import Blueprint
from api.resources.hints.schemas import HintSchema

blp = Blueprint(
    "hints",
    __name__,
    url_prefix="/api/v1/games",
    description="Hints: the search bot's suggestion for your decision (unrated games).",
)


@blp.route("/<game_id>/seats/<int:seat>/hint")
class Hint(MethodView):
    @blp.response(202, HintSchema)
    @blp.alt_response(200, schema=HintSchema, description="The hint was already computed")
    @blp.doc(security=SEAT_OR_PLAYER_AUTH)
    def post(self, game_id: str, seat: int) -> Any:
        """Ask for a hint for your pending decision

        A worker computes it with the search bot within its time budget; poll `GET` of
        this path until `status` is `ready`. Asking again for the same decision returns the
        same hint (computed once). Only the seat to play, only in unrated games whose
        `options.hints` is true: 403 `hints_not_allowed` otherwise; 409 `not_your_turn`,
        `game_over`, `game_not_active`. With the seat token, or the player token of the
        seat's player.
        """
        hint = deps.service().hints.ask(game_id, seat, bearer_token())
        status = 202 if hint.status == "pending" else 200
        return hint, status, {"Location": f"/api/v1/games/{game_id}/seats/{seat}/hint", **NO_STORE}

    @blp.response(200, HintSchema)
    @blp.doc(security=SEAT_OR_PLAYER_AUTH)
    def get(self, game_id: str, seat: int) -> Any:
        """Your newest hint

        `pending` while a worker computes it, `ready` with the suggested action and its
        reason, `stale` once the game has moved past the decision it was for (the
        suggestion is then left out). 404 `hint_not_found` when the seat never asked.
        """
        return deps.service().hints.read(game_id, seat, bearer_token()), 200, NO_STORE
