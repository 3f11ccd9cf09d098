"""Ratings (service/parts/ratings.py): real games played to the end through the service, rated
as the worker does, compared with what ``openskill`` computes directly from the results."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import func, select

from service.game_service import GameService
from service.models import RatedGameRow, RatingDueRow, RatingHistoryRow
from service.rules import rating_model

BOT = {"kind": "bot", "level": "random"}


def play_out(service: GameService, game_id: str) -> dict:
    """Every pending decision gets its first legal action, humans and bots alike."""
    while (view := service.games.get(game_id)).status == "active":
        actor = "bot" if view.seats[view.pending_seat].kind == "bot" else "human"
        service.moves.apply_action(
            game_id, view.pending_seat, view.pending["actions"][0], actor=actor
        )
    return view.result


def played(service: GameService, players: list[str], **kw) -> tuple[str, dict]:
    """A game whose seats are joined by ``players`` (ids), played to the end."""
    created = service.creation.create_game(players=len(players), time_limit=0, **kw)
    for player in players:
        service.seating.join(created.game.id, "x", player=player)
    return created.game.id, play_out(service, created.game.id)


def count(service: GameService, table) -> int:  # noqa: ANN001
    with service.sessions() as s:
        return s.scalar(select(func.count()).select_from(table))


def test_ratings_after_a_sequence_of_games_equal_openskill_computed_directly(
    service, scheduler
) -> None:
    """Each game counts in its pool (its size here): 3- and 4-player ratings chain apart."""
    ids = [service.accounts.create(f"p{i}").player.id for i in range(4)]
    model = PlackettLuce()
    expected = {(f"{n}p", p): model.rating(name=p) for n in (3, 4) for p in ids}
    lineups = [ids[:3], ids[1:], [ids[3], ids[0], ids[2], ids[1]], [ids[2], ids[0], ids[3]]]
    for lineup in lineups:
        game_id, result = played(service, lineup)
        assert scheduler.finished_games()[-1] == game_id  # enqueued after the commit
        assert service.ratings.rate_game(game_id) == len(lineup)
        # openskill directly: seat i is lineup[i]; its place is its index in the ranking.
        pool = f"{len(lineup)}p"
        places = [result["ranking"].index(seat) + 1 for seat in range(len(lineup))]
        new = model.rate([[expected[pool, p]] for p in lineup], ranks=places)
        for p, team in zip(lineup, new, strict=True):
            expected[pool, p] = team[0]
    board, total = service.ratings.leaderboard()
    assert total == 4 + 4  # every player played both sizes
    assert (
        service.ratings.leaderboard(pool="3p")[1] == 4
        and service.ratings.leaderboard(pool="4p")[1] == 4
    )
    got = {(r.pool, r.player_id): r for r in board}
    for key, rating in expected.items():
        assert got[key].mu == pytest.approx(rating.mu, abs=1e-9)
        assert got[key].sigma == pytest.approx(rating.sigma, abs=1e-9)
        assert got[key].ordinal == pytest.approx(rating.ordinal(), abs=1e-9)
    assert [r.ordinal for r in board] == sorted((r.ordinal for r in board), reverse=True)
    history, n = service.ratings.rating_history(ids[0])
    assert n == 3 and len(history) == 3  # p0 played games 1, 3 and 4
    assert [h.pool for h in history] == ["3p", "4p", "3p"]  # latest first
    assert history[0].mu == pytest.approx(expected["3p", ids[0]].mu)
    assert history[0].mu_before == pytest.approx(history[2].mu)  # chained within its pool
    assert service.ratings.rating_history(ids[0], pool="4p")[1] == 1
    profile = service.accounts.player_profile(ids[0])
    assert sorted(r.pool for r in profile.ratings) == ["3p", "4p"]
    assert len(profile.recent_games) == 3 and not profile.bot


def test_a_duplicated_or_replayed_game_finished_rates_once(service) -> None:
    ids = [service.accounts.create(f"p{i}").player.id for i in range(3)]
    game_id, _ = played(service, ids)
    assert count(service, RatingDueRow) == 1  # the outbox row commits with the finish
    before = service.ratings.leaderboard()
    assert before == ([], 0)
    assert service.ratings.rate_game(game_id) == 3
    after = service.ratings.leaderboard()
    assert service.ratings.rate_game(game_id) is None  # the duplicate
    assert service.ratings.rate_game(game_id) is None  # and a late replay
    assert service.ratings.leaderboard() == after
    assert count(service, RatingHistoryRow) == 3
    assert count(service, RatedGameRow) == 1 and count(service, RatingDueRow) == 0
    assert service.ratings.due_ratings(service.clock()) == []


def test_concurrent_deliveries_rate_once(service) -> None:
    import threading

    ids = [service.accounts.create(f"p{i}").player.id for i in range(3)]
    game_id, _ = played(service, ids)
    results: list = []
    threads = [
        threading.Thread(target=lambda: results.append(service.ratings.rate_game(game_id)))
        for _ in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results, key=str) == [3, None, None, None]
    assert count(service, RatingHistoryRow) == 3


def test_bots_are_rated_players_on_the_leaderboard(service) -> None:
    seats = [BOT, {"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "random"}]
    created = service.creation.create_game(players=3, seats=seats, time_limit=0)
    result = play_out(service, created.game.id)
    assert service.ratings.rate_game(created.game.id) == 2  # two levels
    board, total = service.ratings.leaderboard()
    assert total == 2 and {r.player_id for r in board} == {"bot-random", "bot-greedy"}
    assert all(r.bot and r.games == 1 for r in board)
    assert {r.name for r in board} == {"bot:random", "bot:greedy"}
    # random holds two seats: it ends with the mean of their updates (service/parts/ratings.py).
    model = PlackettLuce()
    places = [result["ranking"].index(s) + 1 for s in range(3)]
    teams = model.rate([[model.rating()] for _ in range(3)], ranks=places)
    random = next(r for r in board if r.player_id == "bot-random")
    assert random.mu == pytest.approx((teams[0][0].mu + teams[2][0].mu) / 2)
    with pytest.raises(Exception, match="no player"):
        service.ratings.rating_history("nobody")
    assert service.ratings.rating_history("bot-greedy")[1] == 1


def test_a_resigned_seat_counts_for_its_player_and_unrated_games_rate_nobody(
    service,
) -> None:
    ids = [service.accounts.create(f"p{i}").player.id for i in range(3)]
    created = service.creation.create_game(players=3, time_limit=0)
    tokens = [service.seating.join(created.game.id, "x", player=p).token for p in ids]
    service.seating.resign(created.game.id, tokens[1])  # a stand-in finishes for p1
    play_out(service, created.game.id)
    assert service.games.get(created.game.id).seats[1].resigned
    assert service.ratings.rate_game(created.game.id) == 3
    assert service.ratings.rating_history(ids[1])[1] == 1

    unrated = service.creation.create_game(players=3, time_limit=0, rated=False)
    assert unrated.game.rated is False
    for p in ids:
        service.seating.join(unrated.game.id, "x", player=p)
    play_out(service, unrated.game.id)
    assert service.ratings.due_ratings(service.clock()) == []  # nothing owed
    assert service.ratings.rate_game(unrated.game.id) == 0  # even if asked: not ratable
    assert service.ratings.rating_history(ids[0])[1] == 1


def test_a_game_with_an_anonymous_seat_is_not_rated(service) -> None:
    ids = [service.accounts.create(f"p{i}").player.id for i in range(2)]
    created = service.creation.create_game(players=3, time_limit=0)
    for p in ids:
        service.seating.join(created.game.id, "x", player=p)
    service.seating.join(created.game.id, "anonymous")
    play_out(service, created.game.id)
    assert service.ratings.rate_game(created.game.id) == 0
    assert service.ratings.leaderboard() == ([], 0)


def test_rate_accepts_ties_as_openskill_does() -> None:
    model = PlackettLuce()
    before = {"a": (30.0, 5.0), "b": (25.0, 8.0), "c": (20.0, 6.0)}
    updates = rating_model.rate(["a", "b", "c"], [1, 1, 2], before)
    direct = model.rate(
        [[model.rating(mu=m, sigma=s)] for m, s in before.values()], ranks=[1, 1, 2]
    )
    assert [(u.mu, u.sigma) for u in updates] == [(t[0].mu, t[0].sigma) for t in direct]


def test_a_seat_that_timed_out_to_a_bot_counts_for_its_player(service, clock) -> None:
    ids = [service.accounts.create(f"p{i}").player.id for i in range(3)]
    created = service.creation.create_game(players=3, time_limit=5, timeout_policy="bot")
    for p in ids:
        service.seating.join(created.game.id, "x", player=p)
    view = service.games.get(created.game.id)
    clock.advance(6)
    assert service.turns.expire_deadline(created.game.id, view.seq)
    late = service.games.get(created.game.id).seats[view.pending_seat]
    assert late.replaced_by_bot and late.player_id == ids[view.pending_seat]
    play_out(service, created.game.id)
    assert service.ratings.rate_game(created.game.id) == 3
    assert service.ratings.rating_history(ids[view.pending_seat])[1] == 1
    assert {r.player_id for r in service.ratings.leaderboard()[0]} == set(ids)  # no bot row


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_pool_migration_rebuilds_every_rating_from_the_games(backend: str, tmp_path) -> None:
    """Ratings over every size at once cannot be split: migrating to pools (0011) clears
    them and makes every finished rated game due again; rating those gives what rating
    them the first time gave, now in their pools."""
    from harness.databases import temporary_database
    from service.plumbing.config import Settings
    from service.plumbing.db import (
        downgrade_database,
        make_engine,
        make_sessionmaker,
        upgrade_database,
    )

    with temporary_database(backend, tmp_path) as url:
        upgrade_database(url)
        engine = make_engine(url)
        settings = Settings(database_url=url, auto_migrate=False, scheduler="none")
        service = GameService(make_sessionmaker(engine), settings=settings)
        ids = [service.accounts.create(f"p{i}").player.id for i in range(3)]
        game_id, _ = played(service, ids)
        assert service.ratings.rate_game(game_id) == 3
        first = service.ratings.leaderboard()

        downgrade_database(url, "0010_player_tokens")
        upgrade_database(url)
        assert count(service, RatingDueRow) == 1 and count(service, RatedGameRow) == 0
        assert service.ratings.leaderboard() == ([], 0) and count(service, RatingHistoryRow) == 0
        assert service.ratings.rate_game(game_id) == 3
        again = service.ratings.leaderboard()
        key = lambda r: (r.player_id, r.pool, r.mu, r.sigma, r.games)  # noqa: E731
        assert sorted(map(key, again[0])) == sorted(map(key, first[0]))
        assert {r.pool for r in again[0]} == {"3p"}
        engine.dispose()
