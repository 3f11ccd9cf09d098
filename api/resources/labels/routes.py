"""A label under ``/api/v1/labels/{label}``: its owner and entrants (who may be seated in
its games: service/parts/labels.py), its standings and, for sites, its records. Reads are
public like ``GET /games?label=``: a label's owner publishes its tournament."""

from __future__ import annotations

from typing import Any

import orjson
from flask import current_app
from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, PLAYER_AUTH, player_required
from api.parsing import Blueprint
from api.resources.labels.schemas import (
    EntryCreateSchema,
    EntrySchema,
    LabelSchema,
    StandingSchema,
    StandingsQuerySchema,
)
from api.resources.log.schemas import RecordSchema
from service.rules.new_game import LABEL

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
    description="A label's games as a tournament: owner, entrants, standings and records.",
)


@blp.route("/<label>", parameters=LABEL_PARAM)
class Label(MethodView):
    @blp.response(200, LabelSchema)
    def get(self, label: str) -> Any:
        """Get a label's owner

        Who owns the label (a tournament or a league) and since when; 404
        `label_not_found` when nobody has claimed it.
        """
        return deps.service().labels.get(label)

    @blp.response(200, LabelSchema)
    @blp.alt_response(201, schema=LabelSchema, description="claimed now")
    @blp.doc(security=PLAYER_AUTH)
    def put(self, label: str) -> Any:
        """Own a label (a tournament) before its first game

        With a player token. 201 when claimed now, 200 when it is already yours, 403
        `label_owned` when it is another player's. Players then enter it, and you may seat
        them in games created under it (`POST /games/bulk`).
        """
        view, created = deps.service().labels.claim(label, player_required().id)
        return view, 201 if created else 200, NO_STORE


@blp.route("/<label>/entries", parameters=LABEL_PARAM)
class Entries(MethodView):
    @blp.response(200, EntrySchema(many=True))
    def get(self, label: str) -> Any:
        """List a label's entrants, the first to enter first

        The players who entered the label, so that its owner may seat them in its games.
        """
        return deps.service().labels.entries(label)

    @blp.arguments(EntryCreateSchema, required=False)
    @blp.response(201, EntrySchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any], label: str) -> Any:
        """Enter a label: let its owner seat you in its games

        With your player token. The owner may then take seats for you when it creates the
        label's games; their seat tokens go to you (`POST /games/{id}/seats/{seat}/token`),
        and to the owner too only with `share_seat_tokens`. Entering again changes that
        choice. Nobody else can enter you: your games and rating stay yours.
        """
        entry = deps.service().labels.enter(label, player_required().id, body["share_seat_tokens"])
        return entry, 201, NO_STORE


@blp.route("/<label>/entries/<player_id>", parameters=LABEL_PARAM)
class Entry(MethodView):
    @blp.response(204)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, label: str, player_id: str) -> Any:
        """End an entry (the player itself, or the label's owner)

        Seats given before stay the player's.
        """
        deps.service().labels.withdraw(label, player_id, player_required().id)
        return None


@blp.route("/<label>/standings", parameters=LABEL_PARAM)
class Standings(MethodView):
    @blp.arguments(StandingsQuerySchema, location="query")
    @blp.response(200, StandingSchema(many=True))
    def get(self, query: dict[str, Any], label: str) -> Any:
        """Standings: a table over the label's finished games

        Each seat earns `points` by its place (`?points=3,2,1,0`: 3 for a win, 2 for second
        …; places past the list earn 0; default: one point per seat finished ahead of).
        Order: total points, then wins, then the sum of final scores, then name.
        """
        return deps.service().labels.standings(label, query.get("points"))


@blp.route("/<label>/records", parameters=LABEL_PARAM)
class Records(MethodView):
    @blp.doc(
        responses={
            "200": {
                "description": "one `Record` (as GET /games/{id}/record) per line, for every "
                "finished game of the label, oldest first",
                "content": {
                    NDJSON: {
                        "schema": {
                            "type": "string",
                            "description": "newline-delimited JSON: each line a `Record` "
                            "(#/components/schemas/Record)",
                        }
                    }
                },
            }
        }
    )
    def get(self, label: str) -> Any:
        """Export the records of the label's finished games as ndjson

        One line per game, each the game's `record`: everything needed to replay and
        verify it. Streamed: a large tournament is not held in memory.
        """
        records = deps.service().games.label_records(label)
        lines = (orjson.dumps(_RECORD.dump(r)) + b"\n" for r in records)
        resp = current_app.response_class(lines, mimetype=NDJSON)
        resp.headers["Cache-Control"] = "no-store"
        return resp
