"""Positions (service/rules/positions.py): a whole game played through the service, every position
compared with a replay of the log from the start, one by one and in ranges; and the cost
bounded: a position at any seq replays fewer than ``SNAPSHOT_EVERY`` actions."""

from __future__ import annotations

from typing import Any

import pytest

from engine import replay
from service.game_service import GameService
from service.plumbing.errors import NotFound
from service.rules.positions import MAX_RANGE, SNAPSHOT_EVERY


def played(service: GameService) -> str:
    """A three-seat game played to the end with first legal actions, one seat resigned
    (handed to a bot: an entry without an action) as the entry that keeps the first
    snapshot."""
    game_id = service.creation.create_game(players=3, time_limit=0).game.id
    tokens = [service.seating.join(game_id, f"p{i}").token for i in range(3)]
    while (view := service.games.get(game_id)).status == "active":
        if view.seq + 1 == SNAPSHOT_EVERY:
            service.seating.resign(game_id, tokens[(view.pending_seat + 1) % 3])
            view = service.games.get(game_id)
        actor = "bot" if view.seats[view.pending_seat].kind == "bot" else "human"
        service.moves.apply_action(
            game_id, view.pending_seat, view.pending["actions"][0], actor=actor
        )
    return game_id


def replayed(service: GameService, game_id: str) -> list[dict[str, Any]]:
    """The public view after each entry 0..seq, replaying the whole log each time (what
    the positions were before snapshots)."""
    record = service.games.record(game_id)
    entries = service.games.events(game_id, limit=10_000)
    views = []
    for seq in range(len(entries) + 1):
        actions = [e.action for e in entries[:seq] if e.action is not None]
        views.append(replay(record["players"], record["seed"], actions).public_view())
    return views


@pytest.fixture
def game(service: GameService) -> str:
    return played(service)


def test_every_position_equals_a_replay_singly_and_in_ranges(
    service: GameService, game: str
) -> None:
    expected = replayed(service, game)
    last = len(expected) - 1
    assert last > 2 * SNAPSHOT_EVERY, "long enough to cross snapshots"
    handed = [e.seq for e in service.games.events(game, limit=10_000) if e.action is None]
    assert handed == [SNAPSHOT_EVERY], "a hand-over keeps the first snapshot"
    singles = [service.games.position(game, seq)["state"] for seq in range(last + 1)]
    assert singles == expected

    paged, first, pages = [], 0, 0
    while first is not None:
        page = service.games.positions(game, first, first + MAX_RANGE - 1)
        paged += page["items"]
        first, pages = page["next_from"], pages + 1
    assert [p["seq"] for p in paged] == list(range(last + 1))
    assert [p["state"] for p in paged] == expected
    assert pages == -(-(last + 1) // MAX_RANGE)

    # Ranges that start and end anywhere, across snapshots, equal the singles.
    for first, to in [(1, 1), (SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY + 1), (37, 80), (last, last)]:
        items = service.games.positions(game, first, to)["items"]
        assert [p["state"] for p in items] == expected[first : to + 1]


def test_a_position_replays_fewer_actions_than_the_snapshot_interval(
    service: GameService, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[int] = []
    actions = service.store.actions

    def counted(game_id: str, after: int, upto: int) -> list[tuple[int, Any]]:
        rows = actions(game_id, after, upto)
        read.append(len(rows))
        return rows

    monkeypatch.setattr(service.store, "actions", counted)
    last = service.games.get(game).seq
    for seq in (0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, last // 2, last - 1, last):
        service.games.position(game, seq)
    assert max(read) < SNAPSHOT_EVERY, read


def test_positions_refuse_what_the_log_does_not_have(service: GameService, game: str) -> None:
    last = service.games.get(game).seq
    with pytest.raises(NotFound):
        service.games.positions(game, last + 1, last + 5)
    page = service.games.positions(game, last - 2, last + 50)  # clipped to the log's end
    assert [p["seq"] for p in page["items"]] == [last - 2, last - 1, last]
    assert page["next_from"] is None
