"""Bulk creation for sites (``Creation.create_games``): building each game of a round with
its seats already assigned, before ``Creation._store`` stores them all in one transaction."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from service.models import GameRow, PlayerRow
from service.parts.labels import Grants, check_reservable
from service.plumbing.config import Settings
from service.plumbing.errors import Unprocessable
from service.rules.bot_seats import check_human_seats
from service.rules.new_game import new_game_row
from service.rules.seat_tokens import hash_token, new_token

#: Games per bulk request: one transaction, so one request's rows stay a bounded write.
MAX_BULK = 100
SPEC_KEYS = {"players", "seats", "time_limit", "time_control", "timeout_policy", "options",
             "label", "private", "rated"}  # fmt: skip


@dataclass(frozen=True)
class BulkSeat:
    seat: int
    kind: str
    player_id: str | None = None
    #: The seat token of a seat taken for a player (shown once).
    token: str | None = None
    #: The invitation code of a human seat left open (shown once).
    invitation: str | None = None


@dataclass(frozen=True)
class BulkGame:
    id: str
    status: str
    label: str | None
    creator_token: str
    seats: list[BulkSeat]


@dataclass
class Built:
    """A game built and checked, not stored yet: its row, the creator's token and what
    each seat's answer shows; ``game`` is the engine game it starts from when it starts at
    once without a roll of its set-up (a single create's bots-only game)."""

    row: GameRow
    creator_token: str
    seats: list[BulkSeat]
    game: Any = None

    @property
    def full(self) -> bool:
        return all(s.kind == "bot" or s.token_hash is not None for s in self.row.seats)

    def view(self) -> BulkGame:
        return BulkGame(self.row.id, self.row.status, self.row.label, self.creator_token,
                        self.seats)  # fmt: skip


def build(
    settings: Settings, now: datetime, spec: dict[str, Any], grants: Grants,
    names: dict[str, str], players: Mapping[str, PlayerRow] | None = None,
) -> Built:  # fmt: skip
    """One game of the round: checked like ``create_game``, its reserved seats taken for
    their players (``names``: the known players' names) as ``grants`` allow (the seat
    token in the answer only when the player shares it with the creator) and its other
    human seats given invitation codes."""
    unknown = set(spec) - SPEC_KEYS
    if unknown:
        raise Unprocessable("invalid_option", f"unknown fields: {sorted(unknown)}")
    creator_token = new_token()
    row, _game = new_game_row(
        settings,
        now,
        creator_token,
        players=spec["players"],
        seats=spec.get("seats"),
        time_limit=spec.get("time_limit"),
        time_control=spec.get("time_control"),
        timeout_policy=spec.get("timeout_policy", "default_action"),
        options=spec.get("options"),
        seed=None,
        label=spec.get("label"),
        rated=spec.get("rated", True),
    )
    row.private = bool(spec.get("private", False))
    check_human_seats(row, players or {})
    seats = []
    for seat in row.seats:
        if seat.bot_account:  # taken by ``service.rules.bot_seats`` when the round is checked
            seats.append(BulkSeat(seat.seat, "bot", seat.reserved_for))
        elif seat.kind == "bot":
            seats.append(BulkSeat(seat.seat, "bot"))
        elif seat.reserved_for is not None:
            check_reservable(seat.reserved_for, names)
            shown = grants.token_shown(row.label, seat.reserved_for)
            token = new_token()  # the player's own comes from POST .../seats/{seat}/token
            seat.token_hash = hash_token(token)
            seat.player_id = seat.reserved_for
            seat.name = seat.name or names[seat.reserved_for]
            seat.joined_at = now
            seats.append(
                BulkSeat(seat.seat, "human", seat.player_id, token=token if shown else None)
            )
        else:
            code = new_token()
            seat.invite_hash = hash_token(code)
            seats.append(BulkSeat(seat.seat, "human", invitation=code))
    return Built(row, creator_token, seats)
