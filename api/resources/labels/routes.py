"""A label's standings (and, for sites, its records) under ``/api/v1/labels/{label}``.
Public like ``GET /games?label=``: a label's owner publishes its tournament."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.parsing import Blueprint
from api.resources.labels.schemas import StandingSchema, StandingsQuerySchema

blp = Blueprint(
    "labels",
    __name__,
    url_prefix="/api/v1/labels",
    description="A label's games as a tournament: standings and records.",
)


@blp.route("/<label>/standings")
class Standings(MethodView):
    @blp.arguments(StandingsQuerySchema, location="query")
    @blp.response(200, StandingSchema(many=True))
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    def get(self, query: dict[str, Any], label: str) -> Any:
        """Standings: a table over the label's finished games

        Each seat earns `points` by its place (`?points=3,2,1,0`: 3 for a win, 2 for second
        …; places past the list earn 0; default: one point per seat finished ahead of).
        Order: total points, then wins, then the sum of final scores, then name.
        """
        return deps.service().standings(label, query.get("points"))
