"""The problem codes each operation may answer, declared in its error responses.

A client branches on a problem's ``code`` (docs/api.md, Errors). The spec tells it, per
operation and status, which codes it can meet: each error response lists them in its
description and in ``x-problem-codes``, and tests/api/spec_check.py fails any test whose
answer carries a code its operation does not declare, so the declaration cannot fall behind
the code.

Two sources, merged by ``declared_codes``:

- codes that follow from what the operation takes (``implied_codes``): every operation can
  be rate limited; one with a body can get a body that is not JSON, too large, of another
  media type or not of its schema; an id in its path may name nothing (``IN_COLLECTION``);
  one with a token can get a missing or unknown token; ``Idempotency-Key`` and ``If-Match``
  bring their own; one that needs a scope (``OPERATION_SCOPES``) refuses a token without
  it; one whose body holds display text (``api.display_text``: a name, a label, a message)
  refuses text that is not one line of visible text with that field's code. These are
  read off the operation as the spec states it, so a new route gets them without a line
  here;
- codes of what the operation does (``OPERATION_PROBLEMS``), by ``operationId``: the
  service's refusals, which only the operation knows.

Each code is sent with one status (``api.problems.PROBLEM_CODES_BY_STATUS``), so the
responses follow from the codes. Errors nobody plans for, 500 ``internal_error`` and 503
``unavailable`` (the database away for a moment), are the ``default`` response of every
operation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from api.contract.operations import OPERATION_SCOPES
from api.display_text import MARK
from api.problems import PROBLEM_CODES, STATUS_OF_CODE
from service.rules.scopes import PUBLIC, Public

#: Codes every operation may answer: the general request budget, when one is set.
EVERY_OPERATION: Final = ("rate_limited",)
#: Codes of a request body (it is JSON, of the declared media type, small enough, valid).
WITH_BODY: Final = ("invalid_json", "unsupported_media_type", "payload_too_large")
#: Codes of input read by a schema (body, query or path): ``validation_error``.
WITH_INPUT: Final = ("validation_error",)
#: Codes of a token: a required one missing, or one given that is unknown or revoked.
WITH_TOKEN: Final = ("missing_token", "invalid_token")
WITH_OPTIONAL_TOKEN: Final = ("invalid_token",)
#: Codes of the optional request headers, by header.
WITH_HEADER: Final[dict[str, tuple[str, ...]]] = {
    "Idempotency-Key": ("invalid_idempotency_key", "idempotency_key_reused"),
    "If-Match": ("invalid_if_match", "precondition_failed"),
}
#: The not-found code of an id in the path, by the collection the id is in: an id that
#: names nothing gets it (``/games/{game_id}`` -> ``game_not_found``).
#: A number in the path that is not a number finds no route: 404 ``not_found``.
IN_COLLECTION: Final[dict[str, tuple[str, ...]]] = {
    "games": ("game_not_found",),
    "seats": ("seat_not_found", "not_found"),
    "positions": ("position_not_found", "not_found"),
    "players": ("player_not_found",),
    "mutes": ("mute_not_found",),
    "tokens": ("token_not_found",),
    "oauth-clients": ("client_not_found",),
    "push-subscriptions": ("push_subscription_not_found",),
    "webhooks": ("webhook_not_found",),
    "deliveries": ("delivery_not_found",),
    "seeks": ("seek_not_found",),
    "challenges": ("challenge_not_found",),
    "tournaments": ("tournament_not_found",),
    "entries": ("entry_not_found",),
}
#: The codes of the ``default`` response: what no operation plans for.
UNPLANNED: Final = ("internal_error", "unavailable")

# fmt: off
#: The refusals of a game's terms (``POST /games``, ``/games/bulk``).
_GAME_TERMS: Final = (
    "label_owned", "reservation_forbidden", "bot_account_human_seat", "bot_account_paused",
    "invalid_players", "invalid_seats", "invalid_time_limit", "invalid_timeout_policy",
    "invalid_option", "invalid_label", "invalid_time_control",
)
#: A stream refused: the process or the client address holds its most.
_STREAM: Final = ("too_many_streams", "streams_full")
#: A challenge no longer open.
_CHALLENGE_CLOSED: Final = (
    "challenge_accepted", "challenge_declined", "challenge_cancelled", "challenge_expired",
)

#: operationId -> the codes of what the operation does, beyond the implied ones.
OPERATION_PROBLEMS: Final[dict[str, tuple[str, ...]]] = {
    # games
    "listGames": ("invalid_label", "invalid_cursor"),
    "createGame": ("missing_token", *_GAME_TERMS),
    "createGamesInBulk": ("invalid_bulk", "barred_from_rated", *_GAME_TERMS),
    "abortGame": ("not_creator", "game_not_open", "version_conflict"),
    # seats
    "joinGame": (
        "seat_reserved", "invitation_required", "game_not_open", "game_full", "seat_taken",
        "seat_not_found", "version_conflict", "bot_account_human_seat", "invalid_entropy",
        "barred_from_rated",
    ),
    "leaveSeat": ("wrong_seat", "not_your_seat", "game_not_open", "version_conflict"),
    "resignSeat": (
        "wrong_seat", "seat_resigned", "not_your_seat", "game_not_active", "version_conflict",
    ),
    "renewSeatToken": ("seat_resigned", "not_your_seat", "game_not_open", "version_conflict"),
    # actions
    "submitAction": (
        "wrong_seat", "seat_resigned", "seat_is_bot", "not_your_seat", "game_not_active",
        "game_over", "stale_seq", "version_conflict", "not_your_turn", "illegal_action",
        "malformed_action", "precondition_required",
    ),
    # hints
    "getHint": ("wrong_seat", "not_your_seat", "hint_not_found"),
    "requestHint": (
        "wrong_seat", "seat_resigned", "not_your_seat", "hints_not_allowed", "game_not_active",
        "not_your_turn",
    ),
    # reviews
    "getGameReview": ("game_not_finished", "review_not_found", "review_pending"),
    "requestGameReview": ("game_not_finished", "review_budget_exhausted"),
    # log
    "listPositions": ("position_not_found", "game_not_started"),
    "getPosition": ("game_not_started",),
    "getGameRecord": ("game_not_finished",),
    # chat
    "postChatMessage": (
        "chat_closed_to_spectators", "chat_ended", "chat_rate_limited", "chat_muted",
    ),
    "updateChatSettings": ("not_creator",),
    # streams
    "streamGame": ("invalid_since", *_STREAM),
    "streamGames": (
        "missing_token", "game_not_found", "invalid_since", "too_many_games",
        "nothing_to_follow", *_STREAM,
    ),
    "streamGamesPost": (
        "missing_token", "game_not_found", "invalid_since", "too_many_games",
        "nothing_to_follow", *_STREAM,
    ),
    "streamMe": _STREAM,
    "streamSeeks": _STREAM,
    "streamTournament": _STREAM,
    # challenges and rematches
    "createChallenge": (
        "muted_by_player", "player_not_found", "bot_account_paused", "invalid_players",
        "invalid_option", "invalid_time_control", "challenge_self", "invalid_challenge",
        "address_muted", "challenge_rate_limited", "challenge_target_rate_limited", "blocked",
        "barred_from_rated",
    ),
    "acceptChallenge": (
        "not_invited", "bot_account_human_seat", "blocked", "barred_from_rated",
        *_CHALLENGE_CLOSED,
    ),
    "declineChallenge": ("not_invited", "invalid_challenge", *_CHALLENGE_CLOSED),
    "cancelChallenge": ("not_challenger", *_CHALLENGE_CLOSED),
    "offerRematch": (
        "not_your_seat", "muted_by_player", "game_not_finished", "bot_account_paused",
        "rematch_unavailable", "address_muted", "challenge_rate_limited", "blocked",
        "barred_from_rated",
    ),
    # labels
    "getLabel": ("label_not_found", "invalid_label"),
    "claimLabel": ("label_owned", "invalid_label"),
    "listLabelEntries": ("label_not_found", "invalid_label"),
    "enterLabel": ("label_not_found", "invalid_label"),
    "deleteLabelEntry": ("not_entrant", "invalid_label"),
    "exportLabelRecords": ("invalid_label",),
    "getLabelStandings": ("invalid_label", "invalid_points"),
    # players
    "signIn": ("invalid_signin_code",),
    "becomeBotAccount": ("bot_account_not_eligible",),
    "stopBotAccount": ("bot_account_irreversible",),
    "createMute": ("player_not_found", "cannot_mute_self"),
    "blockPlayer": ("player_not_found", "cannot_block_self"),
    # tokens and OAuth 2
    "createPersonalToken": ("too_many_tokens", "invalid_scope"),
    "registerOAuthClient": ("invalid_redirect_uri", "too_many_clients"),
    "getAuthorizationRequest": ("invalid_authorization_request",),
    "decideAuthorizationRequest": ("invalid_authorization_request", "consent_expired"),
    # notices
    "setEmail": (
        "email_unavailable", "invalid_email", "email_ip_literal", "email_domain_not_public",
        "email_rate_limited",
    ),  # fmt: skip
    "deleteEmail": ("email_not_found",),
    "verifyEmail": ("verification_not_found",),
    "unsubscribeEmail": ("unsubscribe_not_found",),
    "createPushSubscription": (
        "push_unavailable", "too_many_push_subscriptions", "invalid_push_subscription",
    ),
    # reports and moderation
    "createReport": (
        "player_not_found", "message_not_found", "cannot_report_self", "report_rate_limited",
    ),
    "listReports": ("not_moderator",),
    "createModerationAction": (
        "not_moderator", "report_not_found", "player_not_found", "report_closed",
        "cannot_moderate_self",
    ),
    "listModerationLog": ("not_moderator",),
    # webhooks
    "createWebhook": ("too_many_webhooks", "invalid_webhook_url", "webhook_target_refused"),
    # seeks
    "createSeek": (
        "seek_exists", "bot_account_human_seat", "invalid_players", "invalid_option",
        "invalid_time_control", "invalid_seek", "barred_from_rated",
    ),
    "cancelSeek": ("seek_matched",),
    # tournaments
    "createTournament": ("invalid_players", "invalid_tournament", "tournament_rate_limited"),
    "cancelTournament": ("not_organiser", "tournament_started"),
    "startTournament": ("not_organiser", "tournament_started", "too_few_entrants"),
    "enterTournament": (
        "not_invited", "rating_too_low", "bots_not_allowed", "disqualified", "tournament_closed",
        "barred_from_rated",
    ),
    "removeTournamentEntrant": ("not_organiser",),
    "withdrawFromTournament": ("entry_not_found",),
    "inviteToTournament": ("not_organiser", "tournament_started", "invalid_tournament"),
    # service
    "getReadiness": ("not_ready",),
}
# fmt: on


def display_text_codes(body: Any, schemas: Mapping[str, Any]) -> set[str]:
    """The codes of the display-text fields (``x-display-text``) anywhere in ``body``, a
    request body as the spec states it, following references into ``schemas`` (the spec's
    ``components/schemas``)."""
    codes: set[str] = set()
    seen: set[str] = set()
    todo = [body]
    while todo:
        item = todo.pop()
        if isinstance(item, Mapping):
            if MARK in item:
                codes.add(item[MARK])
            ref = item.get("$ref")
            if isinstance(ref, str) and ref not in seen:
                seen.add(ref)
                todo.append(schemas.get(ref.rsplit("/", 1)[-1]))
            todo += [v for k, v in item.items() if k != "$ref"]
        elif isinstance(item, list):
            todo += item
    return codes


def implied_codes(
    name: str, path: str, operation: dict[str, Any], schemas: Mapping[str, Any] | None = None
) -> set[str]:
    """The codes that follow from what ``operation`` on ``path`` (as the spec states it)
    takes, and from the scope its name needs (a token without it: ``missing_scope``);
    ``schemas``, the spec's ``components/schemas``, to find display text in its body."""
    codes = set(EVERY_OPERATION)
    segments = path.split("/")
    for collection, segment in zip(segments, segments[1:], strict=False):
        if segment.startswith("{"):
            codes |= {*WITH_INPUT, *IN_COLLECTION.get(collection, ())}
    if not isinstance(OPERATION_SCOPES.get(name, PUBLIC), Public):
        codes.add("missing_scope")
    parameters = operation.get("parameters", ())
    if "requestBody" in operation:
        codes |= {*WITH_BODY, *WITH_INPUT}
        codes |= display_text_codes(operation["requestBody"], schemas or {})
    if any(p.get("in") == "query" for p in parameters):
        codes |= set(WITH_INPUT)
    security = operation.get("security") or []
    if any(requirement for requirement in security):
        codes |= set(WITH_OPTIONAL_TOKEN if {} in security else WITH_TOKEN)
    for parameter in parameters:
        if parameter.get("in") == "header":
            codes |= set(WITH_HEADER.get(parameter.get("name", ""), ()))
    return codes


def declared_codes(
    name: str, path: str, operation: dict[str, Any], schemas: Mapping[str, Any] | None = None
) -> dict[int, list[str]]:
    """Every code ``operation`` (named ``name``, on ``path``) declares, by status, in the
    enum's order; the unplanned ones, left to ``default``, are not among them."""
    codes = implied_codes(name, path, operation, schemas) | set(OPERATION_PROBLEMS.get(name, ()))
    by_status: dict[int, list[str]] = {}
    for code in PROBLEM_CODES:
        if code in codes and code not in UNPLANNED:
            by_status.setdefault(STATUS_OF_CODE[code], []).append(code)
    return dict(sorted(by_status.items()))
