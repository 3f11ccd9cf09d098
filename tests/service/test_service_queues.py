"""Which bot turns are human-facing: the ``live`` flag the scheduler routes by."""

from __future__ import annotations

from service.game_service import GameService

BOT = {"kind": "bot", "level": "random"}
HUMAN = {"kind": "human"}


def play_bots_until_human(service: GameService, scheduler, game_id: str) -> None:  # noqa: ANN001
    """Play every pending bot turn of ``game_id`` until a human (or nobody) must decide."""
    while True:
        view = service.games.get(game_id)
        if view.status != "active" or (game_id, view.seq) not in scheduler.live:
            return
        assert service.turns.play_bot_turn(game_id, view.seq) is True


def test_bot_only_games_are_not_live_and_games_with_a_human_are(service, scheduler) -> None:
    bots = service.creation.create_game(players=3, seats=[BOT] * 3, time_limit=0).game.id
    assert scheduler.live == {(bots, 0): False}

    created = service.creation.create_game(players=3, seats=[HUMAN, BOT, BOT], time_limit=60)
    mixed = created.game.id
    joined = service.seating.join(mixed, "ann")
    token = joined.token
    play_bots_until_human(service, scheduler, mixed)
    view = service.games.get(mixed)
    action = view.pending["actions"][0]
    service.moves.apply_action(mixed, joined.seat, action, expected_seq=view.seq)
    play_bots_until_human(service, scheduler, mixed)
    mixed_turns = {key: live for key, live in scheduler.live.items() if key[0] == mixed}
    assert mixed_turns and all(mixed_turns.values())

    # The only human resigns: the game becomes bot-only and waits behind live games.
    service.seating.resign(mixed, token)
    seq = service.games.get(mixed).seq
    assert scheduler.live[(mixed, seq)] is False
