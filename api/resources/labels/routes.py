"""A label's standings (and, for sites, its records) under ``/api/v1/labels/{label}``.
Public like ``GET /games?label=``: a label's owner publishes its tournament."""

from __future__ import annotations

from typing import Any

import orjson
from flask import current_app
from flask.views import MethodView

from api import deps
from api.parsing import Blueprint
from api.resources.labels.schemas import StandingSchema, StandingsQuerySchema
from api.resources.log.schemas import RecordSchema
from service.lifecycle import LABEL

NDJSON = "application/x-ndjson"
#: The path's label, documented with the rule it must follow (others are 422 invalid_label).
LABEL_PARAM = [
    {
        "in": "path",
        "name": "label",
        "required": True,
        "schema": {"type": "string", "pattern": LABEL.pattern, "maxLength": 64},
    }
]
_RECORD = RecordSchema()

blp = Blueprint(
    "labels",
    __name__,
    url_prefix="/api/v1/labels",
    description="A label's games as a tournament: standings and records.",
)


@blp.route("/<label>/standings", parameters=LABEL_PARAM)
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


@blp.route("/<label>/records", parameters=LABEL_PARAM)
class Records(MethodView):
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    @blp.doc(
        responses={
            "200": {
                "description": "one `record` (as GET /games/{id}/record) per line, for every "
                "finished game of the label, oldest first; the schema is one line's",
                "content": {NDJSON: {"schema": {"$ref": "#/components/schemas/Record"}}},
            }
        }
    )
    def get(self, label: str) -> Any:
        """Export the records of the label's finished games as ndjson

        One line per game, each the game's `record`: everything needed to replay and
        verify it. Streamed: a large tournament is not held in memory.
        """
        records = deps.service().label_records(label)
        lines = (orjson.dumps(_RECORD.dump(r)) + b"\n" for r in records)
        resp = current_app.response_class(lines, mimetype=NDJSON)
        resp.headers["Cache-Control"] = "no-store"
        return resp
