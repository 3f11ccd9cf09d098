"""The pending decision and submitting an action: what to decide, and the decision.

No rule of the game is known here: legal actions come from the engine via
``pending.actions`` and a refused action carries the engine's code and reason.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from api import deps
from api.auth import SEAT_OR_PLAYER_AUTH, bearer_token, idempotency_key, idempotency_key_parameter
from api.conditional import if_match_version
from api.parsing import Blueprint
from api.representations import game_document
from api.resources.actions.schemas import ActionResultSchema, ActionSubmitSchema, PendingSchema
from service.rules.views import GameView

blp = Blueprint(
    "actions",
    __name__,
    url_prefix="/api/v1/games",
    description="Play: read the pending decision, submit an action.",
)

_PENDING_SCHEMA = PendingSchema()
# An instance, not the class: webargs builds a schema from a class on every request
# (about 110,000 instructions, bench/submit_profile.py); loading keeps no state.
_SUBMIT_SCHEMA = ActionSubmitSchema()


def pending_document(game: GameView) -> dict[str, Any]:
    """``GET /games/{id}/pending``'s document (also inside a bot account's ``your_turn``)."""
    return _PENDING_SCHEMA.dump(
        {
            "game_id": game.id,
            "status": game.status,
            "seq": game.seq,
            "version": game.version,
            "deadline_at": game.deadline_at,
            "pending": game.pending if game.status == "active" else None,
        }
    )


@blp.route("/<game_id>/pending")
class Pending(MethodView):
    @blp.response(200, PendingSchema, headers={"ETag": {"schema": {"type": "string"}}})
    @blp.alt_response(304, description="Not modified")
    def get(self, game_id: str) -> Any:
        """The pending decision with every legal action

        `pending.actions` is the complete list of legal actions for `pending.seat`;
        clients submit one of them verbatim. `actions[0]` is the engine's safe default,
        which is also what a timeout plays under the `default_action` policy.
        """
        return game_document(game_id, "pending", pending_document)


@blp.route("/<game_id>/actions")
class Actions(MethodView):
    @blp.arguments(_SUBMIT_SCHEMA)
    @blp.response(200, ActionResultSchema, headers={"ETag": {"schema": {"type": "string"}}})
    @blp.doc(
        security=SEAT_OR_PLAYER_AUTH,
        parameters=[
            {
                "in": "header",
                "name": "If-Match",
                "schema": {"type": "string"},
                "description": "the game's ETag; 412 when the game changed since",
            },
            idempotency_key_parameter("a retry with the same key returns the first result"),
        ],
    )
    def post(self, body: dict[str, Any], game_id: str) -> Any:
        """Submit an action for your seat

        Authorise with the seat token, or with the player token of the player holding the
        seat (a bot account acts in all its seats so): `seat` names which of the player's
        seats, else the one whose decision is pending (403 `not_your_seat` for a seat the
        player does not hold). Optimistic concurrency: send `If-Match: <ETag>` or
        `expected_seq` in the body (one is required: 428 otherwise). With an
        `Idempotency-Key` a retried request returns the first result and never applies
        twice. An illegal action is refused with the engine's code and reason (422).
        """
        svc = deps.service()
        token = bearer_token()
        key = idempotency_key()
        has_if_match, expected_version = if_match_version()
        expected_seq = body.get("expected_seq")
        result = svc.moves.submit(
            game_id,
            token,
            body["action"],
            seat=body.get("seat"),
            expected_seq=expected_seq,
            expected_version=expected_version,
            if_match=has_if_match,
            idempotency_key=key,
        )
        headers = {"ETag": result.etag}
        if result.replayed:
            headers["Idempotent-Replayed"] = "true"
        return result, 200, headers
