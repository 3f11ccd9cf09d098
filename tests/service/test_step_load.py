"""The write path's economies: a step's load leaves the client views unread, and
the outbox reads a write's changes once per flush however many stores share the sessions."""

from __future__ import annotations

from sqlalchemy import inspect

from engine import Game
from service.game_service import GameService
from service.rules import play
from service.store import outbox
from service.store.games import GameStore


def started(service: GameService) -> tuple[str, dict[int, str]]:
    created = service.creation.create_game(players=3, seed=5)
    tokens = {}
    for _ in created.game.open_seats:
        joined = service.seating.join(created.game.id, "p")
        tokens[joined.seat] = joined.token
    return created.game.id, tokens


def test_a_step_load_reads_the_state_but_not_the_views(service) -> None:
    game_id, _ = started(service)
    with service.sessions() as session:
        row = service.store.load(session, game_id, state=True, views=False)
        unloaded = inspect(row).unloaded
        assert {"public", "pending"} <= unloaded and "state" not in unloaded
        row = service.store.load(session, game_id, state=True)  # the default reads them all
        assert not {"public", "pending", "state"} & inspect(row).unloaded


def test_the_views_a_submit_writes_are_the_engines(service) -> None:
    """What the step wrote without reading the old views is what readers get: the
    engine's public view and pending decision of the state it stored."""
    game_id, tokens = started(service)
    for _ in range(12):
        view = service.games.get(game_id)
        result = service.moves.submit(
            game_id, tokens[view.pending_seat], view.pending["actions"][0], expected_seq=view.seq
        )
        after = service.games.get(game_id)
        with service.sessions() as session:
            game = Game.from_dict(service.store.load(session, game_id, state=True).state)
        assert after.public == game.public_view()
        assert after.pending is not None and result.pending == after.pending
        assert {k: v for k, v in after.pending.items() if k not in ("player", "seq")} == (
            game.pending.to_dict()
        )
        assert after.pending["seq"] == after.seq == result.seq


def test_a_change_is_read_once_per_flush_with_two_stores_on_one_sessionmaker(
    service, monkeypatch
) -> None:
    """The outbox's listener belongs to the writing transaction: a second store on the same
    sessions must not make each change announce twice, nor a session outside ``writing``
    announce anything."""
    GameStore(service.sessions)
    game_id, _ = started(service)
    calls: list[str] = []
    changes = outbox.changes

    def counted(row):  # noqa: ANN001, ANN202 - a stand-in with the original's signature
        calls.append(row.id)
        return changes(row)

    monkeypatch.setattr(outbox, "changes", counted)
    with service.store.changing(game_id) as (_, row):
        play.touch(row, service.clock())
    assert calls == [game_id]
    with service.sessions.begin() as session:  # a session outside ``writing`` reads nothing
        session.add(session.get(type(row), game_id))
        session.flush()
    assert calls == [game_id]
