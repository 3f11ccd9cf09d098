"""The tables, one module per concern; every table is imported here so that
``Base.metadata`` (Alembic, ``create_all``) knows them all, and callers import rows from
``service.models``.
"""

from service.models.base import (
    ACTORS,
    GAME_STATUSES,
    SEAT_KINDS,
    TIMEOUT_POLICIES,
    Base,
    UTCDateTime,
    utcnow,
)
from service.models.blocks import BlockRow
from service.models.challenges import ChallengeInviteRow, ChallengeRow
from service.models.chat import ChatClosedRow, ChatMessageRow, ChatMuteRow
from service.models.games import ActionLogRow, GameRow, IdempotentRequestRow, SeatRow
from service.models.hints import HintRow
from service.models.holds import SourceMarkRow
from service.models.moderation import (
    ModerationActionRow,
    ModeratorRow,
    ReportRow,
    SanctionRow,
)
from service.models.notices import NoticeRow, NoticeSettingsRow, PushSubscriptionRow
from service.models.oauth import OAuthClientRow, OAuthCodeRow
from service.models.people import LabelEntryRow, LabelRow, PlayerRow, PlayerTokenRow, SigninCodeRow
from service.models.ratings import RatedGameRow, RatingDueRow, RatingHistoryRow, RatingRow
from service.models.reviews import ReviewRow
from service.models.seeks import SeekRow
from service.models.tournaments import (
    TournamentEntryRow,
    TournamentRoundRow,
    TournamentRow,
    TournamentTableRow,
)
from service.models.webhooks import WebhookDeliveryRow, WebhookEndpointRow

__all__ = [
    "ACTORS",
    "ActionLogRow",
    "Base",
    "BlockRow",
    "ChallengeInviteRow",
    "ChallengeRow",
    "ChatClosedRow",
    "ChatMessageRow",
    "ChatMuteRow",
    "GAME_STATUSES",
    "GameRow",
    "HintRow",
    "IdempotentRequestRow",
    "LabelEntryRow",
    "LabelRow",
    "ModerationActionRow",
    "ModeratorRow",
    "OAuthClientRow",
    "OAuthCodeRow",
    "NoticeRow",
    "NoticeSettingsRow",
    "PlayerRow",
    "PlayerTokenRow",
    "PushSubscriptionRow",
    "RatedGameRow",
    "RatingDueRow",
    "RatingHistoryRow",
    "RatingRow",
    "ReportRow",
    "ReviewRow",
    "SEAT_KINDS",
    "SanctionRow",
    "SeatRow",
    "SeekRow",
    "SigninCodeRow",
    "SourceMarkRow",
    "TIMEOUT_POLICIES",
    "TournamentEntryRow",
    "TournamentRoundRow",
    "TournamentRow",
    "TournamentTableRow",
    "UTCDateTime",
    "WebhookDeliveryRow",
    "WebhookEndpointRow",
    "utcnow",
]
