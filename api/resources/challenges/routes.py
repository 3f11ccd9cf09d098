"""Challenges (service/parts/challenges.py; docs/api.md, "Challenges and rematches"): challenge
players to a game, answer a challenge, take one back; offer a rematch of a finished game."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView

from api import deps
from api.auth import NO_STORE, PLAYER_AUTH, player_required
from api.parsing import Blueprint
from api.resources.challenges.schemas import (
    ChallengeCreateSchema,
    ChallengeListQuerySchema,
    ChallengeSchema,
    DeclineSchema,
)

blp = Blueprint(
    "challenges",
    __name__,
    url_prefix="/api/v1",
    description="Challenges: invite players or bot accounts to a game, accept or decline; "
    "rematches of finished games.",
)
_CHALLENGE_ID = [
    {
        "in": "path",
        "name": "challenge_id",
        "required": True,
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9]{1,32}$"},
    }
]


def _location(challenge_id: str) -> dict[str, str]:
    return {"Location": f"/api/v1/challenges/{challenge_id}", **NO_STORE}


@blp.route("/challenges")
class ChallengeList(MethodView):
    @blp.arguments(ChallengeCreateSchema)
    @blp.response(201, ChallengeSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any]) -> Any:
        """Challenge players to a game

        With a player token (a person's or a bot account's). The challenger sits in seat
        0, the `invited` players in the next seats in order, the service's bots of
        `bot_level` in the rest. Each invited player gets a `challenge` message on its
        player stream and accepts or declines; the game is created when all have accepted.
        Refused: yourself (422 `challenge_self`), an unknown player (404
        `player_not_found`), a person who muted you (403 `muted_by_player`) or a player
        who wrote from your address within the hour (403 `address_muted`), a paused bot
        account (409 `bot_account_paused`), terms a game would refuse (422), search bots
        (`bot_level` or a stand-in of the `mcts` family) with the challenger's search budget
        spent (429 `rate_limited`; the game is charged to it when it is made); over the
        challenges you may offer (429 `challenge_rate_limited`) or an invited player may
        receive (429 `challenge_target_rate_limited`).
        """
        view = deps.service().challenges.create(
            player_required().id,
            body["invited"],
            players=body.get("players"),
            options=body.get("options") or {},
            time_control=body.get("time_control"),
            timeout_policy=body["timeout_policy"],
            rated=body["rated"],
            bot_level=body["bot_level"],
            expires_in=body["expires_in"],
            source=request.remote_addr,
        )
        return view, 201, _location(view.id)

    @blp.arguments(ChallengeListQuerySchema, location="query")
    @blp.response(200, ChallengeSchema(many=True))
    @blp.doc(security=PLAYER_AUTH)
    def get(self, query: dict[str, Any]) -> Any:
        """Your open challenges

        Those to you (`direction: incoming`) and those you made (`outgoing`), oldest
        first; `?direction=` keeps one kind.
        """
        views = deps.service().challenges.listing(player_required().id, query.get("direction"))
        return views, 200, NO_STORE


@blp.route("/challenges/<challenge_id>", parameters=_CHALLENGE_ID)
class ChallengeResource(MethodView):
    @blp.response(200, ChallengeSchema)
    @blp.doc(security=PLAYER_AUTH)
    def get(self, challenge_id: str) -> Any:
        """A challenge

        For its challenger and the players it invites (404 `challenge_not_found` for
        anybody else). Once accepted by all, `game_id` is the game.
        """
        return deps.service().challenges.get(challenge_id, player_required().id), 200, NO_STORE

    @blp.response(200, ChallengeSchema)
    @blp.doc(security=PLAYER_AUTH)
    def delete(self, challenge_id: str) -> Any:
        """Cancel your challenge

        Only the challenger (403 `not_challenger`), only while it is open (409
        `challenge_accepted`, `challenge_declined`, `challenge_expired`).
        """
        view = deps.service().challenges.cancel(challenge_id, player_required().id)
        return view, 200, NO_STORE


@blp.route("/challenges/<challenge_id>/accept", parameters=_CHALLENGE_ID)
class Accept(MethodView):
    @blp.response(200, ChallengeSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, challenge_id: str) -> Any:
        """Accept a challenge

        By an invited player (403 `not_invited`); accepting again changes nothing. The
        last acceptance creates the game: `status: accepted` and `game_id`; each player
        then plays its seat with its player token. 409 `challenge_expired`,
        `challenge_cancelled`, `challenge_declined`. A game with search bots is charged to
        the challenger's search budget: spent, the acceptance is refused (429
        `rate_limited`) and the challenge stays open, this invitation pending.
        """
        view = deps.service().challenges.accept(challenge_id, player_required().id)
        return view, 200, NO_STORE


@blp.route("/challenges/<challenge_id>/decline", parameters=_CHALLENGE_ID)
class Decline(MethodView):
    @blp.arguments(DeclineSchema, required=False)
    @blp.response(200, ChallengeSchema)
    @blp.doc(security=PLAYER_AUTH)
    def post(self, body: dict[str, Any], challenge_id: str) -> Any:
        """Decline a challenge

        By an invited player, with a `reason`; the challenge ends for everybody, and its
        challenger and other invited players get `challenge_declined` with the reason.
        """
        view = deps.service().challenges.decline(challenge_id, player_required().id, body["reason"])
        return view, 200, NO_STORE


@blp.route("/games/<game_id>/rematch")
class Rematch(MethodView):
    @blp.response(201, ChallengeSchema)
    @blp.alt_response(200, schema=ChallengeSchema, description="The rematch already offered")
    @blp.doc(security=PLAYER_AUTH)
    def post(self, game_id: str) -> Any:
        """Offer a rematch of a finished game

        By a player of the game (its player token; 403 `not_your_seat` otherwise): a
        challenge to the game's other players with the same seats and terms. An open
        rematch of the game is answered as it is (200). Against the service's bots only,
        the game is created at once. 409 `game_not_finished`, `rematch_unavailable` (a
        seat was joined without a player token). A game with search bots (seats or
        stand-ins) is charged to your search budget: spent, 429 `rate_limited` and nothing
        is stored. Counted with the challenges you offer (429 `challenge_rate_limited`).
        """
        view, new = deps.service().challenges.rematch(
            game_id, player_required().id, source=request.remote_addr
        )
        return view, 201 if new else 200, _location(view.id)
