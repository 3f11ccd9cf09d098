"""Bot runs (service/parts/turns.py): consecutive bot decisions in one task and one transaction
say exactly what the same decisions say when each is its own task."""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlalchemy import event

from service.game_service import GameService
from service.models import ActionLogRow, GameRow
from tests.support.schedulers import RecordingScheduler

BOT = {"kind": "bot", "level": "random"}
HUMAN = {"kind": "human"}


def _log(service: GameService, game_id: str) -> list[tuple[Any, ...]]:
    with service.sessions() as session:
        rows = session.query(ActionLogRow).filter_by(game_id=game_id).order_by(ActionLogRow.seq)
        return [
            (r.seq, r.seat, r.action, r.events, r.actor, r.after, r.state, r.created_at)
            for r in rows
        ]


def _game(service: GameService, game_id: str) -> tuple[Any, ...]:
    with service.sessions() as session:
        row = session.get(GameRow, game_id)
        return (row.state, row.public, row.result, row.seq, row.version, row.status)


def _play_out(service: GameService, game_id: str, step: Any) -> int:
    """Play the bots (``step(game_id, seq)``) and the human seats (their first legal
    action) to the end; the number of bot tasks it took."""
    tasks = 0
    for _ in range(5000):
        view = service.games.get(game_id)
        if view.status != "active":
            return tasks
        seat = view.seats[view.pending_seat]
        if seat.kind == "bot":
            assert step(game_id, view.seq) is True
            assert step(game_id, view.seq) is False  # a redelivery is a no-op
            tasks += 1
        else:
            service.moves.apply_action(game_id, seat.seat, view.pending["actions"][0])
    raise AssertionError("the game did not end")


def test_a_run_writes_what_single_turns_write(service: GameService, scheduler, clock) -> None:
    """The same game (same seed, so the same bot moves) played one decision per task and
    in runs: the same log entry by entry (versions one apart, the snapshots, the clock of
    each decision), the same final state and result; fewer tasks, one publish each."""
    seats = [HUMAN, BOT, BOT, BOT]
    single = service.creation.create_game(players=4, seats=seats, seed=77, time_limit=0).game.id
    service.seating.join(single, "h")
    singles = _play_out(service, single, service.turns.play_bot_turn)
    runs_game = service.creation.create_game(players=4, seats=seats, seed=77, time_limit=0).game.id
    service.seating.join(runs_game, "h")
    runs = _play_out(service, runs_game, service.turns.play_bot_run)

    assert _log(service, runs_game) == _log(service, single)
    assert _game(service, runs_game) == _game(service, single)
    versions = [entry[5]["version"] for entry in _log(service, runs_game)]
    assert versions == list(range(versions[0], versions[0] + len(versions)))
    assert runs < singles / 2  # three bots in a row: one task each time instead of three
    assert scheduler.finished_games().count(runs_game) == 1


def test_one_run_is_one_commit_and_one_publish(service: GameService, scheduler) -> None:
    """Bots only: one run plays up to ``bot_run_decisions`` decisions with one commit and
    hands on one follow-up (the next run's turn)."""
    service.settings = dataclasses.replace(service.settings, bot_run_decisions=5, bot_run_ms=60_000)
    published: list[tuple[str, int]] = []
    service.publisher = type("P", (), {"game_changed": lambda _, g, s: published.append((g, s))})()
    game_id = service.creation.create_game(players=3, seats=[BOT] * 3, seed=5).game.id
    scheduler.clear()
    commits: list[int] = []
    engine = service.sessions.kw["bind"]
    listener = lambda conn: commits.append(1)  # noqa: E731
    event.listen(engine, "commit", listener)
    try:
        assert service.turns.play_bot_run(game_id, 0) is True
    finally:
        event.remove(engine, "commit", listener)
    assert service.games.get(game_id).seq == 5
    assert published == [(game_id, 5)]
    assert scheduler.bot_turns() == [(game_id, 5)]
    # The read's (empty) transaction ends before the bots think; the run writes in one.
    assert len(commits) <= 2
    assert len(_log(service, game_id)) == 5


def test_a_run_stops_at_its_time_bound(service: GameService, scheduler, clock) -> None:
    """``bot_run_ms`` 0: every run is one decision, whatever ``bot_run_decisions``."""
    service.settings = dataclasses.replace(service.settings, bot_run_decisions=50, bot_run_ms=0)
    game_id = service.creation.create_game(players=3, seats=[BOT] * 3, seed=6).game.id
    assert service.turns.play_bot_run(game_id, 0) is True
    assert service.games.get(game_id).seq == 1


def test_a_run_that_loses_a_race_writes_its_first_move_on_a_fresh_read(
    service: GameService, scheduler, monkeypatch
) -> None:
    """A human resigns while the bots of a run think: the run's write conflicts, its first
    move is applied on a fresh read (one entry after the resign), nothing else of it."""
    import service.parts.turns as turns

    game_id = service.creation.create_game(players=3, seats=[BOT, HUMAN, BOT], seed=8).game.id
    token = service.seating.join(game_id, "h").token
    while (view := service.games.get(game_id)).seats[view.pending_seat].kind != "bot":
        service.moves.apply_action(game_id, view.pending_seat, view.pending["actions"][0])
    thinking, calls = turns.choose_bot_action, []

    def resign_meanwhile(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            service.seating.resign(game_id, token)
        return thinking(*args, **kwargs)

    monkeypatch.setattr(turns, "choose_bot_action", resign_meanwhile)
    # The resign renumbers the decision: the run's move for the old seq is stale.
    assert service.turns.play_bot_run(game_id, view.seq) is False
    after = service.games.get(game_id)
    assert after.seq == view.seq + 1 and after.seats[1].resigned


class SharingScheduler(RecordingScheduler):
    """A scheduler with a fair share: records the owned turns, sends nothing itself."""

    shares_by_owner = True

    def __init__(self) -> None:
        super().__init__()
        self.owned: list[tuple[str, int, bool, str, bool]] = []
        self.ended: list[tuple[str, str]] = []

    def owned_bot_turn(self, game_id: str, seq: int, *, live: bool, owner: str, search: bool):
        self.owned.append((game_id, seq, live, owner, search))

    def bot_run_ended(self, game_id: str, *, owner: str, search: bool) -> None:
        self.ended.append((game_id, owner))


def test_bot_turns_name_their_owner_and_the_sweep_offers_them_through_the_share(
    service: GameService, clock
) -> None:
    """A game's bot turns carry its owner (the creating player, else the client address);
    a bot decision overdue with the sweep is offered again through the owner's share,
    never played past it; a game of nobody's is played at once as before."""
    sharing = SharingScheduler()
    service.scheduler = sharing
    player = service.accounts.create("owner").player.id
    mine = service.creation.create_game(players=3, seats=[BOT] * 3, player=player).game.id
    anon = service.creation.create_game(players=3, seats=[BOT] * 3, address="203.0.113.9").game.id
    nobody = service.creation.create_game(players=3, seats=[BOT] * 3).game.id
    assert sharing.owned == [
        (mine, 0, False, f"p:{player}", False),
        (anon, 0, False, "a:203.0.113.9", False),
    ]
    assert sharing.bot_turns() == [(nobody, 0)]
    clock.advance(service.settings.bot_grace + 1)
    assert service.turns.expire_deadline(mine, 0) is False  # offered again, not played
    assert sharing.owned[-1] == (mine, 0, False, f"p:{player}", False)
    assert service.games.get(mine).seq == 0
    assert service.turns.expire_deadline(nobody, 0) is True


def test_a_run_that_reaches_a_human_gives_its_owners_slot_back(service: GameService) -> None:
    sharing = SharingScheduler()
    service.scheduler = sharing
    player = service.accounts.create("owner").player.id
    search = {"kind": "bot", "level": "mcts-50ms"}  # a live game holds a slot for these
    game_id = service.creation.create_game(
        players=3, seats=[BOT, HUMAN, search], player=player, seed=3, time_limit=0
    ).game.id
    service.seating.join(game_id, "h")
    while (view := service.games.get(game_id)).seats[view.pending_seat].kind != "bot":
        service.moves.apply_action(game_id, view.pending_seat, view.pending["actions"][0])
    assert service.turns.play_bot_run(game_id, view.seq) is True
    assert service.games.get(game_id).seats[service.games.get(game_id).pending_seat].kind == "human"
    assert sharing.ended == [(game_id, f"p:{player}")]
