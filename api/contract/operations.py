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

from service.rules.scopes import ACCOUNT, PUBLIC, SCOPES, Every, Needed, Public

#: The scopes with which a token sees the player's private tournaments (as organiser,
#: invited or entered): what reads the player, enters or organises.
TOURNAMENT_READERS: Final = ("profile:read", "tournament:enter", "tournament:organise")

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
    # reviews
    ("get", "/api/v1/games/{game_id}/review"): "getGameReview",
    ("post", "/api/v1/games/{game_id}/review"): "requestGameReview",
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
    ("get", "/api/v1/players/{player_id}/games"): "exportPlayerGames",
    ("get", "/api/v1/players/me"): "getMe",
    ("delete", "/api/v1/players/me"): "deleteMe",
    ("get", "/api/v1/players/me/export"): "exportMyData",
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
    ("get", "/api/v1/players/me/blocks"): "listBlocks",
    ("put", "/api/v1/players/me/blocks/{player_id}"): "blockPlayer",
    ("delete", "/api/v1/players/me/blocks/{player_id}"): "unblockPlayer",
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
    # tournaments
    ("get", "/api/v1/tournaments"): "listTournaments",
    ("post", "/api/v1/tournaments"): "createTournament",
    ("get", "/api/v1/tournaments/{tournament_id}"): "getTournament",
    ("delete", "/api/v1/tournaments/{tournament_id}"): "cancelTournament",
    ("post", "/api/v1/tournaments/{tournament_id}/start"): "startTournament",
    ("get", "/api/v1/tournaments/{tournament_id}/entries"): "listTournamentEntries",
    ("post", "/api/v1/tournaments/{tournament_id}/entries"): "enterTournament",
    ("delete", "/api/v1/tournaments/{tournament_id}/entries/me"): "withdrawFromTournament",
    (
        "delete",
        "/api/v1/tournaments/{tournament_id}/entries/{player_id}",
    ): "removeTournamentEntrant",
    ("post", "/api/v1/tournaments/{tournament_id}/invitations"): "inviteToTournament",
    ("get", "/api/v1/tournaments/{tournament_id}/rounds"): "listTournamentRounds",
    ("get", "/api/v1/tournaments/{tournament_id}/games"): "listTournamentGames",
    ("get", "/api/v1/tournaments/{tournament_id}/standings"): "getTournamentStandings",
    ("get", "/api/v1/tournaments/{tournament_id}/standings.csv"): "exportTournamentStandingsCsv",
    ("get", "/api/v1/tournaments/{tournament_id}/records"): "exportTournamentRecords",
    ("get", "/api/v1/tournaments/{tournament_id}/stream"): "streamTournament",
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
    # acting for players: OAuth 2 and tokens with scopes
    ("get", "/api/v1/oauth/authorization"): "getAuthorizationRequest",
    ("post", "/api/v1/oauth/authorization"): "decideAuthorizationRequest",
    ("get", "/api/v1/players/me/tokens"): "listTokens",
    ("post", "/api/v1/players/me/tokens"): "createPersonalToken",
    ("delete", "/api/v1/players/me/tokens/{token_id}"): "revokeToken",
    ("get", "/api/v1/players/me/oauth-clients"): "listOAuthClients",
    ("post", "/api/v1/players/me/oauth-clients"): "registerOAuthClient",
    ("delete", "/api/v1/players/me/oauth-clients/{client_id}"): "deleteOAuthClient",
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
    # reports and moderation
    ("post", "/api/v1/reports"): "createReport",
    ("get", "/api/v1/moderation/reports"): "listReports",
    ("post", "/api/v1/moderation/actions"): "createModerationAction",
    ("get", "/api/v1/moderation/log"): "listModerationLog",
    # rules and health
    ("get", "/api/v1/rules"): "getRules",
    ("get", "/healthz"): "getLiveness",
    ("get", "/readyz"): "getReadiness",
}

#: operationId -> what a player token needs for it (docs/api.md, "Acting for players:
#: OAuth 2", whose table lists every line): a scope of ``service.rules.scopes.SCOPES``, a
#: tuple of them (any one will do), ``Every`` of some (all of them), ``ACCOUNT`` (only the
#: player's own sign-in tokens, never a site's or a personal access token) or ``Public``
#: (open to anybody; ``reads``: the scopes with which a token is the player's there, else
#: it is answered as nobody). Nothing is open by omission: an operation of the app without
#: a line here stops the app at start-up (``api.scopes.install``). An answer that carries
#: a credential (a seat token, a creator token, an invitation code) needs ``game:play``.
#: A player's sign-in tokens have every scope. Checked before the view runs
#: (``api.scopes``: 403 ``missing_scope``); the spec names the scopes in each operation's
#: ``security`` (``api.contract.plugin``). tests/api/test_api_scopes.py checks the table,
#: tests/api/test_api_scope_reach.py calls every operation with a token of each scope.
OPERATION_SCOPES: Final[dict[str, Needed]] = {
    # games: a creation's answer carries the creator token and invitation codes (in bulk:
    # the seat tokens of the seats taken for players)
    "listGames": Public(reads=("profile:read",)),  # with it: the player's private games too
    "createGame": Every(("game:create", "game:play")),
    "createGamesInBulk": Every(("game:create", "game:play")),
    "getGame": PUBLIC,
    "abortGame": "game:create",
    # seats, actions, hints
    "joinGame": "game:play",
    "leaveSeat": "game:play",
    "resignSeat": "game:play",
    "renewSeatToken": "game:play",
    "getPendingDecision": PUBLIC,
    "submitAction": "game:play",
    "getHint": "game:play",
    "requestHint": "game:play",
    # log
    "listGameEvents": PUBLIC,
    "listPositions": PUBLIC,
    "getPosition": PUBLIC,
    "getGameRecord": PUBLIC,
    # chat: with a reading scope the players the player muted are left out
    "listChatMessages": Public(reads=("profile:read", "game:play")),
    "postChatMessage": "game:play",
    "updateChatSettings": "game:create",
    # streams: with a playing scope a player's seat sees its turns
    "streamGame": Public(reads=("game:play",)),
    "streamGames": "profile:read",
    "streamGamesPost": "profile:read",
    # players
    "createPlayer": PUBLIC,
    "signIn": PUBLIC,
    "getPlayerProfile": PUBLIC,
    "exportPlayerGames": Public(reads=("profile:read",)),  # with it: the own private games
    "listPlayerRatings": PUBLIC,
    "getMe": "profile:read",
    "deleteMe": ACCOUNT,
    "exportMyData": ACCOUNT,
    "updateMe": "profile:write",
    "listMyGames": "profile:read",
    "listMyTurns": "profile:read",
    "streamMe": "profile:read",
    "createSigninCode": ACCOUNT,
    "signOut": Public(reads=tuple(SCOPES)),  # any token may end itself, whatever its scopes
    "listMutes": "profile:read",
    "createMute": "profile:write",
    "deleteMute": "profile:write",
    "listBlocks": "profile:read",
    "blockPlayer": "profile:write",
    "unblockPlayer": "profile:write",
    # seeks: reading one's own seek mints a seat token once it is matched
    "listSeeks": PUBLIC,
    "createSeek": "seek:write",
    "streamSeeks": PUBLIC,
    "getSeek": "game:play",
    "cancelSeek": "seek:write",
    # ratings
    "listRatings": PUBLIC,
    # labels
    "getLabel": PUBLIC,
    "claimLabel": "label:organise",
    "listLabelEntries": PUBLIC,
    "enterLabel": "tournament:enter",
    "deleteLabelEntry": ("tournament:enter", "label:organise"),
    "exportLabelRecords": PUBLIC,
    "getLabelStandings": PUBLIC,
    # webhooks
    "listWebhooks": "webhook:manage",
    "createWebhook": "webhook:manage",
    "getWebhook": "webhook:manage",
    "deleteWebhook": "webhook:manage",
    "listWebhookDeliveries": "webhook:manage",
    "redeliverWebhookDelivery": "webhook:manage",
    # challenges and rematches
    "listChallenges": "challenge:read",
    "getChallenge": "challenge:read",
    "createChallenge": "challenge:write",
    "cancelChallenge": "challenge:write",
    "acceptChallenge": "challenge:write",
    "declineChallenge": "challenge:write",
    "offerRematch": "challenge:write",
    # tournaments: a private one is the player's to see with a reading scope only
    "listTournaments": Public(reads=TOURNAMENT_READERS),
    "createTournament": "tournament:organise",
    "cancelTournament": "tournament:organise",
    "startTournament": "tournament:organise",
    "removeTournamentEntrant": "tournament:organise",
    "inviteToTournament": "tournament:organise",
    "getTournament": Public(reads=TOURNAMENT_READERS),
    "listTournamentEntries": Public(reads=TOURNAMENT_READERS),
    "enterTournament": "tournament:enter",
    "withdrawFromTournament": "tournament:enter",
    "listTournamentGames": Public(reads=TOURNAMENT_READERS),
    "exportTournamentRecords": Public(reads=TOURNAMENT_READERS),
    "listTournamentRounds": Public(reads=TOURNAMENT_READERS),
    "getTournamentStandings": Public(reads=TOURNAMENT_READERS),
    "exportTournamentStandingsCsv": Public(reads=TOURNAMENT_READERS),
    "streamTournament": Public(reads=TOURNAMENT_READERS),
    # bot accounts: what the player is, decided by the player alone
    "becomeBotAccount": ACCOUNT,
    "stopBotAccount": ACCOUNT,
    # acting for players
    "getAuthorizationRequest": PUBLIC,
    "decideAuthorizationRequest": ACCOUNT,
    "listTokens": ACCOUNT,
    "createPersonalToken": ACCOUNT,
    "revokeToken": ACCOUNT,
    "listOAuthClients": ACCOUNT,
    "registerOAuthClient": ACCOUNT,
    "deleteOAuthClient": ACCOUNT,
    # reviews: reading one is open as the game is; asking for one spends the player's budget
    "getGameReview": PUBLIC,
    "requestGameReview": "game:play",
    # notices: the address and the devices are the player's own; the links in a mail carry
    # their own key
    "getNoticeChoices": "profile:read",
    "setNoticeChoices": "profile:write",
    "setEmail": ACCOUNT,
    "deleteEmail": ACCOUNT,
    "createPushSubscription": ACCOUNT,
    "deletePushSubscription": ACCOUNT,
    "verifyEmail": PUBLIC,
    "unsubscribeEmail": PUBLIC,
    "getPushKey": PUBLIC,
    # reports and moderation: reporting speaks for the player as changing its profile does;
    # moderating is done by the moderator in person, with its own sign-in token
    "createReport": "profile:write",
    "listReports": ACCOUNT,
    "createModerationAction": ACCOUNT,
    "listModerationLog": ACCOUNT,
    # rules and health
    "getRules": PUBLIC,
    "getLiveness": PUBLIC,
    "getReadiness": PUBLIC,
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
