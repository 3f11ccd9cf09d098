"""What a player can be told between turns, and how often: pure values, no I/O.

A kind is one ``NoticeKind`` member with its texts in ``service/plumbing/mail/texts/*.toml``;
whoever raises it writes the notice with ``service.store.outbox.owe`` (``owe_players`` for
one not about a game's change) in its own transaction. Players choose among ``NoticeKind``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from enum import StrEnum
from typing import Final


class NoticeKind(StrEnum):
    """The notices a player may choose (``PUT /players/me/notices``)."""

    #: Your turn in a correspondence game (days per move): a turn already played is not sent.
    YOUR_TURN = "your_turn"
    #: A game of yours ended.
    GAME_END = "game_end"
    #: Someone challenged you to a game (raised when the challenge is stored).
    CHALLENGE = "challenge"
    #: A tournament you entered seated you at a table: a round began, or an arena's next
    #: game (raised in the table's creating transaction).
    TOURNAMENT = "tournament"


#: What a player who adds an address gets until they choose.
DEFAULT_KINDS: Final = (NoticeKind.YOUR_TURN, NoticeKind.GAME_END)
#: "now": one email per notice; "digest": one email per digest period with all of them.
CADENCES: Final = ("now", "digest")
#: The mail that verifies an address: not a choice, always sent (the rate limit holds).
VERIFY: Final = "verify_email"
#: A moderator acted on the player (``service.parts.moderation``): not a choice either, told
#: to every player with a verified address (unless unsubscribed) or a subscribed browser.
MODERATION: Final = "moderation"
#: The kinds sent whatever kinds the player chose.
ALWAYS: Final = (VERIFY, MODERATION)
#: The game events of ``service.store.outbox.changes`` that are notices.
#: A turn is told when it begins (``service.store.outbox.TURN_BEGAN``), not at each of its decisions.
FROM_EVENT: Final = {
    "notice.turn_began": NoticeKind.YOUR_TURN,
    "game.finished": NoticeKind.GAME_END,
}


def is_correspondence(time_control: dict | None) -> bool:
    """Turn notices are for games played over days: a correspondence time control."""
    return bool(time_control) and time_control.get("type") == "correspondence"  # type: ignore[union-attr]


def next_digest(now: datetime, period: timedelta) -> datetime:
    """The end of the digest period ``now`` falls in (periods counted from the epoch, so
    a daily digest goes out at midnight UTC)."""
    epoch = datetime(1970, 1, 1, tzinfo=now.tzinfo)
    done = (now - epoch) // period
    return epoch + (done + 1) * period


def rate_limited(sent_times: list[datetime], now: datetime, per_hour: int) -> datetime | None:
    """When the next email may go to a recipient who was sent emails at ``sent_times``
    (None: now), at most ``per_hour`` in any hour."""
    recent = sorted(t for t in sent_times if t > now - timedelta(hours=1))
    if len(recent) < per_hour:
        return None
    return recent[len(recent) - per_hour] + timedelta(hours=1)
