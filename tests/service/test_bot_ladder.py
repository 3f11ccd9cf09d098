"""Bot players start from the ladder's rating (``scripts.bot_ratings``), not the defaults."""

from __future__ import annotations

import json

import pytest

from scripts import bot_ratings
from service.rules import rating_model
from service.rules.rating_model import MODEL
from tests.service.test_ratings import play_out

LADDER = {"3p": {"greedy": (31.5, 2.5)}, "4p": {"random": (14.0, 2.0)}}


def test_a_bot_level_starts_from_the_ladder_in_the_pools_it_covers(service, monkeypatch) -> None:
    monkeypatch.setattr(rating_model, "ladder", lambda: LADDER)
    seats = [{"kind": "bot", "level": level} for level in ("greedy", "random", "random")]
    created = service.creation.create_game(players=3, seats=seats, time_limit=0)
    play_out(service, created.game.id)
    assert service.ratings.rate_game(created.game.id) == 2
    first = {
        level: service.ratings.rating_history(f"bot-{level}")[0][-1]
        for level in ("greedy", "random")
    }
    assert (first["greedy"].mu_before, first["greedy"].sigma_before) == (31.5, 2.5)
    # random is rated in 4p only: in 3p it starts at the model's defaults.
    assert first["random"].mu_before == pytest.approx(MODEL.mu)
    assert first["random"].sigma_before == pytest.approx(MODEL.sigma)
    board, _ = service.ratings.leaderboard(pool="3p")
    greedy = next(r for r in board if r.player_id == "bot-greedy")
    assert greedy.sigma < 2.5 + 1e-9  # rated on from there, not reset


def test_the_ladder_file_names_known_levels_and_pools() -> None:
    """The committed ladder (``python -m scripts.ladder --publish``) rates real levels in real
    pools, with sigma below the default (it rests on games)."""
    from ai.levels import BOT_LEVELS
    from service.rules.rating_model import pools

    data = json.loads(rating_model.LADDER_FILE.read_text())
    assert data["pools"] and set(data["pools"]) <= set(pools())
    for pool, levels in rating_model.ladder().items():
        assert set(levels) <= set(BOT_LEVELS) and pool in data["sources"]
        assert all(0 < sigma < MODEL.sigma for _, sigma in levels.values())


def test_humans_never_start_from_the_ladder(monkeypatch) -> None:
    monkeypatch.setattr(rating_model, "ladder", lambda: LADDER)
    assert rating_model.starting_rating("greedy", "3p") is None  # no bot- prefix: a person
    assert rating_model.starting_rating("bot-greedy", "4p") is None  # level not rated there
    assert rating_model.starting_rating("bot-greedy", "6p") is None  # pool not covered
    assert rating_model.starting_rating("bot-greedy", "3p") == (31.5, 2.5)


def test_seeding_ranks_the_bots_on_a_new_leaderboard_once(service, monkeypatch) -> None:
    """``python -m scripts.bot_ratings seed``: the ladder's ratings become the bot players'
    rows (the leaderboard ranks them by ordinal before any game); a second seed adds
    nothing, and a level rated meanwhile keeps its rating."""
    from datetime import UTC, datetime

    ladder = {"4p": {"greedy": (30.0, 2.0), "random": (15.0, 2.0), "mcts": (34.0, 3.0)}}
    monkeypatch.setattr(rating_model, "ladder", lambda: ladder)
    now = datetime(2026, 11, 24, tzinfo=UTC)
    assert service.ratings.leaderboard(pool="4p") == ([], 0)
    with service.sessions() as session, session.begin():
        assert bot_ratings.seed_ratings(session, now) == 3
    board, total = service.ratings.leaderboard(pool="4p")
    assert total == 3
    assert [r.player_id for r in board] == ["bot-mcts", "bot-greedy", "bot-random"]
    assert all(r.bot and r.games == 0 for r in board)
    assert board[1].ordinal == pytest.approx(30.0 - 3 * 2.0)
    with service.sessions() as session, session.begin():
        assert bot_ratings.seed_ratings(session, now) == 0
    assert service.ratings.leaderboard(pool="4p")[0] == board
