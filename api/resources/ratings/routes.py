"""Ratings: ``GET /api/v1/ratings`` (the leaderboard) and
``GET /api/v1/players/{id}/ratings`` (a player's history). Public: ratings are published
numbers, bots' included."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.parsing import Blueprint
from api.resources.ratings.schemas import (
    LeaderboardQuerySchema,
    PoolQuerySchema,
    RatingChangeSchema,
    RatingSchema,
)

blp = Blueprint(
    "ratings",
    __name__,
    url_prefix="/api/v1",
    description="Ratings: OpenSkill (Plackett–Luce) over finished rated games.",
)


@blp.route("/ratings")
class Leaderboard(MethodView):
    @blp.arguments(LeaderboardQuerySchema, location="query")
    @blp.response(200, RatingSchema(many=True))
    @blp.paginate()
    def get(self, query: dict[str, Any], pagination_parameters: Any) -> Any:
        """The leaderboard: every rated player and bot level, the highest ordinal first

        One row per player and pool (a game size, `3p` … `6p`, or a 2-player variant):
        `?pool=4p` is the 4-player table. `ordinal` is `mu - 3 sigma`, a conservative
        estimate of skill. Ratings change once per finished rated game, shortly after it
        finishes (a worker rates it). Games with a bot account rate in the `bots-` pools
        (`bots-4p`…); `?bots=exclude` shows people only, `?bots=only` the bots.
        """
        rows, total = deps.service().ratings.leaderboard(
            pool=query.get("pool"),
            page=pagination_parameters.page,
            page_size=pagination_parameters.page_size,
            bots=query["bots"],
        )
        pagination_parameters.item_count = total
        return rows


@blp.route(
    "/players/<player_id>/ratings",
    parameters=[
        {
            "in": "path",
            "name": "player_id",
            "required": True,
            "schema": {"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,32}$"},
        }
    ],
)
class History(MethodView):
    @blp.arguments(PoolQuerySchema, location="query")
    @blp.response(200, RatingChangeSchema(many=True))
    @blp.paginate()
    def get(self, query: dict[str, Any], player_id: str, pagination_parameters: Any) -> Any:
        """A player's rating history: one entry per rated game, the latest first

        Each entry names its pool; `?pool=` keeps one. Bots have one: `bot-<level>`. The
        player's current rating in each pool: `GET /players/{id}`.
        """
        rows, total = deps.service().ratings.rating_history(
            player_id,
            pool=query.get("pool"),
            page=pagination_parameters.page,
            page_size=pagination_parameters.page_size,
        )
        pagination_parameters.item_count = total
        return rows
