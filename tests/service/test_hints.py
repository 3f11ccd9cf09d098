"""Hints (service.parts.hints): asked by the seat to play in unrated games, computed once by a
worker's call, stale once the game moves on; every refusal with its code."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from sqlalchemy import func, select, update

from service.game_service import GameService
from service.models import GameRow, HintRow
from service.plumbing.errors import Conflict, Forbidden, NotFound, Unauthorized, Unprocessable


def unrated(service: GameService, **kw) -> tuple[str, dict[int, str]]:
    """A running unrated game of three people (seeded: its first decision has choices)."""
    kw.setdefault("rated", False)
    created = service.creation.create_game(players=3, seed=5, **kw)
    tokens = {}
    for _ in created.game.open_seats:
        joined = service.seating.join(created.game.id, "p")
        tokens[joined.seat] = joined.token
    return created.game.id, tokens


def to_play(service: GameService, game_id: str) -> int:
    return service.games.get(game_id).pending_seat


def test_the_seat_to_play_gets_the_search_bots_suggestion_computed_once(service, scheduler) -> None:
    game_id, tokens = unrated(service)
    seat = to_play(service, game_id)
    game = service.games.get(game_id)
    asked = service.hints.ask(game_id, seat, tokens[seat])
    assert (asked.status, asked.seq, asked.level, asked.action) == (
        "pending", game.seq, "mcts-fast", None,
    )  # fmt: skip
    assert scheduler.hints() == [(game_id, game.seq)]
    assert service.hints.read(game_id, seat, tokens[seat]).status == "pending"
    assert service.hints.ask(game_id, seat, tokens[seat]).requested_at == asked.requested_at

    assert service.hints.compute(game_id, game.seq) is True
    assert service.hints.compute(game_id, game.seq) is False  # a second message: no search
    hint = service.hints.read(game_id, seat, tokens[seat])
    assert hint.status == "ready" and hint.ready_at is not None
    assert hint.action in game.pending["actions"]
    reason = hint.reason
    assert reason["kind"] == "search" and reason["level"] == "mcts-fast"
    assert reason["visits"] >= 1 and reason["iterations"] >= reason["visits"] - 2
    alternative = reason["alternative"]
    assert alternative["action"] in game.pending["actions"]
    assert alternative["action"] != hint.action
    assert reason["gain"] == pytest.approx(reason["value"] - alternative["value"], abs=0.011)
    # Asking again for the same decision answers with the computed hint, sends nothing.
    scheduler.clear()
    again = service.hints.ask(game_id, seat, tokens[seat])
    assert again.status == "ready" and again.action == hint.action
    assert scheduler.hints() == []


def test_a_hint_is_stale_once_the_game_moves_on_and_is_then_not_computed(service) -> None:
    game_id, tokens = unrated(service)
    seat = to_play(service, game_id)
    game = service.games.get(game_id)
    service.hints.ask(game_id, seat, tokens[seat])
    service.moves.submit(game_id, tokens[seat], game.pending["actions"][0], expected_seq=game.seq)
    assert service.hints.compute(game_id, game.seq) is False
    stale = service.hints.read(game_id, seat, tokens[seat])
    assert (stale.status, stale.action, stale.reason) == ("stale", None, None)
    assert stale.seq == game.seq and stale.current_seq == game.seq + 1


def test_a_hint_held_by_a_worker_is_computed_by_another_only_after_the_lease(
    service, clock
) -> None:
    game_id, tokens = unrated(service)
    seat = to_play(service, game_id)
    seq = service.games.get(game_id).seq
    service.hints.ask(game_id, seat, tokens[seat])
    with service.sessions.begin() as s:  # a worker took it and is still thinking
        s.execute(update(HintRow).values(started_at=clock()))
    assert service.hints.compute(game_id, seq) is False
    clock.advance(31)  # that worker is gone (its task's hard limit is 20 s)
    assert service.hints.compute(game_id, seq) is True
    assert service.hints.read(game_id, seat, tokens[seat]).status == "ready"


def test_refusals_have_their_codes(service) -> None:
    game_id, tokens = unrated(service)
    seat = to_play(service, game_id)
    other = next(s for s in tokens if s != seat)
    with pytest.raises(Conflict) as err:
        service.hints.ask(game_id, other, tokens[other])
    assert err.value.code == "not_your_turn"
    with pytest.raises(Forbidden) as err:
        service.hints.ask(game_id, seat, tokens[other])
    assert err.value.code == "wrong_seat"
    with pytest.raises(Unauthorized) as err:
        service.hints.ask(game_id, seat, "not-a-token")
    assert err.value.code == "invalid_token"
    with pytest.raises(NotFound) as err:
        service.hints.read(game_id, seat, tokens[seat])
    assert err.value.code == "hint_not_found"
    with pytest.raises(NotFound) as err:
        service.hints.ask("nope", seat, tokens[seat])
    assert err.value.code == "game_not_found"

    rated_id, rated_tokens = unrated(service, rated=True)
    seat = to_play(service, rated_id)
    with pytest.raises(Forbidden) as err:
        service.hints.ask(rated_id, seat, rated_tokens[seat])
    assert err.value.code == "hints_not_allowed"
    assert service.games.get(rated_id).options["hints"] is False

    off_id, off_tokens = unrated(service, options={"hints": False})
    assert service.games.get(off_id).options["hints"] is False
    seat = to_play(service, off_id)
    with pytest.raises(Forbidden) as err:
        service.hints.ask(off_id, seat, off_tokens[seat])
    assert err.value.code == "hints_not_allowed"
    assert service.games.get(game_id).options["hints"] is True

    with service.sessions.begin() as s:
        s.execute(update(GameRow).where(GameRow.id == game_id).values(status="finished"))
    seat = to_play(service, game_id)
    with pytest.raises(Conflict) as err:
        service.hints.ask(game_id, seat, tokens[seat])
    assert err.value.code == "game_over"


def test_an_open_game_and_a_resigned_seat_get_no_hint(service) -> None:
    created = service.creation.create_game(players=3, rated=False)
    joined = service.seating.join(created.game.id, "p")
    with pytest.raises(Conflict) as err:
        service.hints.ask(created.game.id, joined.seat, joined.token)
    assert err.value.code == "game_not_active"

    game_id, tokens = unrated(service)
    seat = to_play(service, game_id)
    service.seating.resign(game_id, tokens[seat])
    with pytest.raises(Forbidden) as err:
        service.hints.ask(game_id, seat, tokens[seat])
    assert err.value.code == "seat_resigned"


def test_the_hints_option_is_checked_at_creation(service) -> None:
    with pytest.raises(Unprocessable) as err:
        service.creation.create_game(players=3, options={"hints": True})  # rated by default
    assert err.value.code == "invalid_option"
    with pytest.raises(Unprocessable) as err:
        service.creation.create_game(players=3, rated=False, options={"hints": 1})
    assert err.value.code == "invalid_option"
    made = service.creation.create_game(players=3, rated=False, options={"hints": True})
    assert made.game.options["hints"] is True


def test_the_hint_level_must_search(service) -> None:
    with pytest.raises(Unprocessable):
        GameService(service.sessions, settings=replace(service.settings, hint_level="greedy"))


def test_asks_at_once_store_one_hint(service, scheduler) -> None:
    """Concurrent asks for one decision: one row (the primary key), every ask answered
    with it (the ask that lost the insert reads the winner's)."""
    game_id, tokens = unrated(service)
    seat = to_play(service, game_id)
    barrier = threading.Barrier(4)
    views, errors = [], []

    def ask() -> None:
        barrier.wait()
        try:
            views.append(service.hints.ask(game_id, seat, tokens[seat]))
        except Exception as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(views) == 4 and {v.status for v in views} == {"pending"}
    with service.sessions() as s:
        assert s.scalar(select(func.count()).select_from(HintRow)) == 1
