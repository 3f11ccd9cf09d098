"""Tournaments run by the service (service/parts/tournaments.py) on the fake clock, both
databases: a Swiss from entry to the last round, byes, the service's bots at the tables,
round robin, arena, withdrawals and missed rounds, entry conditions, and restarts (a fresh
service on the same database, a step interrupted between the games of a round) that lose
nothing and pair nothing twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from service.game_service import GameService
from service.models import GameRow, TournamentRoundRow, TournamentTableRow
from service.plumbing.db import make_sessionmaker
from service.plumbing.errors import Conflict, Forbidden, NotFound
from service.rules.tournament_scoring import Table, standings
from tests.service.test_ratings import play_out


def players(service: GameService, n: int, prefix: str = "p") -> list[str]:
    return [service.accounts.create(f"{prefix}{i}").player.id for i in range(n)]


def count(service: GameService, table) -> int:  # noqa: ANN001
    with service.sessions() as s:
        return s.scalar(select(func.count()).select_from(table))


def new_tournament(service: GameService, clock, organiser: str, **terms):  # noqa: ANN001, ANN201
    terms.setdefault("name", "Autumn cup")
    terms.setdefault("format", "swiss")
    terms.setdefault("rounds", 3)
    terms.setdefault("players", 3)
    terms.setdefault("time_control", {"type": "none"})
    terms.setdefault("rated", False)
    return service.tournaments.create(organiser, starts_at=clock() + timedelta(minutes=5), **terms)


def play_round(service: GameService, tournament_id: str, number: int) -> list[str]:
    rounds = service.tournaments.rounds(tournament_id, None)
    games = [t.game_id for t in rounds[number - 1].tables]
    for game_id in games:
        play_out(service, game_id)
    return games


def recomputed(service: GameService, tournament_id: str) -> list[tuple[str, float]]:
    """The standings recomputed from the games' records and the stored byes."""
    entries = service.tournaments.entries(tournament_id, None)
    ratings = {e.player_id: e.rating or 0.0 for e in entries if e.entered_at}
    tables, byes = [], []
    for r in service.tournaments.rounds(tournament_id, None):
        byes += [b["player_id"] for b in r.byes]
        for t in r.tables:
            game = service.games.get(t.game_id)
            if game.status != "finished":
                continue
            ranking = game.result["ranking"]
            places = {s["player_id"]: ranking.index(s["seat"]) + 1 for s in t.seats
                      if s["player_id"]}  # fmt: skip
            tables.append(Table(places))
    return [
        (line.entrant, round(float(line.score), 3)) for line in standings(ratings, tables, byes)
    ]


def test_a_swiss_runs_from_entry_to_its_last_round(service, clock) -> None:
    organiser, *ids = players(service, 7)
    t = new_tournament(service, clock, organiser, rounds=3, players=3, smaller_tables=False)
    assert t.status == "upcoming" and t.entrants == 0
    for player in ids:
        service.tournaments.enter(t.id, player)
    assert service.tournaments.get(t.id, None).entrants == 6
    assert service.tournaments.sweep() == {}  # not yet
    clock.advance(300)
    report = service.tournaments.sweep()[t.id]
    assert report.started and report.paired == [1] and len(report.games) == 2
    assert service.tournaments.step(t.id).games == []  # a second step makes nothing
    with pytest.raises(Conflict):
        service.tournaments.enter(t.id, organiser)  # a Swiss is entered before its start
    for number in (1, 2, 3):
        games = play_round(service, t.id, number)
        for game_id in games:
            seats = service.games.get(game_id).seats
            assert {s.player_id for s in seats} <= set(ids)
            assert all(s.kind == "human" for s in seats)
        report = service.tournaments.step(t.id)
        assert report.closed == [number]
        assert report.paired == ([number + 1] if number < 3 else [])
        assert report.finished == (number == 3)
    tournament = service.tournaments.get(t.id, None)
    assert tournament.status == "finished" and tournament.round == 3
    table = service.tournaments.standings(t.id, None)
    assert [(s.player_id, s.score) for s in table] == recomputed(service, t.id)
    assert sum(s.score for s in table) == pytest.approx(3 * 2 * 1.5)  # 3 rounds, 2 tables
    assert count(service, GameRow) == 6
    assert service.tournaments.step(t.id).games == []  # finished: nothing more


def test_a_restart_between_the_games_of_a_round_makes_each_table_once(
    service, clock, db_engine, settings, scheduler
) -> None:
    organiser, *ids = players(service, 10)
    t = new_tournament(service, clock, organiser, rounds=2, players=3)
    for player in ids:
        service.tournaments.enter(t.id, player)
    clock.advance(300)
    real = service.creation.create_game
    made = []

    def dies_after_one(**kw):  # noqa: ANN003, ANN202
        if made:
            raise RuntimeError("the worker died")
        made.append(real(**kw))
        return made[-1]

    service.creation.create_game = dies_after_one  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        service.tournaments.step(t.id)
    service.creation.create_game = real  # type: ignore[method-assign]
    assert count(service, TournamentRoundRow) == 1 and count(service, GameRow) == 1
    # Another process, the same database: it makes the tables the pairing still lacks.
    fresh = GameService(make_sessionmaker(db_engine), scheduler, settings, clock=clock)
    report = fresh.tournaments.step(t.id)
    assert report.paired == [] and len(report.games) == 2  # 9 entrants: 3 tables of 3
    assert count(service, GameRow) == 3 and count(service, TournamentTableRow) == 3
    assert fresh.tournaments.step(t.id).games == []
    # The stored pairing is what was played: no table was paired twice.
    (round_1,) = fresh.tournaments.rounds(t.id, None)
    assert sorted(len(x.seats) for x in round_1.tables) == [3, 3, 3]
    seated = [s["player_id"] for x in round_1.tables for s in x.seats]
    assert sorted(seated) == sorted(ids)


def test_byes_and_smaller_tables(service, clock) -> None:
    organiser, *ids = players(service, 6)
    smaller = new_tournament(service, clock, organiser, players=4, rounds=1)
    fixed = new_tournament(service, clock, organiser, players=4, rounds=1, smaller_tables=False)
    for player in ids[:5]:
        service.tournaments.enter(smaller.id, player)
        service.tournaments.enter(fixed.id, player)
    clock.advance(300)
    service.tournaments.sweep()
    (r,) = service.tournaments.rounds(smaller.id, None)
    assert r.byes == [] and len(r.tables) == 1 or sorted(len(x.seats) for x in r.tables) == [4]
    (r,) = service.tournaments.rounds(fixed.id, None)
    assert len(r.byes) == 1 and [len(x.seats) for x in r.tables] == [4]
    bye = r.byes[0]["player_id"]
    lines = {s.player_id: s for s in service.tournaments.standings(fixed.id, None)}
    assert lines[bye].score == 0.5 and lines[bye].byes == 1


def test_the_services_bots_fill_the_tables(service, clock) -> None:
    organiser, *ids = players(service, 4)
    t = new_tournament(service, clock, organiser, players=4, rounds=2, service_bots="random")
    for player in ids:
        service.tournaments.enter(t.id, player)
    clock.advance(300)
    service.tournaments.sweep()
    (r,) = service.tournaments.rounds(t.id, None)
    (table,) = r.tables
    game = service.games.get(table.game_id)
    assert sorted((s.kind, s.player_id is None) for s in game.seats) == [
        ("bot", True), ("human", False), ("human", False), ("human", False),
    ]  # fmt: skip
    play_out(service, table.game_id)
    report = service.tournaments.step(t.id)
    assert report.closed == [1] and report.paired == [2]
    lines = service.tournaments.standings(t.id, None)
    assert len(lines) == 3  # the bots have no line
    # The bot's place takes its share of the table's 2 points: 1st, 2/3 ... last, 0.
    bot_seat = next(s.seat for s in game.seats if s.player_id is None)
    bot_place = service.games.get(table.game_id).result["ranking"].index(bot_seat) + 1
    assert sum(s.score for s in lines) == pytest.approx(2.0 - (4 - bot_place) / 3, abs=0.002)


def test_a_round_robin_has_its_schedule_from_the_start(service, clock) -> None:
    organiser, *ids = players(service, 7)
    t = new_tournament(service, clock, organiser, format="round_robin", rounds=None,
                       players=3, smaller_tables=False)  # fmt: skip
    for player in ids:
        service.tournaments.enter(t.id, player)
    clock.advance(300)
    service.tournaments.sweep()
    schedule = service.tournaments.rounds(t.id, None)
    assert schedule[0].status == "playing"
    assert all(r.status == "scheduled" for r in schedule[1:])
    met = set()
    with service.sessions() as s:
        for r in s.scalars(select(TournamentRoundRow)):
            for table in r.pairing["tables"]:
                met |= {frozenset((a, b)) for a in table for b in table if a != b}
    assert len(met) == 15  # every pair of the six meets
    # Every later round is listed with its tables from the start, seated as played.
    planned = {}
    for r in schedule[1:]:
        assert r.planned and not r.tables  # no game made yet: planned apart from made tables
        planned[r.number] = [[s["player_id"] for s in x.seats] for x in r.planned]
    for number in range(1, len(schedule) + 1):
        played = service.tournaments.rounds(t.id, None)[number - 1]
        if number > 1:
            assert [[s["player_id"] for s in x.seats] for x in played.tables] == planned[number]
            assert all(x.game_id for x in played.tables)
        play_round(service, t.id, number)
        service.tournaments.step(t.id)
    assert service.tournaments.get(t.id, None).status == "finished"


def test_missed_rounds_withdraw_an_entrant(service, clock) -> None:
    organiser, *ids = players(service, 7)
    t = new_tournament(service, clock, organiser, rounds=4, players=3, missed_limit=2)
    for player in ids:
        service.tournaments.enter(t.id, player)
    clock.advance(300)
    service.tournaments.sweep()
    absent = ids[0]
    for number in (1, 2):
        for table in service.tournaments.rounds(t.id, None)[number - 1].tables:
            seat = next((s["seat"] for s in table.seats if s["player_id"] == absent), None)
            if seat is not None:
                token = service.seating.seat_token(table.game_id, seat, absent)
                service.seating.resign(table.game_id, token)  # the stand-in plays on
        play_round(service, t.id, number)
        service.tournaments.step(t.id)
    entries = {e.player_id: e for e in service.tournaments.entries(t.id, None)}
    assert entries[absent].status == "withdrawn" and entries[absent].missed == 2
    round_3 = service.tournaments.rounds(t.id, None)[2]
    assert absent not in [s["player_id"] for x in round_3.tables for s in x.seats]
    assert absent in [s.player_id for s in service.tournaments.standings(t.id, None)]


def test_withdrawing_and_entry_conditions(service, clock) -> None:
    organiser, a, b, c = players(service, 4)
    t = new_tournament(service, clock, organiser, entry="invitation", private=True)
    with pytest.raises(NotFound):
        service.tournaments.get(t.id, a)  # private: not listed, not shown
    assert [x.id for x in service.tournaments.listing(a)] == []
    service.tournaments.invite(t.id, organiser, [a])
    with pytest.raises(Forbidden):
        service.tournaments.invite(t.id, a, [b])  # only the organiser invites
    assert [x.id for x in service.tournaments.listing(a)] == [t.id]
    with pytest.raises(NotFound):
        service.tournaments.enter(t.id, b)
    entry = service.tournaments.enter(t.id, a)
    assert entry.status == "entered"
    assert service.tournaments.withdraw(t.id, a).status == "withdrawn"
    assert service.tournaments.enter(t.id, a).status == "entered"  # back again
    rated = new_tournament(service, clock, organiser, min_rating=10.0)
    with pytest.raises(Forbidden) as raised:
        service.tournaments.enter(rated.id, c)
    assert raised.value.code == "rating_too_low"
    assert [x.id for x in service.tournaments.listing(None)] == [rated.id]
    assert [x.id for x in service.tournaments.enterable(c)] == [rated.id]
    cancelled = service.tournaments.cancel(rated.id, organiser)
    assert cancelled.status == "cancelled"


def test_too_few_entrants_cancel_the_tournament(service, clock) -> None:
    organiser, a = players(service, 2)
    t = new_tournament(service, clock, organiser)
    service.tournaments.enter(t.id, a)
    clock.advance(300)
    service.tournaments.sweep()
    assert service.tournaments.get(t.id, None).status == "cancelled"


def test_an_arena_pairs_whoever_waits_until_time_is_up(service, clock) -> None:
    organiser, *ids = players(service, 8)
    t = new_tournament(service, clock, organiser, format="arena", rounds=None, duration=600,
                       players=3)  # fmt: skip
    for player in ids[:6]:
        service.tournaments.enter(t.id, player)
    clock.advance(300)
    report = service.tournaments.sweep()[t.id]
    assert report.started and len(report.games) == 2
    late = service.tournaments.enter(t.id, ids[6])  # an arena may be entered while it runs
    assert late.status == "entered"
    assert late.rating == 0.0  # fixed on entry: no rating in the pool, a new player's
    first = service.tournaments.games(t.id, None)[0]
    play_out(service, first.game_id)
    clock.advance(10)
    report = service.tournaments.step(t.id)
    assert report.closed == [first.table] and len(report.games) == 1  # 3 finished + 1 late
    waiting = {s["player_id"] for s in service.tournaments.games(t.id, None)[-1].seats}
    assert ids[6] in waiting
    clock.advance(600)
    for table in service.tournaments.games(t.id, None):
        if table.status == "playing":
            play_out(service, table.game_id)
    report = service.tournaments.step(t.id)
    assert report.games == [] and report.finished
    assert service.tournaments.get(t.id, None).status == "finished"
    assert sum(s.games for s in service.tournaments.standings(t.id, None)) == 3 * 3


def test_webhooks_announce_rounds_and_the_end(service, clock) -> None:
    from dataclasses import replace

    from service.models import WebhookDeliveryRow

    service.settings = replace(service.settings, webhooks_allow_private=True)
    organiser, *ids = players(service, 4)
    events = ["tournament.round_started", "tournament.round_finished", "tournament.finished"]
    service.webhooks.create(organiser, "http://127.0.0.1:9/hook", events)
    service.webhooks.create(ids[0], "http://127.0.0.1:9/mine", ["tournament.finished"])
    t = new_tournament(service, clock, organiser, rounds=1, players=3)
    for player in ids:
        service.tournaments.enter(t.id, player)
    clock.advance(300)
    service.tournaments.sweep()
    play_round(service, t.id, 1)
    service.tournaments.step(t.id)
    service.tournaments.step(t.id)  # a repeated step announces nothing twice
    with service.sessions() as s:
        rows = s.scalars(select(WebhookDeliveryRow).order_by(WebhookDeliveryRow.created_at)).all()
        sent = sorted((r.event, r.payload["data"]["round"]) for r in rows)
        final = next(r.payload for r in rows if r.event == "tournament.finished")
    assert sent == [
        ("tournament.finished", None), ("tournament.finished", None),
        ("tournament.round_finished", 1), ("tournament.round_started", 1),
    ]  # fmt: skip
    assert final["data"]["tournament_id"] == t.id
    assert {line["player_id"] for line in final["data"]["standings"]} == set(ids)
    delivered = [c for c in service.scheduler.calls if c[0] == "webhook"]
    assert len(delivered) == 4


def test_bot_accounts_enter_only_where_allowed_and_play_their_own_seat(service, clock) -> None:
    organiser, a, b, robot = players(service, 4)
    service.accounts.become_bot(robot)
    closed = new_tournament(service, clock, organiser, players=3, rounds=1)
    with pytest.raises(Forbidden) as refused:
        service.tournaments.enter(closed.id, robot)
    assert refused.value.code == "bots_not_allowed"
    t = new_tournament(service, clock, organiser, players=3, rounds=1, bot_accounts=True)
    for player in (a, b, robot):
        service.tournaments.enter(t.id, player)
    clock.advance(300)
    (game_id,) = service.tournaments.sweep()[t.id].games
    seats = {s.player_id: s for s in service.games.get(game_id).seats}
    assert set(seats) == {a, b, robot}
    assert seats[a].kind == "human" and seats[robot].kind == "bot"


def test_steps_that_race_pair_and_make_each_table_once(service, clock) -> None:
    import threading

    organiser, *ids = players(service, 13)
    t = new_tournament(service, clock, organiser, rounds=2, players=3)
    for player in ids:
        service.tournaments.enter(t.id, player)
    clock.advance(300)
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def step() -> None:
        barrier.wait()
        try:
            service.tournaments.step(t.id)
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=step) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    service.tournaments.step(t.id)  # whatever a loser left undone, the next step does
    assert count(service, TournamentRoundRow) == 1
    assert count(service, TournamentTableRow) == 4 and count(service, GameRow) == 4
    assert all(isinstance(e, Exception) for e in errors)


def test_a_paused_bot_account_is_played_by_the_stand_in_and_misses_the_round(
    service, clock
) -> None:
    from service.models import SeatRow

    organiser, a, b, robot = players(service, 4)
    service.accounts.become_bot(robot)
    t = new_tournament(service, clock, organiser, players=3, rounds=2, bot_accounts=True)
    for player in (a, b, robot):
        service.tournaments.enter(t.id, player)
    own = [{"kind": "bot", "player": robot}, {"kind": "bot"}, {"kind": "bot"}]
    games = [service.creation.create_game(players=3, seats=own, player=robot).game.id
             for _ in range(3)]  # fmt: skip
    with service.sessions() as session:  # its seat timed out in three of its games: paused
        for seat in session.query(SeatRow).filter(SeatRow.game_id.in_(games)).all():
            if seat.player_id == robot:
                seat.timeouts = 1
        session.commit()
    assert service.creation.paused_until(robot) is not None
    clock.advance(300)
    (game_id,) = service.tournaments.sweep()[t.id].games  # made, not refused sweep after sweep
    seats = service.games.get(game_id).seats
    stand_in = [s for s in seats if s.player_id is None]
    assert len(stand_in) == 1 and stand_in[0].kind == "bot" and not stand_in[0].bot_account
    assert {s.player_id for s in seats} == {a, b, None}
    play_round(service, t.id, 1)
    # Its pause is over (an hour after the latest of those games) when round 2 is paired.
    clock.advance(3601)
    report = service.tournaments.step(t.id)
    assert report.closed == [1] and report.paired == [2]
    entries = {e.player_id: e for e in service.tournaments.entries(t.id, None)}
    assert entries[robot].missed == 1 and entries[robot].status == "entered"
    assert entries[a].missed == 0
    (table,) = service.tournaments.rounds(t.id, None)[0].tables
    place = next(s["place"] for s in table.seats if s["player_id"] == robot)
    assert place in (1, 2, 3)  # the stand-in's place is the entrant's
    line = next(s for s in service.tournaments.standings(t.id, None) if s.player_id == robot)
    assert line.games == 1
    (table_2,) = service.tournaments.rounds(t.id, None)[1].tables
    seats_2 = {s.player_id: s for s in service.games.get(table_2.game_id).seats}
    assert set(seats_2) == {a, b, robot} and seats_2[robot].bot_account
