"""The stable name of every operation of the API: its ``operationId``.

Generated clients name their functions after these (``create_game`` in Python, ``createGame``
in TypeScript), so a name, once published, never changes. They read verb + resource. An
endpoint added to a blueprint gets its line here; ``api.contract.plugin`` writes the names
into the spec and tests/api/test_api_contract.py fails while any operation has none.

Keyed by (method, OpenAPI path) rather than written at each route: the names are the
contract's vocabulary and read best side by side.
"""

from __future__ import annotations

from typing import Final

#: (method in lower case, path as in the spec) -> operationId.
OPERATION_IDS: Final[dict[tuple[str, str], str]] = {
    # games
    ("get", "/api/v1/games"): "listGames",
    ("post", "/api/v1/games"): "createGame",
    ("post", "/api/v1/games/bulk"): "createGamesInBulk",
    ("get", "/api/v1/games/{game_id}"): "getGame",
    ("post", "/api/v1/games/{game_id}/abort"): "abortGame",
    # seats
    ("post", "/api/v1/games/{game_id}/seats"): "joinGame",
    ("delete", "/api/v1/games/{game_id}/seats/{seat}"): "leaveSeat",
    ("post", "/api/v1/games/{game_id}/seats/{seat}/resign"): "resignSeat",
    ("post", "/api/v1/games/{game_id}/seats/{seat}/token"): "renewSeatToken",
    # actions
    ("get", "/api/v1/games/{game_id}/pending"): "getPendingDecision",
    ("post", "/api/v1/games/{game_id}/actions"): "submitAction",
    # hints
    ("get", "/api/v1/games/{game_id}/seats/{seat}/hint"): "getHint",
    ("post", "/api/v1/games/{game_id}/seats/{seat}/hint"): "requestHint",
    # log
    ("get", "/api/v1/games/{game_id}/events"): "listGameEvents",
    ("get", "/api/v1/games/{game_id}/positions"): "listPositions",
    ("get", "/api/v1/games/{game_id}/positions/{seq}"): "getPosition",
    ("get", "/api/v1/games/{game_id}/record"): "getGameRecord",
    # chat
    ("get", "/api/v1/games/{game_id}/chat"): "listChatMessages",
    ("post", "/api/v1/games/{game_id}/chat"): "postChatMessage",
    ("put", "/api/v1/games/{game_id}/chat/settings"): "updateChatSettings",
    # streams
    ("get", "/api/v1/games/{game_id}/stream"): "streamGame",
    ("get", "/api/v1/stream"): "streamGames",
    ("post", "/api/v1/stream"): "streamGamesPost",
    # players
    ("post", "/api/v1/players"): "createPlayer",
    ("post", "/api/v1/players/signin"): "signIn",
    ("get", "/api/v1/players/{player_id}"): "getPlayerProfile",
    ("get", "/api/v1/players/{player_id}/ratings"): "listPlayerRatings",
    ("get", "/api/v1/players/me"): "getMe",
    ("patch", "/api/v1/players/me"): "updateMe",
    ("post", "/api/v1/players/me/bot-account"): "becomeBotAccount",
    ("delete", "/api/v1/players/me/bot-account"): "stopBotAccount",
    ("get", "/api/v1/players/me/games"): "listMyGames",
    ("get", "/api/v1/players/me/turns"): "listMyTurns",
    ("get", "/api/v1/players/me/stream"): "streamMe",
    ("post", "/api/v1/players/me/signin-codes"): "createSigninCode",
    ("delete", "/api/v1/players/me/token"): "signOut",
    ("get", "/api/v1/players/me/mutes"): "listMutes",
    ("post", "/api/v1/players/me/mutes"): "createMute",
    ("delete", "/api/v1/players/me/mutes/{player_id}"): "deleteMute",
    # challenges
    ("get", "/api/v1/challenges"): "listChallenges",
    ("post", "/api/v1/challenges"): "createChallenge",
    ("get", "/api/v1/challenges/{challenge_id}"): "getChallenge",
    ("delete", "/api/v1/challenges/{challenge_id}"): "cancelChallenge",
    ("post", "/api/v1/challenges/{challenge_id}/accept"): "acceptChallenge",
    ("post", "/api/v1/challenges/{challenge_id}/decline"): "declineChallenge",
    ("post", "/api/v1/games/{game_id}/rematch"): "offerRematch",
    # seeks
    ("get", "/api/v1/seeks"): "listSeeks",
    ("post", "/api/v1/seeks"): "createSeek",
    ("get", "/api/v1/seeks/stream"): "streamSeeks",
    ("get", "/api/v1/seeks/{seek_id}"): "getSeek",
    ("delete", "/api/v1/seeks/{seek_id}"): "cancelSeek",
    # ratings
    ("get", "/api/v1/ratings"): "listRatings",
    # labels
    ("get", "/api/v1/labels/{label}"): "getLabel",
    ("put", "/api/v1/labels/{label}"): "claimLabel",
    ("get", "/api/v1/labels/{label}/entries"): "listLabelEntries",
    ("post", "/api/v1/labels/{label}/entries"): "enterLabel",
    ("delete", "/api/v1/labels/{label}/entries/{player_id}"): "deleteLabelEntry",
    ("get", "/api/v1/labels/{label}/records"): "exportLabelRecords",
    ("get", "/api/v1/labels/{label}/standings"): "getLabelStandings",
    # webhooks
    ("get", "/api/v1/players/me/webhooks"): "listWebhooks",
    ("post", "/api/v1/players/me/webhooks"): "createWebhook",
    ("get", "/api/v1/players/me/webhooks/{endpoint_id}"): "getWebhook",
    ("delete", "/api/v1/players/me/webhooks/{endpoint_id}"): "deleteWebhook",
    ("get", "/api/v1/players/me/webhooks/{endpoint_id}/deliveries"): "listWebhookDeliveries",
    (
        "post",
        "/api/v1/players/me/webhooks/{endpoint_id}/deliveries/{delivery_id}/redeliver",
    ): "redeliverWebhookDelivery",
    # notices
    ("get", "/api/v1/players/me/notices"): "getNoticeChoices",
    ("put", "/api/v1/players/me/notices"): "setNoticeChoices",
    ("put", "/api/v1/players/me/email"): "setEmail",
    ("delete", "/api/v1/players/me/email"): "deleteEmail",
    ("post", "/api/v1/notices/verify"): "verifyEmail",
    ("post", "/api/v1/notices/unsubscribe"): "unsubscribeEmail",
    ("get", "/api/v1/notices/push-key"): "getPushKey",
    ("post", "/api/v1/players/me/push-subscriptions"): "createPushSubscription",
    (
        "delete",
        "/api/v1/players/me/push-subscriptions/{subscription_id}",
    ): "deletePushSubscription",
    # rules and health
    ("get", "/api/v1/rules"): "getRules",
    ("get", "/healthz"): "getLiveness",
    ("get", "/readyz"): "getReadiness",
}

#: The headers an operation's success answer carries beyond the rate-limit headers that
#: every answer carries when limits are on (``HEADERS`` in ``api.contract.plugin``).
RESPONSE_HEADERS: Final[dict[str, tuple[str, ...]]] = {
    "createGame": ("ETag", "Location", "Idempotent-Replayed"),
    "getGame": ("ETag",),
    "abortGame": ("ETag",),
    "joinGame": ("ETag", "Idempotent-Replayed"),
    "leaveSeat": ("ETag",),
    "resignSeat": ("ETag",),
    "getPendingDecision": ("ETag",),
    "submitAction": ("ETag", "Idempotent-Replayed"),
    "requestHint": ("Location",),
    "createPlayer": ("Location",),
    "createSeek": ("Location",),
    "createWebhook": ("Location",),
    "getRules": ("ETag",),
}
