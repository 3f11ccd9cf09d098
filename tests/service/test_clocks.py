"""Time controls on the fake clock: the bank's arithmetic, running out and the
policy that follows, correspondence days, no clock for bots, and a restart mid-decision."""

from __future__ import annotations

from datetime import timedelta

import pytest

from harness.databases import FakeClock
from service.game_service import GameService
from service.models import GameRow, SeatRow
from service.plumbing.errors import Unprocessable

BANK = {"type": "bank", "initial": 60, "increment": 5}
BOT = {"kind": "bot", "level": "random"}


def started(service: GameService, **kw) -> str:
    created = service.creation.create_game(players=3, **kw)
    for _ in created.game.open_seats:
        service.seating.join(created.game.id, "p")
    return created.game.id


def play_pending(service: GameService, game_id: str) -> int:
    """The pending human seat plays its first action; returns the seat."""
    view = service.games.get(game_id)
    seat = view.pending_seat
    service.moves.apply_action(game_id, seat, view.pending["actions"][0], expected_seq=view.seq)
    return seat


def left(service: GameService, game_id: str, clock: FakeClock) -> float:
    return (service.games.get(game_id).deadline_at - clock.now).total_seconds()


def test_the_bank_runs_while_a_decision_is_pending_and_gets_the_increment(service, clock) -> None:
    game_id = started(service, time_control=BANK)
    view = service.games.get(game_id)
    assert view.time_control == BANK and view.time_limit == 0
    assert [s.bank for s in view.seats] == [60.0] * 3
    assert left(service, game_id, clock) == 60  # the deadline is the bank running out
    clock.advance(20.25)
    seat = play_pending(service, game_id)
    after = service.games.get(game_id)
    assert after.seats[seat].bank == 60 - 20.25 + 5
    banks = [s.bank for s in after.seats]
    # The next decider's deadline is its own bank from now.
    assert left(service, game_id, clock) == banks[after.pending_seat]
    # The log entry (and so the stream's) carries the banks right after it.
    assert service.games.events(game_id)[0].after["banks"] == banks
    # Charging again: the seat's bank as it stood minus the time it took, plus 5.
    nxt = after.pending_seat
    clock.advance(3)
    assert play_pending(service, game_id) == nxt
    assert service.games.get(game_id).seats[nxt].bank == banks[nxt] - 3 + 5


def test_a_bank_that_runs_out_has_the_stand_in_play_and_leaves_the_increment(
    service, clock
) -> None:
    game_id = started(service, time_control=BANK)
    seat = service.games.get(game_id).pending_seat
    clock.advance(59.999)
    assert service.turns.due_deadlines(clock.now) == []
    assert service.turns.expire_deadline(game_id, 0) is False
    clock.advance(1)  # a second late (the sweep was slow): the bank is empty, not negative
    assert service.turns.due_deadlines(clock.now) == [(game_id, 0)]
    assert service.turns.expire_deadline(game_id, 0) is True
    view = service.games.get(game_id)
    assert service.games.events(game_id)[0].actor == "timeout"
    assert view.seats[seat].kind == "human" and view.seats[seat].timeouts == 1
    assert view.seats[seat].bank == 5  # nothing left, plus the increment


def test_a_bank_that_runs_out_under_the_bot_policy_hands_the_seat_over(service, clock) -> None:
    game_id = started(service, time_control=BANK, timeout_policy="bot")
    seat = service.games.get(game_id).pending_seat
    clock.advance(60)
    assert service.turns.expire_deadline(game_id, 0) is True
    view = service.games.get(game_id)
    assert view.seats[seat].kind == "bot" and view.seats[seat].bank is None
    assert view.pending_seat == seat and view.deadline_at is None  # a bot has no clock


def test_correspondence_gives_days_per_decision(service, clock, scheduler) -> None:
    game_id = started(service, time_control={"type": "correspondence", "days": 3})
    view = service.games.get(game_id)
    assert view.time_control == {"type": "correspondence", "days": 3}
    assert left(service, game_id, clock) == 3 * 86400
    assert scheduler.deadlines() == [(game_id, 0, view.deadline_at)]
    clock.advance(2 * 86400)
    play_pending(service, game_id)
    assert left(service, game_id, clock) == 3 * 86400  # per decision: nothing carries over
    assert all(s.bank is None for s in service.games.get(game_id).seats)


def test_per_decision_and_the_old_time_limit_are_the_same_control(service, clock) -> None:
    old = service.games.get(started(service, time_limit=45))
    new = service.games.get(started(service, time_control={"type": "per_decision", "seconds": 45}))
    for view in (old, new):
        assert view.time_control == {"type": "per_decision", "seconds": 45}
        assert view.time_limit == 45 and (view.deadline_at - clock.now).total_seconds() == 45
    none = service.games.get(started(service, time_control={"type": "none"}))
    assert none.deadline_at is None and none.time_limit == 0


def test_bot_seats_and_bot_only_games_have_no_clock(service, clock) -> None:
    bots = service.creation.create_game(players=3, seats=[BOT] * 3).game
    assert bots.time_control == {"type": "none"} and bots.time_limit == 0
    assert bots.deadline_at is None  # the sweep's recovery net is not shown as a clock
    mixed = service.creation.create_game(players=3, seats=[{"kind": "human"}, BOT, BOT],
                                time_control=BANK)  # fmt: skip
    game_id = mixed.game.id
    service.seating.join(game_id, "p")
    view = service.games.get(game_id)
    assert [s.bank for s in view.seats] == [60.0, None, None]


def bot_account(service: GameService) -> dict:
    """A new bot account's seat entry (it creates its games itself)."""
    player_id = service.accounts.create("engine").player.id
    service.accounts.become_bot(player_id)
    return {"kind": "bot", "player": player_id}


def own_game(service: GameService, seat: dict, **kw):
    """A game of the bot account's own with two `random` bots."""
    return service.creation.create_game(
        players=3, seats=[seat, BOT, BOT], player=seat["player"], **kw
    ).game


@pytest.mark.parametrize(
    ("asked", "control"),
    [
        ({"time_control": BANK}, BANK),
        ({"time_control": {"type": "per_decision", "seconds": 30}},
         {"type": "per_decision", "seconds": 30}),
        ({}, {"type": "per_decision", "seconds": 600}),  # the server's default time limit
        ({"time_control": {"type": "none"}}, {"type": "per_decision", "seconds": 600}),
        ({"time_limit": 0}, {"type": "per_decision", "seconds": 600}),
    ],
)  # fmt: skip
def test_a_game_of_bot_accounts_without_a_person_always_has_a_clock(
    service, clock, asked: dict, control: dict
) -> None:
    seat = bot_account(service)
    game = own_game(service, seat, **asked)
    assert game.status == "active" and game.time_control == control
    view = service.games.get(game.id)
    assert view.deadline_at is not None or view.pending_seat != 0


def test_a_bot_account_that_misses_two_deadlines_in_a_game_is_handed_to_the_stand_in(
    service, clock
) -> None:
    """Its program has gone: the first miss is one stand-in move (the game's policy), the
    second hands the seat over, and the bot-only game plays on to its end."""
    seat = bot_account(service)
    game_id = own_game(service, seat, time_control={"type": "per_decision", "seconds": 5}).id
    missed = 0
    for _ in range(5000):
        view = service.games.get(game_id)
        if view.status != "active":
            break
        owes = view.seats[view.pending_seat]
        if not (owes.bot_account and owes.bot_level is None):  # the service's bot plays
            assert service.turns.play_bot_turn(game_id, view.seq)
            continue
        clock.advance(5)
        assert service.turns.expire_deadline(game_id, view.seq) is True
        missed += 1
    assert service.games.get(game_id).status == "finished"
    assert missed == 2
    events = service.games.events(game_id)
    timeouts = [e for e in events if e.actor == "timeout"]
    assert [e.action is None for e in timeouts] == [False, True]  # a move, then the hand-over
    assert timeouts[1].events == [{"type": "seat_to_bot", "seat": 0, "level": "greedy",
                                   "reason": "timeout"}]  # fmt: skip
    final = service.games.get(game_id).seats[0]
    assert final.bot_level == "greedy" and final.timeouts == 2 and final.bot_account


@pytest.mark.parametrize(
    "control",
    [
        {"type": "bank", "initial": 0, "increment": 5},
        {"type": "bank", "increment": 5},
        {"type": "bank", "initial": 60, "increment": -1},
        {"type": "bank", "initial": 60, "seconds": 5},
        {"type": "correspondence", "days": 0},
        {"type": "correspondence", "days": 15},
        {"type": "per_decision", "seconds": 0},
        {"type": "sandglass"},
    ],
)
def test_bad_time_controls_are_refused_with_a_stable_code(service, control) -> None:
    with pytest.raises(Unprocessable) as err:
        service.creation.create_game(players=3, time_control=control)
    assert err.value.code == "invalid_time_control"


def test_time_limit_and_time_control_together_are_refused(service) -> None:
    with pytest.raises(Unprocessable) as err:
        service.creation.create_game(players=3, time_limit=30, time_control=BANK)
    assert err.value.code == "invalid_time_control"


def test_a_restart_mid_decision_neither_loses_time_nor_grants_any(
    service, clock, db_engine, settings, scheduler
) -> None:
    """Nothing about a running bank lives in a process: a new service (a restarted worker,
    beat or web process) on the same database finds the same deadline and charges the
    same time."""
    from service.plumbing.db import make_sessionmaker

    game_id = started(service, time_control=BANK)
    seat = service.games.get(game_id).pending_seat
    deadline = service.games.get(game_id).deadline_at
    clock.advance(30)
    del service  # the process goes away mid-decision
    later = FakeClock(clock.now + timedelta(seconds=10))  # and comes back 10 s later
    again = GameService(make_sessionmaker(db_engine), scheduler, settings, clock=later)
    assert again.games.get(game_id).deadline_at == deadline
    assert again.turns.due_deadlines(later.now) == []  # the beat's sweep: nothing due yet
    assert again.turns.upcoming_deadlines(later.now + timedelta(seconds=19)) == []
    assert again.turns.expire_deadline(game_id, 0) is False
    with again.sessions() as s:
        assert s.get(SeatRow, (game_id, seat)).bank_ms == 60_000  # untouched by any of it
        assert s.get(GameRow, game_id).deadline_at == deadline
    view = again.games.get(game_id)
    again.moves.apply_action(game_id, seat, view.pending["actions"][0], expected_seq=view.seq)
    assert again.games.get(game_id).seats[seat].bank == 60 - 40 + 5
