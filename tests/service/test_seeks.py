"""Quick play (issue 31) on the fake clock: seekers of the same game meet, a wait that is
over fills the game with bots, one waiting seek per player, cancelling, and matching that
stays exact when many matchers race (both databases)."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from harness.databases import FakeClock
from service.game_service import GameService
from service.models import GameRow, SeatRow, SeekRow
from service.plumbing.errors import Conflict, NotFound, Unprocessable

BANK = {"type": "bank", "initial": 300, "increment": 5}


def players(service: GameService, n: int, prefix: str = "p") -> list[str]:
    return [service.accounts.create(f"{prefix}{i}").player.id for i in range(n)]


def test_seekers_of_the_same_game_meet_as_soon_as_there_are_enough(service, clock) -> None:
    ids = players(service, 3)
    first = service.seeks.post(ids[0], players=3, time_control=BANK)
    clock.advance(1)
    second = service.seeks.post(ids[1], players=3, time_control=BANK)
    clock.advance(1)
    assert first.status == second.status == "waiting"
    assert [s.id for s in service.seeks.waiting()] == [first.id, second.id]
    third = service.seeks.post(ids[2], players=3, time_control=BANK)
    assert third.status == "matched"
    game = service.games.get(third.game_id)
    assert game.status == "active" and game.time_control == BANK
    assert [s.kind for s in game.seats] == ["human"] * 3
    assert [s.player_id for s in game.seats] == ids  # each seat linked, longest waiting first
    for seek in (first, second, third):
        read = service.seeks.read(seek.id, seek.player_id)
        assert read.seek.status == "matched" and read.seek.game_id == game.id
        seat = service.seating.seat_for_token(game.id, read.token)  # the token plays that seat
        assert seat.seat == read.seek.seat and seat.player_id == seek.player_id
    assert service.seeks.waiting() == []


def test_different_games_do_not_match(service) -> None:
    a, b, c, d = players(service, 4)
    service.seeks.post(a, players=3)
    service.seeks.post(b, players=3, rated=False)
    service.seeks.post(c, players=3, time_control=BANK)
    service.seeks.post(d, players=4)
    assert len(service.seeks.waiting()) == 4
    assert service.seeks.sweep() == []  # nobody's wait is over


def test_a_wait_that_is_over_fills_the_game_with_bots_of_the_level(service, clock) -> None:
    a, b, c = players(service, 3)
    lone = service.seeks.post(a, players=4, wait=30, bot_level="random")
    service.seeks.post(b, players=5)  # another game: stays waiting
    clock.advance(29)
    assert service.seeks.sweep() == []
    late = service.seeks.post(c, players=4, wait=60, bot_level="greedy")
    clock.advance(1)
    made = service.seeks.sweep()
    assert len(made) == 1
    game = service.games.get(made[0])
    assert game.status == "active"
    # The due seek first, then whoever waits for the same game; its level fills the rest.
    assert [s.player_id for s in game.seats[:2]] == [a, c]
    assert [(s.kind, s.bot_level) for s in game.seats[2:]] == [("bot", "random")] * 2
    assert service.seeks.get(late.id, c).status == "matched"
    assert service.seeks.get(lone.id, a).game_id == game.id
    assert [s.player_id for s in service.seeks.waiting()] == [b]
    assert service.seeks.fill(lone.id) is None  # a second fill (a late ETA message) is a no-op


def test_a_variant_seek_makes_a_two_player_game(service, clock) -> None:
    (a,) = players(service, 1)
    seek = service.seeks.post(a, variant="double_1", wait=5)
    assert seek.players == 2
    clock.advance(5)
    (game_id,) = service.seeks.sweep()
    game = service.games.get(game_id)
    assert game.options["variant"] == "double_1" and game.seats[1].kind == "bot"


def test_one_waiting_seek_per_player_and_cancelling(service) -> None:
    (a,) = players(service, 1)
    seek = service.seeks.post(a, players=3)
    with pytest.raises(Conflict) as err:
        service.seeks.post(a, players=4)
    assert err.value.code == "seek_exists" and err.value.extra["seek_id"] == seek.id
    assert service.seeks.cancel(seek.id, a).status == "cancelled"
    assert service.seeks.cancel(seek.id, a).status == "cancelled"  # again: no change
    assert service.seeks.waiting() == []
    again = service.seeks.post(a, players=4)  # free to seek again
    assert again.status == "waiting"


def test_another_players_seek_is_not_found(service) -> None:
    a, b = players(service, 2)
    seek = service.seeks.post(a, players=3)
    for call in (service.seeks.get, service.seeks.read, service.seeks.cancel):
        with pytest.raises(NotFound) as err:
            call(seek.id, b)
        assert err.value.code == "seek_not_found"


def test_a_matched_seek_cannot_be_cancelled(service, clock) -> None:
    (a,) = players(service, 1)
    seek = service.seeks.post(a, players=3, wait=5)
    clock.advance(5)
    service.seeks.sweep()
    with pytest.raises(Conflict) as err:
        service.seeks.cancel(seek.id, a)
    assert err.value.code == "seek_matched" and err.value.extra["game_id"]


@pytest.mark.parametrize(
    ("kw", "code"),
    [
        ({"players": 7}, "invalid_players"),
        ({"players": 3, "variant": "double_1"}, "invalid_players"),
        ({"variant": "nope"}, "invalid_option"),
        ({"wait": 4}, "invalid_seek"),
        ({"wait": 601}, "invalid_seek"),
        ({"bot_level": "nope"}, "invalid_seek"),
        ({"bot_level": "mcts"}, "invalid_seek"),
        ({"time_control": {"type": "bank"}}, "invalid_time_control"),
    ],
)
def test_refusals(service, kw, code) -> None:
    (a,) = players(service, 1)
    with pytest.raises(Unprocessable) as err:
        service.seeks.post(a, **kw)
    assert err.value.code == code
    assert service.seeks.waiting() == []


def test_a_seek_taken_meanwhile_undoes_the_whole_game(service, clock) -> None:
    """The claim happens inside create_game's transaction: a lost claim leaves no game."""
    a, b = players(service, 2)
    seek = service.seeks.post(a, players=3, wait=5)
    with service.sessions() as session:
        row = session.get(SeekRow, seek.id)
    service.seeks.cancel(seek.id, a)  # another process cancels it after it was read
    assert service.seeks._make([row], bot_level="random") is None
    with service.sessions() as session:
        assert session.scalar(select(func.count()).select_from(GameRow)) == 0


def test_racing_matchers_match_each_seek_once(service, clock, settings) -> None:
    """Twelve 3-player seekers posting and sweeping from many threads of two services (two
    processes: their matchers do not take turns) at once: every seek in exactly one game,
    every game full, no player twice."""
    ids = players(service, 12)
    services = [service, GameService(service.sessions, None, settings, clock=clock)]
    errors: list[BaseException] = []
    start = threading.Barrier(len(ids))

    def seek(player_id: str) -> None:
        mine = services[ids.index(player_id) % 2]
        try:
            start.wait()
            mine.seeks.post(player_id, players=3, wait=5)
            mine.seeks.sweep(clock.now)
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=seek, args=(p,)) for p in ids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    clock.advance(5)
    service.seeks.sweep()  # whatever still waits gets bots
    with service.sessions() as session:
        seeks = session.scalars(select(SeekRow)).all()
        seats = session.scalars(select(SeatRow).where(SeatRow.kind == "human")).all()
    assert {s.status for s in seeks} == {"matched"}
    assert sorted(s.player_id for s in seats) == sorted(ids)  # each player seated once
    by_seat = {(s.game_id, s.seat): s.player_id for s in seats}
    assert {(s.game_id, s.seat): s.player_id for s in seeks} == by_seat
    for game_id in {s.game_id for s in seeks}:
        assert service.games.get(game_id).status == "active"


def test_the_wait_is_stored_so_a_new_service_fills_it(service, clock, settings) -> None:
    """A restart: a fresh service over the same database fills the seek when due."""
    (a,) = players(service, 1)
    seek = service.seeks.post(a, players=3, wait=10)
    other = GameService(service.sessions, None, settings, clock=clock)
    clock.advance(10)
    (game_id,) = other.seeks.sweep()
    assert other.seeks.get(seek.id, a).game_id == game_id


def test_the_scheduler_gets_the_seeks_end(service, scheduler, clock) -> None:
    calls = []
    scheduler.seek_due = lambda seek_id, eta: calls.append((seek_id, eta))
    (a,) = players(service, 1)
    seek = service.seeks.post(a, players=3, wait=20)
    assert calls == [(seek.id, seek.expires_at)]
    assert (seek.expires_at - seek.created_at).total_seconds() == 20


def test_a_lobby_notice_after_each_change(service, clock) -> None:
    from service.parts.seeks import LOBBY
    from service.plumbing.publishing import RecordingPublisher

    service.publisher = RecordingPublisher()
    (a,) = players(service, 1)
    seek = service.seeks.post(a, players=3, wait=5)
    service.seeks.cancel(seek.id, a)
    assert service.publisher.notices == [(LOBBY, 0), (LOBBY, 0)]


def test_fake_clock_is_used(service, clock: FakeClock) -> None:
    (a,) = players(service, 1)
    seek = service.seeks.post(a, players=3)
    assert seek.created_at == clock.now and seek.wait == 60


def test_the_sweep_matches_a_full_pool_nobody_matched(service, clock) -> None:
    """A process that died between posting a seek and matching it: the sweep matches."""
    from service.models import PlayerRow

    ids = players(service, 3)
    first = service.seeks.post(ids[0], players=3)
    with service.sessions.begin() as session:  # two more posted, their matcher gone
        template = session.get(SeekRow, first.id)
        for i, player_id in enumerate(ids[1:]):
            assert session.get(PlayerRow, player_id) is not None
            session.add(
                SeekRow(**{**{c.name: getattr(template, c.name) for c in SeekRow.__table__.columns},
                           "id": f"sdead{i}", "player_id": player_id})
            )  # fmt: skip
    assert service.seeks.ready() == [template.key]
    (game_id,) = service.seeks.sweep()
    assert sorted(s.player_id for s in service.games.get(game_id).seats) == sorted(ids)
