"""Reviews: the search's review of every decision of a finished game."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, OPTIONAL_PLAYER_AUTH
from api.parsing import Blueprint
from api.resources.reviews.schemas import ReviewSchema

blp = Blueprint(
    "reviews",
    __name__,
    url_prefix="/api/v1/games",
    description="Reviews: every decision of a finished game weighed by the search bot.",
)


@blp.route("/<game_id>/review")
class Review(MethodView):
    @blp.response(200, ReviewSchema)
    def get(self, game_id: str) -> Any:
        """The review of a finished game

        Every decision of every seat with more than one choice: the value of the action
        taken against the search's own choice (the search's estimate of the final margin
        over the best opponent, in points), the loss, and its class (inaccuracy, mistake,
        blunder: docs/ai.md, "Game review"); per player an accuracy. 409 `review_pending`
        while a worker reviews it, `game_not_finished`; 404 `review_not_found` when nobody
        asked for it (`POST` this path).
        """
        return deps.service().reviews.read(game_id).document(), 200, NO_STORE

    @blp.response(202, ReviewSchema)
    @blp.alt_response(200, schema=ReviewSchema, description="The review exists already")
    @blp.doc(security=OPTIONAL_PLAYER_AUTH)
    def post(self, game_id: str) -> Any:
        """Ask for the review of a finished game

        A game a person played is reviewed when it finishes; any other (or an older one)
        on request. A worker on the reviews queue computes it: poll `GET` of this path
        until it answers 200. A review is made once: asking again returns it (or the one
        on its way). Counts against a budget of reviews a day per player (the token's) or
        client address: 429 `review_budget_exhausted`; 409 `game_not_finished`.
        """
        from api.ratelimit import client_key  # imported late: it imports the blueprints

        view = deps.service().reviews.request(game_id, client_key())
        status = 202 if view.status == "pending" else 200
        return view.document(), status, {"Location": f"/api/v1/games/{game_id}/review", **NO_STORE}
