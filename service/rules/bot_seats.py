"""Seating bot accounts in a game being created (a single create, a bulk round, an accepted
challenge), and keeping them out of human seats (docs/bots.md, "Bot accounts")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime

from service.models import GameRow, PlayerRow
from service.plumbing.errors import Conflict, Unprocessable
from service.rules.seat_tokens import hash_token, new_token


def check_human_seats(row: GameRow, players: Mapping[str, PlayerRow]) -> None:
    """A human seat reserved for a bot account: 409 ``bot_account_human_seat``."""
    for seat in row.seats:
        if seat.bot_account or seat.reserved_for is None:
            continue
        found = players.get(seat.reserved_for)
        if found is not None and found.bot:
            raise Conflict(
                "bot_account_human_seat",
                f"{found.id} is a bot account: seat it as {{'kind': 'bot', 'player': id}}",
            )


def seat_bot_accounts(
    row: GameRow,
    players: Mapping[str, PlayerRow],
    now: datetime,
    *,
    may_seat: Callable[[str], object],
    paused_until: Callable[[str], datetime | None],
) -> None:
    """Take the game's bot-account seats for their accounts: each must be a bot account
    (422 ``invalid_seats`` otherwise), one ``may_seat`` lets the creator seat (it raises
    when not) and not paused (409 ``bot_account_paused`` with ``paused_until``). The seat
    gets a token nobody is given: the account plays it with its player token."""
    check_human_seats(row, players)
    for seat in row.seats:
        if not seat.bot_account:
            continue
        account_id = seat.reserved_for
        assert account_id is not None  # set from the spec's player
        account = players.get(account_id)
        if account is None:
            raise Unprocessable("invalid_seats", f"no player {account_id}")
        if not account.bot:
            raise Unprocessable(
                "invalid_seats",
                f"{account_id} is not a bot account: a person's seat is {{'kind': 'human'}}",
            )
        may_seat(account_id)
        until = paused_until(account_id)
        if until is not None:
            raise Conflict(
                "bot_account_paused",
                f"the bot account {account_id} missed too many deadlines: paused until "
                f"{until.isoformat()} (docs/bots.md)",
                paused_until=until.isoformat(),
            )
        seat.token_hash = hash_token(new_token())
        seat.player_id = account_id
        seat.name = seat.name or account.name
        seat.joined_at = now
