"""Provably fair dice (docs/fairness.md): the commitment, the contributions, and
``ursuppe verify`` on genuine and tampered records."""

from __future__ import annotations

import copy
import dataclasses
import json
from datetime import datetime
from typing import Any

import pytest

from ai.cli import main
from ai.verify import Unverified, verify
from engine import Game, fairness
from service.game_service import GameService
from service.models import GameRow

BOT = {"kind": "bot", "level": "random"}


def _finish(service: GameService, game_id: str, token: str) -> None:
    """The human plays the first legal action, the bots their own."""
    for _ in range(5000):
        view = service.games.get(game_id)
        if view.status != "active":
            return
        seat = next(s for s in view.seats if s.seat == view.pending_seat)
        if seat.kind == "bot":
            assert service.turns.play_bot_turn(game_id, view.seq)
        else:
            service.moves.submit(game_id, token, view.pending["actions"][0], expected_seq=view.seq)
    raise AssertionError("the game did not end")


def _server_seed(service: GameService, game_id: str) -> str | None:
    with service.sessions() as session:
        return session.get(GameRow, game_id).server_seed


def _json(value: Any) -> Any:
    """The record as a client receives it."""

    def default(o: Any) -> Any:
        if dataclasses.is_dataclass(o):
            return dataclasses.asdict(o)
        if isinstance(o, datetime):
            return o.isoformat()
        raise TypeError(o)

    return json.loads(json.dumps(value, default=default))


@pytest.fixture
def record(service: GameService) -> dict[str, Any]:
    created = service.creation.create_game(
        players=3, seats=[{"kind": "human"}, BOT, BOT], time_limit=0
    )
    game_id = created.game.id
    joined = service.seating.join(game_id, "ann", entropy="ann's own dice")
    _finish(service, game_id, joined.token)
    return _json(service.games.record(game_id))


def test_the_commitment_is_public_before_the_first_die(service: GameService) -> None:
    created = service.creation.create_game(players=3, seats=[{"kind": "human"}, BOT, BOT])
    view = created.game
    assert view.status == "open" and view.fairness["verifiable"] is True
    server_seed = _server_seed(service, view.id)
    assert view.fairness["commitment"] == fairness.commitment(view.id, server_seed)
    assert server_seed not in json.dumps(_json(view))  # only the commitment is public
    # Nothing is rolled from the server seed before the start: the open game's board is the
    # fixed preview, so the last joiner cannot see what sending nothing would give.
    assert view.public == Game.new(3, 0).public_view()


def test_a_contribution_changes_the_dice(service: GameService) -> None:
    created = service.creation.create_game(players=3, seats=[{"kind": "human"}, BOT, BOT])
    game_id = created.game.id
    server_seed = _server_seed(service, game_id)
    without = fairness.engine_seed(game_id, server_seed, [None, None, None])
    service.seating.join(game_id, "ann", entropy="7f3a")
    started = service.games.get(game_id)
    seed = fairness.engine_seed(game_id, server_seed, ["7f3a", None, None])
    assert seed != without
    assert started.public == Game.new(3, seed).public_view()
    assert service.games.setup_events(game_id) == Game.new(3, seed).setup_events
    # The dice themselves (the first card and three seats' 2d6 start rolls: equal by chance
    # about once in 500,000); the board at the first decision may well be the same.
    assert Game.new(3, seed).setup_events != Game.new(3, without).setup_events


def test_explicit_seed_is_predetermined(service: GameService) -> None:
    view = service.creation.create_game(players=3, seats=[BOT] * 3, seed=5).game
    assert view.fairness == {"verifiable": False, "scheme": None, "commitment": None}
    assert _server_seed(service, view.id) is None


def test_verify_a_genuine_record(record: dict[str, Any]) -> None:
    assert record["fairness"]["contributions"] == ["ann's own dice", None, None]
    assert "verified" in verify(record)


def _set(path: tuple, value: Any) -> Any:
    def change(rec: dict[str, Any]) -> None:
        target = rec
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value(target[path[-1]]) if callable(value) else value

    return change


def _other_action(rec: dict[str, Any]) -> None:
    """Replace the first action that has an alternative by another legal one."""
    game = Game.new(rec["players"], rec["seed"])
    for entry in rec["actions"]:
        legal = game.legal_actions()
        if len(legal) > 1:
            entry["action"] = next(a for a in legal if a != entry["action"])
            return
        game.apply(entry["action"])
    raise AssertionError("no choice in the whole game")


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (_set(("fairness", "server_seed"), "0" * 64), "commitment"),
        (_set(("fairness", "contributions", 0), "someone else's dice"), "derived"),
        (_set(("fairness", "contributions", 1), "a bot's"), "derived"),
        (_other_action, "differ"),
        (_set(("result", "scores"), lambda s: [s[0] + 1, *s[1:]]), "result"),
        (_set(("seed",), lambda s: s + 1), "derived"),
        (_set(("fairness", "scheme"), None), "predetermined"),
    ],
)
def test_verify_rejects_a_tampered_record(record: dict[str, Any], tamper: Any, reason: str) -> None:
    bad = copy.deepcopy(record)
    tamper(bad)
    with pytest.raises(Unverified, match=reason):
        verify(bad)


def test_verify_cli_exit_status(record: dict[str, Any], tmp_path, capsys) -> None:
    good = tmp_path / "record.json"
    good.write_text(json.dumps(record))
    assert main(["verify", str(good)]) == 0
    bad = copy.deepcopy(record)
    bad["result"]["ranking"].reverse()
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    assert main(["verify", str(tmp_path / "bad.json")]) == 1
    assert "NOT VERIFIED" in capsys.readouterr().err
    assert main(["verify", str(tmp_path / "missing.json")]) == 2


def test_verify_a_decoy_game_and_its_scoring_option(service: GameService) -> None:
    """A verifiable decoy game (docs/rules.md, "Decoy"): the set-up rolled at the start keeps
    the variant and ``decoy_scores``; ``ursuppe verify`` replays it with both, and a record
    claiming the other option does not verify."""
    options = {"variant": "decoy", "decoy_scores": True}
    created = service.creation.create_game(players=2, seats=[{"kind": "human"}, BOT], time_limit=0,
                                  options=options)  # fmt: skip
    game_id = created.game.id
    joined = service.seating.join(game_id, "ann", entropy="ann's decoy dice")
    assert service.games.get(game_id).public["decoy_scores"] is True
    _finish(service, game_id, joined.token)
    rec = _json(service.games.record(game_id))
    assert rec["variant"] == "decoy" and rec["decoy_scores"] is True
    assert "verified" in verify(rec)
    rec["decoy_scores"] = False
    with pytest.raises(Unverified):
        verify(rec)
