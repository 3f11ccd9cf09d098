"""Tournaments the service runs (service/parts/tournaments.py; docs/tournaments.md): create one
as its organiser, enter and withdraw with one's own player token, and read its entries,
rounds, games, standings (JSON, CSV) and records. Reads are public, except that a private
tournament is shown only to its organiser, its entrants and whoever sends the code of its
invitation link (``?invitation=``; 404 to anyone else)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import current_app
from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, PLAYER_AUTH, player_required, request_player
from api.csv_export import csv_text
from api.parsing import Blueprint
from api.resources.log.record_lines import records_response
from api.resources.tournaments.schemas import (
    TournamentCreateSchema,
    TournamentEnterSchema,
    TournamentEntryListSchema,
    TournamentEntrySchema,
    TournamentGameListSchema,
    TournamentInvitationQuerySchema,
    TournamentInvitationSchema,
    TournamentListQuerySchema,
    TournamentListSchema,
    TournamentRemovalQuerySchema,
    TournamentRoundListSchema,
    TournamentSchema,
    TournamentStandingsSchema,
)
from api.stream.framing import ACCEPT_PARAMETER, NDJSON, stream_response
from api.stream.player import stream_of_looks
from api.stream.tournament import TournamentStreamSession, documents

CSV = "text/csv"
_ID = [
    {
        "in": "path",
        "name": "tournament_id",
        "required": True,
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9]{1,32}$"},
    }
]
#: The columns of the CSV export, in order.
CSV_COLUMNS = ("rank", "player_id", "name", "score", "games", "byes", "opponents_score",
               "performance", "rating", "withdrawn", "disqualified")  # fmt: skip

blp = Blueprint(
    "tournaments",
    __name__,
    url_prefix="/api/v1/tournaments",
    description="Tournaments the service runs: Swiss at tables, round robin and arena, "
    "with standings live.",
)


def _viewer() -> str | None:
    player = request_player()
    return player.id if player is not None else None


@blp.route("")
class TournamentList(MethodView):
    @blp.arguments(TournamentCreateSchema)
    @blp.response(201, TournamentSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any]) -> Any:
        """Create a tournament

        With a player token: its organiser. It is `upcoming` until `starts_at`, when the
        workers pair round 1 of those who entered (fewer than a table: `cancelled`).
        Budgeted per player and per client address (429 `tournament_rate_limited`).
        """
        player = player_required()
        tournament = deps.service().tournaments.create(player.id, **body)
        return tournament, 201, {"Location": f"/api/v1/tournaments/{tournament.id}", **NO_STORE}

    @blp.arguments(TournamentListQuerySchema, location="query")
    @blp.response(200, TournamentListSchema)
    def get(self, query: dict[str, Any]) -> Any:
        """List tournaments

        Public ones to anyone, private ones also to their organiser and entrants (send a
        player token). Upcoming ones soonest first, others latest first; at most 200.
        """
        svc = deps.service().tournaments
        viewer = _viewer()
        if query["enterable"]:
            items = svc.enterable(viewer)
        else:
            items = svc.listing(viewer, query["status"])
        return {"items": items}, 200, NO_STORE


@blp.route("/<tournament_id>", parameters=_ID)
class TournamentOne(MethodView):
    @blp.arguments(TournamentInvitationQuerySchema, location="query")
    @blp.response(200, TournamentSchema)
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """Get a tournament

        Its terms, status and round; a private one only to its organiser, its entrants and
        whoever holds the code of its invitation link (404 `tournament_not_found` to
        anyone else). The organiser also gets the code (`invitation`).
        """
        tournament = deps.service().tournaments.get(
            tournament_id, _viewer(), query.get("invitation")
        )
        return tournament, 200, NO_STORE

    @blp.response(200, TournamentSchema)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, tournament_id: str) -> Any:
        """Cancel an upcoming tournament

        Its organiser only (403 `not_organiser`); 409 `tournament_started` once it runs.
        """
        player = player_required()
        return deps.service().tournaments.cancel(tournament_id, player.id), 200, NO_STORE


@blp.route("/<tournament_id>/start", parameters=_ID)
class Start(MethodView):
    @blp.response(200, TournamentSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, tournament_id: str) -> Any:
        """Start an upcoming tournament now

        Its organiser only (403 `not_organiser`): the start time becomes now and the
        workers pair round 1 (an arena: begin pairing) within seconds. 409
        `tournament_started` once it runs or was cancelled; 409 `too_few_entrants` while
        fewer have entered than a round needs.
        """
        player = player_required()
        return deps.service().tournaments.start_now(tournament_id, player.id), 200, NO_STORE


@blp.route("/<tournament_id>/entries", parameters=_ID)
class Entries(MethodView):
    @blp.arguments(TournamentInvitationQuerySchema, location="query")
    @blp.response(200, TournamentEntryListSchema)
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """List a tournament's entries

        Invited, entered and withdrawn players in order of entry, with the rating each
        had at the start and the rounds they missed in a row.
        """
        items = deps.service().tournaments.entries(
            tournament_id, _viewer(), query.get("invitation")
        )
        return {"items": items}, 200, NO_STORE

    @blp.arguments(TournamentEnterSchema, required=False)
    @blp.response(200, TournamentEntrySchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any], tournament_id: str) -> Any:
        """Enter a tournament

        With your own player token (again: no change); `invitation`, the code of the
        organiser's invitation link, admits you to a private tournament and to one by
        invitation. 403 `not_invited`, `rating_too_low` or `bots_not_allowed` by its
        conditions, `disqualified` after the organiser disqualified you; 409
        `tournament_closed` once it can no longer be entered (a Swiss or round robin has
        started; an arena's time is up).
        """
        player = player_required()
        svc = deps.service().tournaments
        return svc.enter(tournament_id, player.id, body.get("invitation")), 200, NO_STORE


@blp.route("/<tournament_id>/entries/me", parameters=_ID)
class MyEntry(MethodView):
    @blp.response(200, TournamentEntrySchema)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, tournament_id: str) -> Any:
        """Withdraw from a tournament

        With your own player token: you are not paired again; a game you play goes on and
        your results so far stay in the standings. 404 `entry_not_found` without an entry.
        """
        player = player_required()
        return deps.service().tournaments.withdraw(tournament_id, player.id), 200, NO_STORE


@blp.route("/<tournament_id>/entries/<player_id>", parameters=_ID)
class AnEntry(MethodView):
    @blp.arguments(TournamentRemovalQuerySchema, location="query")
    @blp.response(200, TournamentEntrySchema)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, query: dict[str, Any], tournament_id: str, player_id: str) -> Any:
        """Withdraw or disqualify an entrant

        Its organiser only (403 `not_organiser`): withdrawn as by themselves (not paired
        again; a game being played goes on; the results so far stay in the standings);
        with `disqualify=true` also marked disqualified in the entries and the standings,
        and refused a new entry (403 `disqualified`). 404 `entry_not_found` without an
        entry.
        """
        player = player_required()
        entry = deps.service().tournaments.remove(
            tournament_id, player.id, player_id, disqualify=query["disqualify"]
        )
        return entry, 200, NO_STORE


@blp.route("/<tournament_id>/invitations", parameters=_ID)
class Invitations(MethodView):
    @blp.arguments(TournamentInvitationSchema)
    @blp.response(200, TournamentEntryListSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any], tournament_id: str) -> Any:
        """Invite players to a tournament

        Its organiser only, before the start; each invited player enters with their own
        token (an invitation enters nobody).
        """
        player = player_required()
        items = deps.service().tournaments.invite(tournament_id, player.id, body["player_ids"])
        return {"items": items}, 200, NO_STORE


@blp.route("/<tournament_id>/rounds", parameters=_ID)
class Rounds(MethodView):
    @blp.arguments(TournamentInvitationQuerySchema, location="query")
    @blp.response(200, TournamentRoundListSchema)
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """List a tournament's rounds: pairings, byes and tables

        A round robin lists its whole schedule from the start (later rounds `scheduled`).
        """
        items = deps.service().tournaments.rounds(tournament_id, _viewer(), query.get("invitation"))
        return {"items": [asdict(r) for r in items]}, 200, NO_STORE


@blp.route("/<tournament_id>/games", parameters=_ID)
class Games(MethodView):
    @blp.arguments(TournamentInvitationQuerySchema, location="query")
    @blp.response(200, TournamentGameListSchema)
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """List a tournament's games, table by table

        Every table's game in round and table order (an arena's as they were made), its
        seats (null: the service's bot) and, once over, each entrant's place.
        """
        items = deps.service().tournaments.games(tournament_id, _viewer(), query.get("invitation"))
        return {"items": [asdict(t) for t in items]}, 200, NO_STORE


@blp.route("/<tournament_id>/standings", parameters=_ID)
class Standings(MethodView):
    @blp.arguments(TournamentInvitationQuerySchema, location="query")
    @blp.response(200, TournamentStandingsSchema)
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """Get a tournament's standings

        Score by finishing place, then the tie-breaks: opponents' scores, performance,
        rating at the start (docs/tournaments.md, "Scoring"). Live while it runs.
        """
        svc = deps.service().tournaments
        viewer = _viewer()
        tournament = svc.get(tournament_id, viewer, query.get("invitation"))
        items = svc.standings(tournament_id, viewer, query.get("invitation"))
        return {"tournament_id": tournament.id, "status": tournament.status,
                "round": tournament.round, "items": items}, 200, NO_STORE  # fmt: skip


@blp.route("/<tournament_id>/standings.csv", parameters=_ID)
class StandingsCsv(MethodView):
    @blp.arguments(TournamentInvitationQuerySchema, location="query")
    @blp.doc(
        responses={
            "200": {
                "description": "the standings as CSV, a header line then one line per "
                "entrant: " + ", ".join(CSV_COLUMNS),
                "content": {CSV: {}},
            }
        }
    )
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """Export a tournament's standings as CSV

        The same lines as `GET /tournaments/{id}/standings`, one per entrant, with a
        header line.
        """
        items = deps.service().tournaments.standings(
            tournament_id, _viewer(), query.get("invitation")
        )
        rows = ([asdict(line)[c] for c in CSV_COLUMNS] for line in items)
        resp = current_app.response_class(csv_text(CSV_COLUMNS, rows), mimetype=CSV)
        resp.headers["Cache-Control"] = "no-store"
        resp.headers["Content-Disposition"] = f'attachment; filename="{tournament_id}.csv"'
        return resp


@blp.route("/<tournament_id>/records", parameters=_ID)
class Records(MethodView):
    @blp.arguments(TournamentInvitationQuerySchema, location="query")
    @blp.doc(
        responses={
            "200": {
                "description": "one `Record` (as GET /games/{id}/record) per line, for every "
                "finished game of the tournament, in round and table order",
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
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """Export the records of a tournament's games as ndjson

        One line per finished game, each the game's `record`: everything needed to replay
        and verify it. Streamed: a large tournament is not held in memory.
        """
        svc = deps.service()
        ids = svc.tournaments.finished_games(tournament_id, _viewer(), query.get("invitation"))
        return records_response(svc.games.record(game_id) for game_id in ids)


_STREAM_DOC = {
    "parameters": [ACCEPT_PARAMETER],
    "responses": {
        "200": stream_response(
            "`tournament`, `standings` and `rounds` first, then each again when it changed, "
            "heartbeats at least every 15 s (docs/stream.md); the schema is one message's "
            "(an SSE event, an ndjson line)",
            "TournamentStreamEvent",
            "TournamentStreamMessage",
        )
    },
}


@blp.route("/<tournament_id>/stream", parameters=_ID)
class Stream(MethodView):
    @blp.doc(**_STREAM_DOC)
    def get(self, tournament_id: str) -> Any:
        """A tournament, live: standings and pairings

        On (re)connection the stream sends the tournament, its standings and its rounds,
        then each again whenever it changed. Served by the stream process like the game
        streams.
        """
        svc = deps.service()
        viewer = _viewer()
        svc.tournaments.get(tournament_id, viewer)  # 404 before the stream opens

        def start() -> tuple[Any, TournamentStreamSession]:
            return (lambda _since: documents(svc, tournament_id, viewer)), TournamentStreamSession()

        return stream_of_looks(svc, start)
