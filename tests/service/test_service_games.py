"""GameService without Flask: bots, deadlines, timeouts, scheduling and migrations."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import pytest
from sqlalchemy import func, inspect, select, update

from ai import make_bot
from engine import Game
from service.game_service import GameService
from service.models import ActionLogRow, GameRow
from service.plumbing.config import Settings
from service.plumbing.db import downgrade_database, make_engine, upgrade_database
from service.plumbing.errors import (
    Conflict,
    Forbidden,
    NotFound,
    PreconditionFailed,
    ServiceError,
    Unprocessable,
)
from service.plumbing.scheduling import NullScheduler
from service.rules import play
from service.rules.views import SeatSpec

BOT = {"kind": "bot", "level": "random"}


def started(service: GameService, players: int = 3, **kw) -> tuple[str, dict[int, str]]:
    created = service.creation.create_game(players=players, **kw)
    tokens = {}
    for _ in created.game.open_seats:
        joined = service.seating.join(created.game.id, "p")
        tokens[joined.seat] = joined.token
    return created.game.id, tokens


def log_count(service: GameService, game_id: str) -> int:
    with service.sessions() as s:
        return s.scalar(
            select(func.count()).select_from(ActionLogRow).where(ActionLogRow.game_id == game_id)
        )


def test_bot_game_plays_to_the_end_through_play_bot_turn(service, scheduler) -> None:
    created = service.creation.create_game(players=4, seats=[BOT] * 4, time_limit=0, seed=11)
    game_id = created.game.id
    assert created.game.status == "active"
    steps = 0
    while service.games.get(game_id).status == "active":
        (gid, seq) = scheduler.bot_turns()[-1]
        assert gid == game_id and seq == service.games.get(game_id).seq
        assert service.turns.play_bot_turn(game_id, seq) is True
        assert service.turns.play_bot_turn(game_id, seq) is False  # a redelivery is a no-op
        steps += 1
        assert steps < 5000
    view = service.games.get(game_id)
    assert view.status == "finished" and view.result["ranking"]
    assert log_count(service, game_id) == view.seq == steps
    assert len(scheduler.bot_turns()) == steps  # none after the end


def test_play_bot_turn_is_a_noop_for_humans_and_stale_seq(service) -> None:
    game_id, _ = started(service)
    assert service.turns.play_bot_turn(game_id, 0) is False  # a human decides
    assert service.turns.play_bot_turn(game_id, 5) is False
    assert service.turns.play_bot_turn("missing", 0) is False
    assert service.turns.play_random_turn(game_id, 0) is False


def test_a_bot_move_made_stale_by_a_hand_over_is_sent_again_at_once(
    service, scheduler, monkeypatch
) -> None:
    """Another seat resigns while the bot thinks: the resign is a log entry, so the bot's
    decision is renumbered and the move thought for the old seq is dropped; the bot's turn
    is sent again at the new seq at once (not left to the deadline sweep)."""
    import service.parts.turns as games

    game_id, tokens = started(service, seats=[BOT, {"kind": "human"}, {"kind": "human"}])
    while (view := service.games.get(game_id)).pending_seat != 0:  # play the humans to the bot
        service.moves.apply_action(game_id, view.pending_seat, view.pending["actions"][0])
    thinking = games.choose_bot_action

    def resign_meanwhile(*args, **kwargs):
        service.seating.resign(game_id, tokens[1])
        return thinking(*args, **kwargs)

    monkeypatch.setattr(games, "choose_bot_action", resign_meanwhile)
    assert service.turns.play_bot_turn(game_id, view.seq) is False
    resigned = service.games.get(game_id)
    assert resigned.seq == view.seq + 1 and resigned.pending_seat == 0
    assert resigned.pending["seq"] == resigned.seq
    assert scheduler.bot_turns()[-1] == (game_id, resigned.seq)
    monkeypatch.setattr(games, "choose_bot_action", thinking)
    assert service.turns.play_bot_turn(game_id, resigned.seq) is True
    assert log_count(service, game_id) == view.seq + 2  # the hand-over and the move


def test_a_resign_that_loses_the_race_to_a_bot_move_is_tried_again(service, monkeypatch) -> None:
    """A bot's move commits between the resign's read and its write (same version, same
    next seq): the resign is written again on a fresh read instead of failing."""
    game_id, tokens = started(service, seats=[BOT, {"kind": "human"}, {"kind": "human"}])
    while (view := service.games.get(game_id)).pending_seat != 0:  # play the humans to the bot
        service.moves.apply_action(game_id, view.pending_seat, view.pending["actions"][0])
    handing = play.hand_to_bot
    calls = []

    def bot_moves_first(*args, **kwargs):
        calls.append(args[1].seat)
        if len(calls) == 1:
            assert service.turns.play_bot_turn(game_id, view.seq) is True
        return handing(*args, **kwargs)

    monkeypatch.setattr(play, "hand_to_bot", bot_moves_first)
    service.seating.resign(game_id, tokens[1])
    assert calls == [1, 1]
    after = service.games.get(game_id)
    assert after.seats[1].resigned and after.seq == view.seq + 2
    entries = service.games.events(game_id, since=view.seq)
    assert [(e.actor, e.action is None) for e in entries] == [("bot", False), ("human", True)]


def test_a_resign_is_an_entry_in_the_log(service) -> None:
    game_id, tokens = started(service, seats=[BOT, {"kind": "human"}, {"kind": "human"}])
    before = service.games.get(game_id)
    service.seating.resign(game_id, tokens[2])
    entry = service.games.events(game_id, since=before.seq)[0]
    assert (entry.seq, entry.seat, entry.action, entry.actor) == (before.seq + 1, 2, None, "human")
    assert entry.events == [
        {"type": "seat_to_bot", "seat": 2, "level": service.settings.standin_level,
         "reason": "resigned"}
    ]  # fmt: skip


def test_broken_bot_falls_back_to_random(service, monkeypatch) -> None:
    import service.rules.bots as service_bots

    def broken(level, seed=None, time_budget=None):
        raise RuntimeError("bot crashed")

    monkeypatch.setattr(service_bots, "make_bot", broken)
    created = service.creation.create_game(players=3, seats=[BOT] * 3, time_limit=0)
    assert service.turns.play_bot_turn(created.game.id, 0) is True
    assert service.games.get(created.game.id).seq == 1


def test_slow_bot_falls_back_to_random(service, monkeypatch) -> None:
    import time

    import service.rules.bots as service_bots

    class Slow:
        name = "slow"

        def choose(self, game):
            time.sleep(3)
            return game.legal_actions()[0]

    monkeypatch.setattr(service_bots, "make_bot", lambda level, seed=None, time_budget=None: Slow())
    created = service.creation.create_game(players=3, seats=[BOT] * 3, time_limit=0)
    t0 = time.monotonic()
    assert service.turns.play_bot_turn(created.game.id, 0) is True
    assert time.monotonic() - t0 < 2.5  # budget 0.5 s in the test settings


@pytest.mark.parametrize(
    ("level", "ceiling", "expected"),
    [("mcts-fast", 2.0, 0.1), ("mcts-50ms", 2.0, 0.05), ("mcts", 0.3, 0.3), ("mcts", 2.0, 1.0)],
)
def test_each_bot_level_thinks_for_its_own_budget_under_the_ceiling(
    service, monkeypatch, level, ceiling, expected
) -> None:
    """URSUPPE_BOT_TIME_BUDGET (``bot_time_budget``) bounds a level's budget, it does not
    replace it: mcts-fast thinks its 0.1 s in the service too."""
    import dataclasses

    import ai
    import service.rules.bots as service_bots

    budgets: list[float | None] = []

    def spy(level, seed=None, time_budget=None):
        budgets.append(time_budget)
        return ai.RandomBot(seed)

    monkeypatch.setattr(service_bots, "make_bot", spy)
    service.settings = dataclasses.replace(service.settings, bot_time_budget=ceiling)
    owner = service.accounts.create("owner").player.id  # search bots need a player
    created = service.creation.create_game(
        players=3, seats=[{"kind": "bot", "level": level}] * 3, player=owner
    )
    assert service.turns.play_bot_turn(created.game.id, 0) is True
    assert budgets == [expected]


def test_human_decision_gets_a_deadline_in_the_same_write(service, scheduler, clock) -> None:
    game_id, _ = started(service, time_limit=45)
    view = service.games.get(game_id)
    assert (view.deadline_at - clock.now).total_seconds() == 45
    assert scheduler.deadlines() == [(game_id, 0, view.deadline_at)]


def test_expire_deadline_default_action_exactly_once(service, clock, scheduler) -> None:
    game_id, _ = started(service, time_limit=30)
    view = service.games.get(game_id)
    default = view.pending["actions"][0]
    with service.sessions() as s:
        row = s.get(GameRow, game_id)
        game_seed, state = row.seed, row.state
    assert service.turns.due_deadlines(clock.now) == []
    assert service.turns.expire_deadline(game_id, 0) is False  # not due yet
    clock.advance(31)
    assert service.turns.due_deadlines(clock.now) == [(game_id, 0)]
    results: list[bool] = []
    threads = [
        threading.Thread(target=lambda: results.append(service.turns.expire_deadline(game_id, 0)))
        for _ in range(6)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count(True) == 1, results
    after = service.games.get(game_id)
    assert after.seq == 1
    entry = service.games.events(game_id)[0]
    # The stand-in (greedy by default) chose the move, not "the first legal action".
    bot_seed = (game_seed * 1_000_003 + view.pending_seat) % play.MAX_SEED
    greedy = make_bot("greedy", seed=bot_seed).choose(Game.from_dict(state))
    assert (
        entry.actor == "timeout" and entry.action == greedy and default in view.pending["actions"]
    )
    assert after.seats[view.pending_seat].timeouts == 1
    assert service.turns.expire_deadline(game_id, 0) is False  # late delivery
    assert (game_id, 0) not in service.turns.due_deadlines(clock.now)


def test_expire_deadline_bot_policy_hands_the_seat_to_a_bot(service, clock, scheduler) -> None:
    game_id, tokens = started(service, time_limit=30, timeout_policy="bot")
    seat = service.games.get(game_id).pending_seat
    clock.advance(30)
    scheduler.clear()
    assert service.turns.expire_deadline(game_id, 0) is True
    assert service.turns.expire_deadline(game_id, 0) is False
    view = service.games.get(game_id)
    s = view.seats[seat]
    assert s.kind == "bot" and s.replaced_by_bot and s.timeouts == 1
    assert s.bot_level == service.settings.standin_level == "greedy"
    # The hand-over is the log's entry 1 (no engine action); the decision is renumbered.
    assert view.seq == 1 and view.pending["seq"] == 1
    assert scheduler.bot_turns() == [(game_id, 1)]
    handover = service.games.events(game_id)[0]
    assert (handover.seat, handover.action, handover.actor) == (seat, None, "timeout")
    assert handover.events == [
        {"type": "seat_to_bot", "seat": seat, "level": "greedy", "reason": "timeout"}
    ]
    with pytest.raises(Forbidden) as err:
        service.moves.apply_action(game_id, seat, view.pending["actions"][0], expected_seq=1)
    assert err.value.code == "seat_is_bot"
    assert service.turns.play_bot_turn(game_id, 0) is False  # the old number is stale
    assert service.turns.play_bot_turn(game_id, 1) is True
    assert service.games.events(game_id)[1].actor == "bot"


def test_lost_bot_turn_is_recovered_by_the_sweep(service, clock, scheduler) -> None:
    created = service.creation.create_game(players=3, seats=[BOT] * 3, time_limit=0)
    game_id = created.game.id
    assert service.turns.due_deadlines(clock.now) == []
    clock.advance(service.settings.bot_grace + 1)
    assert service.turns.due_deadlines(clock.now) == [(game_id, 0)]
    assert service.turns.expire_deadline(game_id, 0) is True
    assert service.games.get(game_id).seq == 1


def test_no_time_limit_means_no_deadline(service, scheduler) -> None:
    game_id, _ = started(service, time_limit=0)
    assert service.games.get(game_id).deadline_at is None
    assert scheduler.calls == []


def test_scheduler_failure_does_not_undo_the_commit(service) -> None:
    class Down(NullScheduler):
        def bot_turn(self, game_id, seq, *, live=True):
            raise ConnectionError("broker down")

        def deadline(self, game_id, seq, eta):
            raise ConnectionError("broker down")

    service.scheduler = Down()
    game_id, tokens = started(service, time_limit=60)
    view = service.games.get(game_id)
    result = service.moves.apply_action(
        game_id, view.pending_seat, view.pending["actions"][0], expected_seq=0
    )
    assert result.seq == 1 and service.games.get(game_id).seq == 1


def test_apply_action_errors(service) -> None:
    game_id, tokens = started(service)
    view = service.games.get(game_id)
    seat, action = view.pending_seat, view.pending["actions"][0]
    with pytest.raises(PreconditionFailed):
        service.moves.apply_action(game_id, seat, action, expected_version=view.version + 1)
    with pytest.raises(Conflict) as err:
        service.moves.apply_action(game_id, seat, action, expected_seq=3)
    assert err.value.code == "stale_seq"
    with pytest.raises(ServiceError) as err:
        service.moves.apply_action(game_id, (seat + 1) % 3, action)
    assert err.value.code == "not_your_turn" and isinstance(err.value, Conflict)
    with pytest.raises(ServiceError) as err:
        service.moves.apply_action(game_id, seat, {"type": "nonsense"})
    assert isinstance(err.value, Unprocessable)
    with pytest.raises(ValueError):
        service.moves.apply_action(game_id, seat, action, actor="ghost")
    assert service.games.get(game_id) == view and log_count(service, game_id) == 0


def test_get_version_follows_every_write(service) -> None:
    game_id, _ = started(service)
    view = service.games.get(game_id)
    assert service.games.get_version(game_id) == view.version
    service.moves.apply_action(
        game_id, view.pending_seat, view.pending["actions"][0], expected_seq=0
    )
    assert (
        service.games.get_version(game_id) == view.version + 1 == service.games.get(game_id).version
    )
    with pytest.raises(NotFound):
        service.games.get_version("no-such-game")
    seen: list[int] = []
    reader = threading.Thread(target=lambda: seen.append(service.games.get_version(game_id)))
    reader.start()
    reader.join()
    assert seen == [view.version + 1]


def test_the_version_read_leaves_pooled_connections_transactional(service) -> None:
    """On PostgreSQL the version read switches its pooled connection to autocommit
    (service/store/games.py): the connection must go back in transaction mode, found or not,
    or a later change would commit statement by statement and a rollback undo nothing."""
    game_id, _ = started(service)
    engine = service.store.engine
    for _ in range(3):
        service.games.get_version(game_id)
        with pytest.raises(NotFound):
            service.games.get_version("no-such-game")
        with engine.connect() as conn:  # the connection the reads just returned
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(label="undone"))
            conn.rollback()
    assert service.games.get(game_id).label is None


def end_pooled_connections(db_engine) -> int:
    """What a database restart does to the pool's idle connections: PostgreSQL terminates
    their backends (waited for: a backend exits asynchronously); SQLite's analogue is a
    closed handle. Returns how many were ended."""
    idle = [db_engine.raw_connection() for _ in range(db_engine.pool.checkedin())]
    for fairy in idle:
        conn = fairy.dbapi_connection
        if db_engine.dialect.name == "postgresql":
            pid = conn.info.backend_pid
            with db_engine.connect() as admin:
                admin.exec_driver_sql(f"SELECT pg_terminate_backend({pid})")
                for _ in range(500):
                    alive = f"SELECT count(*) FROM pg_stat_activity WHERE pid = {pid}"
                    if not admin.exec_driver_sql(alive).scalar():
                        break
                    time.sleep(0.01)
        else:
            conn.close()
    for fairy in idle:
        fairy.close()  # back to the pool, broken
    return len(idle)


def test_an_action_survives_the_server_ending_pooled_connections(service, db_engine) -> None:
    """Every connection is checked out with a pre-ping: one that the server ended in the
    meantime is replaced before anything is written on it, so the move is applied once
    and logged once, and reads answer as before."""
    game_id, _ = started(service)
    view = service.games.get(game_id)
    assert end_pooled_connections(db_engine) >= 1
    result = service.moves.apply_action(
        game_id, view.pending_seat, view.pending["actions"][0], expected_seq=view.seq
    )
    assert result.seq == view.seq + 1
    assert (
        service.games.get(game_id).version == view.version + 1 and log_count(service, game_id) == 1
    )
    assert end_pooled_connections(db_engine) >= 1
    assert service.games.get_version(game_id) == view.version + 1


def test_action_loses_to_a_write_between_its_read_and_its_write(service, monkeypatch) -> None:
    game_id, _ = started(service)
    view = service.games.get(game_id)
    seat, action = view.pending_seat, view.pending["actions"][0]
    step = play.apply_step

    def racing(row, *args):  # another request commits while this one computes
        monkeypatch.setattr(play, "apply_step", step)
        service.moves.apply_action(game_id, seat, action, expected_seq=0)
        return step(row, *args)

    monkeypatch.setattr(play, "apply_step", racing)
    with pytest.raises(Conflict) as err:
        service.moves.apply_action(game_id, seat, action, expected_seq=0)
    assert err.value.code == "version_conflict"
    after = service.games.get(game_id)
    assert after.version == view.version + 1 and after.seq == 1 and log_count(service, game_id) == 1


def test_timeout_actor_counts_against_the_seat(service) -> None:
    game_id, _ = started(service)
    view = service.games.get(game_id)
    seat = view.pending_seat
    result = service.moves.apply_action(
        game_id, seat, view.pending["actions"][0], expected_seq=0, actor="timeout"
    )
    after = service.games.get(game_id)
    assert result.actor == "timeout" and result.version == after.version == view.version + 1
    assert [s.timeouts for s in after.seats] == [int(s.seat == seat) for s in after.seats]
    assert service.games.events(game_id)[0].actor == "timeout"


def test_create_game_validation(service) -> None:
    for kwargs, code in [
        ({"players": 2}, "invalid_players"),
        ({"players": 3, "seats": [SeatSpec()] * 4}, "invalid_seats"),
        ({"players": 3, "seats": [{"kind": "bot", "level": "x"}] * 3}, "invalid_seats"),
        ({"players": 3, "seats": [{"kind": "robot"}] * 3}, "invalid_seats"),
        ({"players": 3, "seats": [{"colour": 1}] * 3}, "invalid_seats"),
        ({"players": 3, "time_limit": -5}, "invalid_time_limit"),
        ({"players": 3, "timeout_policy": "x"}, "invalid_timeout_policy"),
        ({"players": 3, "options": {"speed": 2}}, "invalid_option"),
        ({"players": 3, "options": {"deck": "nope"}}, "invalid_option"),
    ]:
        with pytest.raises(ServiceError) as err:
            service.creation.create_game(**kwargs)
        assert err.value.code == code, kwargs
        assert isinstance(err.value, Unprocessable)


def test_same_seed_same_game(service) -> None:
    a = service.creation.create_game(players=3, seats=[BOT] * 3, seed=5).game
    b = service.creation.create_game(players=3, seats=[BOT] * 3, seed=5).game
    assert a.public == b.public and a.pending == b.pending


def test_concurrent_joins_fill_each_seat_once(service) -> None:
    created = service.creation.create_game(players=4)
    seats: list[int] = []
    errors: list[str] = []

    def join() -> None:
        try:
            seats.append(service.seating.join(created.game.id, "x").seat)
        except ServiceError as err:
            errors.append(err.code)

    threads = [threading.Thread(target=join) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(seats) == [0, 1, 2, 3]
    assert set(errors) <= {"game_not_open", "game_full"} and len(errors) == 4
    assert service.games.get(created.game.id).status == "active"


def test_migrations_round_trip(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'mig.sqlite'}"
    upgrade_database(url)
    engine = make_engine(url)
    assert {"games", "seats", "action_log", "alembic_version"} <= set(
        inspect(engine).get_table_names()
    )
    downgrade_database(url, "base")
    assert set(inspect(engine).get_table_names()) == {"alembic_version"}
    upgrade_database(url)
    upgrade_database(url)  # idempotent
    engine.dispose()


def test_migration_matches_the_models(db_url) -> None:
    """The Alembic schema and the ORM metadata agree (no forgotten migration)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from service.models import Base

    engine = make_engine(db_url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    assert diff == []


def test_the_standin_level_is_configurable(service, settings) -> None:
    assert Settings.from_env().standin_level == "greedy"
    other = GameService(service.sessions, settings=replace(settings, standin_level="random"))
    game_id, tokens = started(other, time_limit=0)
    seat, token = next(iter(tokens.items()))
    other.seating.resign(game_id, token)
    assert other.games.get(game_id).seats[seat].bot_level == "random"
    with pytest.raises(Unprocessable):
        GameService(service.sessions, settings=replace(settings, standin_level="nobody"))


def test_positions_replay_what_the_game_showed_at_every_step(service) -> None:
    """``position(seq)`` is the public view the game showed right after entry ``seq``,
    across a resign (an entry without an action) and to the end; the set-up is 0."""
    game_id, tokens = started(service, seats=[BOT, {"kind": "human"}, {"kind": "human"}])
    shown = {service.games.get(game_id).seq: service.games.get(game_id).public}
    assert list(shown) == [0]
    while (view := service.games.get(game_id)).status == "active":
        if view.seq == 12 and not view.seats[2].resigned:
            service.seating.resign(game_id, tokens[2])
        elif view.pending_seat == 0 or view.seats[view.pending_seat].kind == "bot":
            assert service.turns.play_bot_turn(game_id, view.seq) is True
        else:
            service.moves.apply_action(game_id, view.pending_seat, view.pending["actions"][0])
        after = service.games.get(game_id)
        shown[after.seq] = after.public
    assert service.games.events(game_id, since=12, limit=1)[0].action is None  # the resign
    for seq in sorted(shown):
        assert service.games.position(game_id, seq) == {
            "game_id": game_id, "seq": seq, "state": shown[seq]
        }  # fmt: skip
    with pytest.raises(NotFound) as err:
        service.games.position(game_id, max(shown) + 1)
    assert err.value.code == "position_not_found"


def test_a_game_that_has_not_started_has_no_positions(service) -> None:
    created = service.creation.create_game(players=3, seats=[BOT, {"kind": "human"}, BOT])
    with pytest.raises(Conflict) as err:
        service.games.position(created.game.id, 0)
    assert err.value.code == "game_not_started"
