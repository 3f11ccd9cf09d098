"""Soak test of ``make run``: games through the embedded runner exactly as a user
starts it (its own var dir, Redis, worker, beat and gunicorn), several at once, bots only
and bots with a scripted human seat whose skipped decisions time out. Every game finishes,
no child of the runner dies, every game's log has no gap and no duplicate.

``make test`` plays 30 games (every path: a full-length game, scripted humans and their
timeouts); ``make soak`` plays 300 (``URSUPPE_SOAK_GAMES``)."""

from __future__ import annotations

import os
import time
from collections import Counter
from pathlib import Path

import pytest

from harness.embedded import (
    BOT,
    SHORT_DECK,
    Runner,
    assert_log_complete,
    create_game,
    free_port,
    play_humans,
    run_parallel,
    wait_finished,
)

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(1500)]

#: Most games are one round long (a two-card deck), some full-length.
GAMES = int(os.environ.get("URSUPPE_SOAK_GAMES", "30"))
FULL_LENGTH_EVERY = 30  # every 30th game plays the default deck (up to 10 rounds)
HUMAN_EVERY = 5  # every 5th game has a scripted human seat with a 1 s time limit
IN_FLIGHT = 8


def _one_game(base: str, n: int) -> tuple[dict, list[dict]]:
    if n % HUMAN_EVERY == 0:
        seats = [{"kind": "human"}, BOT, BOT]
        game_id, tokens = create_game(base, seats, time_limit=1, deck=SHORT_DECK)
        play_humans(base, game_id, tokens, seed=n, skip=0.15, poll=0.1)
    else:
        deck = None if n % FULL_LENGTH_EVERY == 1 else SHORT_DECK
        game_id, _ = create_game(base, [BOT] * 3, deck=deck)
    [game] = wait_finished(base, [game_id], timeout=600)
    return game, assert_log_complete(base, game)


def test_many_games_through_make_run(tmp_path: Path) -> None:
    runner = Runner(tmp_path / "var", free_port(), tmp_path / "run.log").start()
    try:
        base = runner.wait_up()
        started = time.monotonic()
        results = run_parallel([lambda n=n: _one_game(base, n) for n in range(GAMES)], IN_FLIGHT)
        took = time.monotonic() - started
    finally:
        status = runner.stop()
    moves = sum(len(entries) for _game, entries in results)
    actors = Counter(e["actor"] for _game, entries in results for e in entries)
    print(f"soak: {len(results)} games, {moves} moves in {took:.0f} s, actors {dict(actors)}")
    assert len(results) == GAMES
    assert all(game["status"] == "finished" for game, _ in results)
    assert actors["human"] > 0 and actors["timeout"] > 0  # both paths of a human seat ran
    assert runner.restart_lines() == [], runner.restart_lines()
    assert status == 0
