"""Players under ``/api/v1/players``: create one (the token is shown once), and with its
token read the player, its games and the decisions it owes."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import (
    NO_STORE,
    PLAYER_AUTH,
    bearer_token,
    player_required,
    request_grant,
    request_player,
)
from api.parsing import Blueprint
from api.resources.actions.routes import pending_document
from api.resources.games.schemas import GameSummarySchema
from api.resources.log.record_lines import records_response
from api.resources.players.schemas import (
    AccountExportSchema,
    BlockSchema,
    CreatedPlayerSchema,
    MyGamesQuerySchema,
    PlayerCreateSchema,
    PlayerGamesQuerySchema,
    PlayerSchema,
    PlayerUpdateSchema,
    ProfileSchema,
    SigninCodeSchema,
    SigninSchema,
    TurnSchema,
)
from api.stream.framing import ACCEPT_PARAMETER, NDJSON, stream_response
from api.stream.player import PlayerStreamSession, decisions_of, stream_of_looks

blp = Blueprint(
    "players",
    __name__,
    url_prefix="/api/v1/players",
    description="Players: an identity with a token, its games and its turns.",
)


@blp.route("")
class Players(MethodView):
    @blp.arguments(PlayerCreateSchema)
    @blp.response(201, CreatedPlayerSchema)
    def post(self, body: dict[str, Any]) -> Any:
        """Create a player

        Returns the player's id and its token, once: only the token's hash is stored.
        Send it as `Authorization: Bearer player.…` when creating games and joining seats
        to link them to the player. New players are budgeted per client address (10 in
        10 minutes by default; 429 `rate_limited` with `Retry-After`).
        """
        created = deps.service().accounts.create(body["name"])
        headers = {"Location": f"/api/v1/players/{created.player.id}", **NO_STORE}
        return {"player": created.player, "token": created.token}, 201, headers


@blp.route("/me")
class Me(MethodView):
    @blp.response(200, PlayerSchema)
    @blp.doc(security=PLAYER_AUTH)
    def get(self) -> Any:
        """The player of the token

        Its id, name and creation time: what a client shows as "signed in as".
        """
        return player_required()

    @blp.arguments(PlayerUpdateSchema)
    @blp.response(200, PlayerSchema)
    @blp.doc(security=PLAYER_AUTH)
    def patch(self, body: dict[str, Any]) -> Any:
        """Change your name

        Names are display names, not unique: the id identifies a player. Seats taken
        earlier keep the name they were taken under.
        """
        return deps.service().accounts.rename(player_required().id, body["name"])

    @blp.response(204)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self) -> Any:
        """Delete my account

        At once and for good: every token, grant, device, push subscription, email
        address, sign-in code and webhook of the player is removed; open seats are given
        back, seats in games under way resigned (a bot plays on), waiting seeks and open
        challenges end, tournament entries are withdrawn, ratings leave the leaderboards.
        The name is replaced by `deleted player` on the profile, every seat and every
        chat message; the games stay complete and replayable. The token sent, like every
        other, is 401 `invalid_token` afterwards. Only with the player's own sign-in
        token (scope `account`).
        """
        deps.service().account_deletion.delete(player_required().id)
        return None


@blp.route("/me/export")
class MyExport(MethodView):
    @blp.response(200, AccountExportSchema)
    @blp.doc(security=PLAYER_AUTH)
    def get(self) -> Any:
        """Download my data

        Everything stored about the player, as one JSON document: the profile, the email
        address and notice choices, every token and grant (without secrets), registered
        sites, webhooks (without signing secrets), mutes, blocks, ratings and their history,
        every
        chat message the player wrote and every game the player held a seat in (private
        ones included; each game's full record is `GET /games/{id}/record`). Only with
        the player's own sign-in token (scope `account`).
        """
        document = deps.service().account_export.export(player_required().id)
        grant = request_grant()
        current = grant.token_id if grant else None
        document["tokens"] = [{**asdict(t), "current": t.id == current} for t in document["tokens"]]
        return document, 200, NO_STORE


_BLOCKED = [
    {
        "in": "path",
        "name": "player_id",
        "required": True,
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,32}$"},
    }
]


@blp.route("/me/blocks")
class MyBlocks(MethodView):
    @blp.response(200, BlockSchema(many=True))
    @blp.paginate()
    @blp.doc(security=PLAYER_AUTH)
    def get(self, pagination_parameters: Any) -> Any:
        """The players I blocked, the latest first

        Each with its name now; paged with `page` and `page_size` (`X-Pagination`).
        """
        blocks, total = deps.service().blocks.page(
            player_required().id, pagination_parameters.page, pagination_parameters.page_size
        )
        pagination_parameters.item_count = total
        return blocks


@blp.route("/me/blocks/<player_id>", parameters=_BLOCKED)
class MyBlock(MethodView):
    @blp.response(200, BlockSchema)
    @blp.doc(security=PLAYER_AUTH)
    def put(self, player_id: str) -> Any:
        """Block a player

        No challenge between you either way (403 `blocked`), quick play never seats you
        together, and its chat messages are left out of what you read, as for a mute. The
        player is not told. Blocking again changes nothing; 422 `cannot_block_self`, 404
        `player_not_found`.
        """
        return deps.service().blocks.block(player_required().id, player_id), 200, NO_STORE

    @blp.response(204)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, player_id: str) -> Any:
        """Unblock a player

        Everything the block kept apart works again, its chat messages show again (older
        ones included). A player not blocked: no change, 204 as well.
        """
        deps.service().blocks.unblock(player_required().id, player_id)
        return None


@blp.route("/me/bot-account")
class MyBotAccount(MethodView):
    @blp.response(200, PlayerSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self) -> Any:
        """Become a bot account

        The player becomes a bot account (`bot: true` wherever players are shown): a
        program plays its games with the player token, in any number at once. It is
        seated only in bot seats (`{"kind": "bot", "player": id}`), never in a human one
        (409 `bot_account_human_seat`), and rated in the bot pools (docs/bots.md). 409
        `bot_account_not_eligible` once the player has held a seat as a person. Asking
        again changes nothing.
        """
        return deps.service().accounts.become_bot(player_required().id), 200, NO_STORE

    @blp.response(200, PlayerSchema)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self) -> Any:
        """Stop being a bot account (before its first game)

        Only while the account has held no seat: 409 `bot_account_irreversible` once it
        has played.
        """
        return deps.service().accounts.stop_bot(player_required().id), 200, NO_STORE


@blp.route("/me/signin-codes")
class SigninCodes(MethodView):
    @blp.response(201, SigninCodeSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self) -> Any:
        """Get a one-time code to sign in on another device

        Type it there into `POST /players/signin` within 10 minutes; it works once and
        replaces any earlier code of yours. Shown only here. At most 10 codes in 10
        minutes per player and per client address by default (429 `rate_limited`).
        """
        code = deps.service().accounts.issue_code(player_required().id)
        return code, 201, NO_STORE


@blp.route("/signin")
class Signin(MethodView):
    @blp.arguments(SigninSchema)
    @blp.response(201, CreatedPlayerSchema)
    def post(self, body: dict[str, Any]) -> Any:
        """Sign in on this device with a one-time code

        Answers the player and a token of this device's own (shown once). A code that is
        unknown, used or expired is 401 `invalid_signin_code`; attempts are limited per
        client address (10 in 10 minutes by default; 429 `rate_limited` with
        `Retry-After`).
        """
        created = deps.service().accounts.redeem(body["code"])
        return {"player": created.player, "token": created.token}, 201, NO_STORE


@blp.route("/me/token")
class MyToken(MethodView):
    @blp.response(204)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self) -> Any:
        """Sign out this device

        The token sent stops working; the player's other devices stay signed in.
        """
        player_required()
        deps.service().accounts.sign_out(bearer_token())
        return None


@blp.route("/me/games")
class MyGames(MethodView):
    @blp.arguments(MyGamesQuerySchema, location="query")
    @blp.response(200, GameSummarySchema(many=True))
    @blp.paginate()
    @blp.doc(security=PLAYER_AUTH)
    def get(self, query: dict[str, Any], pagination_parameters: Any) -> Any:
        """My games: where the player joined a seat, newest first

        Filter by `status`; paged like `GET /games`. Private games included.
        """
        games, total = deps.service().accounts.player_games(
            player_required().id,
            status=query.get("status"),
            page=pagination_parameters.page,
            page_size=pagination_parameters.page_size,
        )
        pagination_parameters.item_count = total
        return games


@blp.route("/me/turns")
class MyTurns(MethodView):
    @blp.response(200, TurnSchema(many=True))
    @blp.doc(security=PLAYER_AUTH)
    def get(self) -> Any:
        """Games where it is my turn: the decisions the player owes, nearest deadline first

        At most 100; play each with the seat token of that seat.
        """
        return deps.service().accounts.player_turns(player_required().id)


_STREAM_DOC = {
    "parameters": [ACCEPT_PARAMETER],
    "responses": {
        "200": stream_response(
            "`hello`, then `game_started`, `your_turn`, `game_finished`, "
            "`game_aborted`, `review_ready` and the challenges' `challenge`, `challenge_accepted`, "
            "`challenge_declined`, `challenge_cancelled`, `challenge_expired` as they commit, heartbeats at least every 15 s (docs/stream.md); "
            "the schema is one message's (an SSE event, an ndjson line)",
            "PlayerStreamEvent",
            "PlayerStreamMessage",
        )
    },
}


@blp.route("/me/stream")
class MyStream(MethodView):
    @blp.doc(security=PLAYER_AUTH, **_STREAM_DOC)
    def get(self) -> Any:
        """My events, live: games started and finished, decisions owed

        Served by the stream process like the game streams. On (re)connection the stream
        says `hello` and announces every decision the player owes now.
        """
        svc = deps.service()

        def start() -> tuple[Any, PlayerStreamSession]:
            player = player_required()
            return (
                lambda opened: (
                    svc.accounts.player_board(player.id, opened),
                    svc.challenges.for_stream(player.id, opened),
                ),
                PlayerStreamSession(player.id, decisions_of(svc, pending_document)),
            )

        return stream_of_looks(svc, start)


@blp.route(
    "/<player_id>",
    parameters=[
        {
            "in": "path",
            "name": "player_id",
            "required": True,
            "schema": {"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,32}$"},
        }
    ],
)
class Profile(MethodView):
    @blp.response(200, ProfileSchema)
    def get(self, player_id: str) -> Any:
        """A player's public profile

        Its name, its rating in each pool it has played (a game size or a 2-player
        variant) and its ten latest finished games, private ones left out. Bots have one:
        `bot-<level>`. The history behind each rating: `GET /players/{id}/ratings?pool=`.
        """
        return deps.service().accounts.player_profile(player_id)


@blp.route(
    "/<player_id>/games",
    parameters=[
        {
            "in": "path",
            "name": "player_id",
            "required": True,
            "schema": {"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,32}$"},
        }
    ],
)
class PlayerGames(MethodView):
    @blp.arguments(PlayerGamesQuerySchema, location="query")
    @blp.doc(
        responses={
            "200": {
                "description": "one `Record` (as GET /games/{id}/record) per line, for each "
                "finished game of the player that the filters keep, the oldest finish first",
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
    def get(self, query: dict[str, Any], player_id: str) -> Any:
        """A player's finished games as ndjson

        One line per game, each the game's `record` (everything needed to replay and
        verify it), the oldest finish first. Filters: `since` and `until` (when the game
        finished), `max`, `rated`, `players` (the game's size), `variant`. Private games
        only on the player's own stream (with a token that reads `profile:read`).
        Streamed: a player with thousands of games is never held in memory.
        """
        viewer = request_player()
        records = deps.service().games.player_records(
            player_id,
            viewer=viewer.id if viewer else None,
            since=query.get("since"),
            until=query.get("until"),
            most=query.get("max"),
            rated=query.get("rated"),
            players=query.get("players"),
            variant=query.get("variant"),
        )
        return records_response(records)
