"""Time controls: what a game's creator may choose, and the arithmetic of banks.

A game has one control, stored on its row (``games.time_control``):

- ``none``: no deadline;
- ``per_decision`` ``seconds``: each human decision has that long (today's ``time_limit``);
- ``bank`` ``initial``, ``increment``: each human seat has a bank, like a chess clock; it runs
  from the moment a decision is offered to the moment it is applied, then gets the increment;
- ``correspondence`` ``days``: each human decision has that many days.

Only the bank needs state of its own. A seat's bank (``seats.bank_ms``) is stored as it
stood when the seat's current decision was offered, and the decision's deadline is that
moment plus the bank (``games.deadline_at``). So the time used is never counted by a
process: when the decision is applied the bank is what is left until the deadline, plus
the increment. A restart loses no time and grants none, and a bank running out is a
deadline passing, handled by the deadline machinery and the game's timeout policy.
The service's bots have no clock, and a game of them alone has none. A bot account's seat
is a human seat inside and has the game's clock; a game of bot accounts with no person
always has one (``choose``), so that no game waits forever on a program that has gone.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from service.models import GameRow, SeatRow
from service.plumbing.errors import Unprocessable

TYPES = ("none", "per_decision", "bank", "correspondence")
MAX_BANK = 24 * 3600  # seconds; longer games are correspondence games
MAX_INCREMENT = 3600
MIN_DAYS, MAX_DAYS = 1, 14
DAY = 24 * 3600


def _bad(detail: str) -> Unprocessable:
    return Unprocessable("invalid_time_control", detail)


def _whole(control: dict[str, Any], key: str, low: int, high: int) -> int:
    value = control.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _bad(f"{control.get('type')}: {key} is a whole number from {low} to {high}")
    return value


#: The clock of a game of bot accounts without a person that asked for none, when the
#: server's default time limit is none too (docs/bots.md, "Timeouts").
UNATTENDED_SECONDS = 600


def choose(
    control: dict[str, Any] | None,
    time_limit: int | None,
    default_time_limit: int,
    max_time_limit: int,
    all_bots: bool,
    unattended: bool = False,
) -> tuple[dict[str, Any], int]:
    """The checked control of a new game and its per-decision seconds (``time_limit``, 0
    unless per decision or correspondence). ``time_limit`` alone is the old way of asking
    for a per-decision control. ``all_bots``: every seat is the service's bot, so the game
    has no clock. ``unattended``: programs only, at least one a bot account (whose program
    may go away): the game gets the clock it asked for, and one asked for none gets the
    server's default per-decision limit (``UNATTENDED_SECONDS`` where that is none too)."""
    if control is not None and time_limit is not None:
        raise _bad("give time_control or time_limit, not both")
    if control is None:
        seconds = default_time_limit if time_limit is None else time_limit
        if not 0 <= seconds <= max_time_limit:
            raise Unprocessable(
                "invalid_time_limit",
                f"time_limit must be between 0 (none) and {max_time_limit} s",
            )
        control = {"type": "per_decision", "seconds": seconds} if seconds else {"type": "none"}
    if not isinstance(control, dict) or control.get("type") not in TYPES:
        raise _bad(f"time_control.type is one of {list(TYPES)}")
    kind = control["type"]
    allowed = {
        "none": {"type"},
        "per_decision": {"type", "seconds"},
        "bank": {"type", "initial", "increment"},
        "correspondence": {"type", "days"},
    }[kind]
    unknown = set(control) - allowed
    if unknown:
        raise _bad(f"{kind}: unknown fields {sorted(unknown)}")
    checked = _checked(kind, control, max_time_limit)
    if all_bots:
        return {"type": "none"}, 0
    if unattended and checked[0]["type"] == "none":
        seconds = min(default_time_limit or UNATTENDED_SECONDS, max_time_limit)
        return {"type": "per_decision", "seconds": seconds}, seconds
    return checked


def _checked(kind: str, control: dict[str, Any], max_time_limit: int) -> tuple[dict[str, Any], int]:
    if kind == "per_decision":
        seconds = _whole(control, "seconds", 1, max_time_limit)
        return {"type": kind, "seconds": seconds}, seconds
    if kind == "bank":
        initial = _whole(control, "initial", 1, MAX_BANK)
        increment = _whole({**control, "increment": control.get("increment", 0)},
                           "increment", 0, MAX_INCREMENT)  # fmt: skip
        return {"type": kind, "initial": initial, "increment": increment}, 0
    if kind == "correspondence":
        days = _whole(control, "days", MIN_DAYS, MAX_DAYS)
        return {"type": kind, "days": days}, days * DAY
    return {"type": "none"}, 0


def control_of(row: GameRow) -> dict[str, Any]:
    """The game's control (rows from before time controls have only ``time_limit``)."""
    if row.time_control:
        return row.time_control
    if row.time_limit:
        return {"type": "per_decision", "seconds": row.time_limit}
    return {"type": "none"}


def is_bank(row: GameRow) -> bool:
    return control_of(row)["type"] == "bank"


def initial_bank_ms(row: GameRow, seat: SeatRow) -> int | None:
    """A new seat's bank: the control's initial time for a human seat, none for a bot."""
    control = control_of(row)
    if control["type"] != "bank" or seat.kind != "human":
        return None
    return int(control["initial"]) * 1000


def deadline(row: GameRow, seat: SeatRow, now: datetime) -> datetime | None:
    """The deadline of a human decision offered to ``seat`` now (None: no limit)."""
    if is_bank(row):
        return now + timedelta(milliseconds=seat.bank_ms or 0)
    if row.time_limit > 0:
        return now + timedelta(seconds=row.time_limit)
    return None


def charge(row: GameRow, seat: SeatRow | None, now: datetime) -> None:
    """The pending decision of ``seat`` is being applied now: its bank becomes the time
    left until the decision's deadline (none if it ran out) plus the increment."""
    if seat is None or seat.kind != "human" or not is_bank(row) or row.deadline_at is None:
        return
    left_ms = max(0, (row.deadline_at - now) // timedelta(milliseconds=1))
    seat.bank_ms = left_ms + int(control_of(row)["increment"]) * 1000


def banks(row: GameRow) -> list[float | None] | None:
    """Each seat's bank in seconds as stored (the deciding seat's as it stood when its
    decision was offered: it runs out at ``deadline_at``), or None without banks."""
    if not is_bank(row):
        return None
    return [None if s.kind != "human" or s.bank_ms is None else s.bank_ms / 1000 for s in row.seats]
