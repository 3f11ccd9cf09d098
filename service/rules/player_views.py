"""Players: named identities holding an API token, so that one client can create games,
join seats and find its games again (a seat token alone cannot be recovered).

A player token is ``player.`` followed by 43 URL-safe characters. Seat and creator tokens
(``secrets.token_urlsafe``) never contain a dot, so the prefix tells the kinds apart without
a database look-up; like seat tokens, only the token's SHA-256 is stored.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from service.models import PlayerRow
from service.rules.described import described
from service.rules.seat_tokens import new_token

PLAYER_TOKEN_PREFIX = "player."

POOL_DESCRIPTION = (
    "the rating pool: a game size (`3p` … `6p`) or a 2-player variant, each rating on its "
    "own; `bots-` before either: the pool of games with a bot account (docs/bots.md)"
)


def is_player_token(token: str) -> bool:
    return token.startswith(PLAYER_TOKEN_PREFIX)


def new_player_token() -> str:
    return PLAYER_TOKEN_PREFIX + new_token()


def new_player_id() -> str:
    return "p" + secrets.token_hex(8)


@dataclass(frozen=True)
class PlayerView:
    id: str
    name: str
    created_at: datetime
    bot: bool = field(
        default=False,
        metadata=described("a bot account: a program plays with its token (docs/bots.md)"),
    )

    @classmethod
    def of(cls, row: PlayerRow) -> PlayerView:
        return cls(id=row.id, name=row.name, created_at=row.created_at, bot=bool(row.bot))


@dataclass(frozen=True)
class CreatedPlayer:
    player: PlayerView
    token: str


@dataclass(frozen=True)
class Turn:
    """A decision a player owes: the game, the seat, and until when."""

    game_id: str
    seat: int = field(metadata=described("your seat that owes the decision"))
    seq: int = field(metadata=described("send as expected_seq with the action"))
    pending_kind: str | None
    deadline_at: datetime | None
    label: str | None


@dataclass(frozen=True)
class BoardSeat:
    """One of a player's seats as its event stream sees it (``Accounts.player_board``)."""

    game_id: str
    seat: int
    kind: str
    status: str
    seq: int
    pending_seat: int | None
    pending_kind: str | None
    deadline_at: datetime | None
    result: dict[str, Any] | None
    label: str | None
    #: The game's review (``service.parts.reviews``): pending, ready, failed; None: none.
    review: str | None = None
    #: A bot account plays the seat: its ``your_turn`` carries the decision and the state.
    bot_account: bool = False


@dataclass(frozen=True)
class RatingView:
    """A row of the leaderboard: the player's current rating (``service.parts.ratings``)."""

    player_id: str = field(metadata=described("a player id, or bot-<level> for a bot"))
    name: str
    bot: bool = field(metadata=described("a bot: a bot level or a bot account"))
    #: The game size or 2-player variant the rating is for (``service.rules.rating_model.pool_of``).
    pool: str = field(metadata=described(POOL_DESCRIPTION))
    mu: float = field(metadata=described("the estimated skill (starts at 25)"))
    sigma: float = field(metadata=described("its uncertainty (starts at 25/3)"))
    ordinal: float = field(metadata=described("mu - 3 sigma: the leaderboard's order"))
    games: int = field(metadata=described("rated games played"))
    updated_at: datetime


@dataclass(frozen=True)
class RatingChange:
    """One rated game in a player's history: its place and its rating before and after."""

    game_id: str
    pool: str = field(metadata=described(POOL_DESCRIPTION))
    rank: int = field(metadata=described("the place in the game (1 = first)"))
    seats: int = field(metadata=described("how many seats the game had"))
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    ordinal: float
    rated_at: datetime


@dataclass(frozen=True)
class Profile:
    """What anybody may see of a player (``Accounts.player_profile``)."""

    player: PlayerView
    #: A bot: a bot level's rating identity or a bot account.
    bot: bool
    #: Until when a bot account is paused from new games (docs/bots.md), else None.
    paused_until: datetime | None
    #: The player's rating in each pool it has played, the best first.
    ratings: list[RatingView]
    #: Its latest finished games that are listed (private ones are not shown).
    recent_games: list[Any]
