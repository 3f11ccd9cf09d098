"""Write the sample decisions of ``ursuppe-bridge --check``
(clients/python/ursuppe_client/bridge/samples.json): decision messages exactly as the bridge
writes them to an engine, from seeded games of the engine played at random, so that the
check needs no server.

The samples are chosen to catch what engines get wrong (docs/bots.md, "Checking an
engine"): actions with integers (``start_space``, ``place_amoeba``, ``choose_die``), a
decision whose player is not seat 0, the longest message of a 6-player game, and an action
list of one. ``python -m scripts.bridge_samples --check`` fails when the committed file
differs from what the engine gives now (tests/clients/test_bridge_units.py runs it).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from engine import Game

OUT = Path(__file__).resolve().parents[1] / "clients/python/ursuppe_client/bridge/samples.json"
#: (players, seed): the games the samples come from.
GAMES = ((3, 11), (6, 7))
#: A sample of each of these kinds, first met in each game.
KINDS = ("start_space", "place_amoeba", "movement", "choose_die", "buy_genes", "pay_defect")


def decision_message(game: Game, seq: int, game_id: str) -> dict[str, Any]:
    """The ``decision`` message as the bridge builds it (runner.GameRunner._decide)."""
    decision = game.pending
    assert decision is not None  # asked only while the game is not over
    pending = {**decision.to_dict(), "player": game.pending_player, "seq": seq}
    document = {
        "game_id": game_id,
        "seq": seq,
        "version": seq + 1,
        "status": "active",
        "deadline_at": "2026-12-07T21:00:00.000000+00:00",
        "pending": pending,
    }
    return {"type": "decision", "game_id": game_id, "seat": game.pending_player, "seq": seq,
            "state": game.public_view(), "pending": document, "time_left": 598.7}  # fmt: skip


def samples() -> list[dict[str, Any]]:
    chosen: list[dict[str, Any]] = []
    for players, seed in GAMES:
        game, rng, seq = Game.new(players, seed), random.Random(seed), 0
        game_id = f"sample{players}p{seed:09d}"
        wanted, single, longest = set(KINDS), None, None
        while not game.is_over:
            message = decision_message(game, seq, game_id)
            size = len(json.dumps(message, separators=(",", ":")))
            actions = game.legal_actions()
            kind = message["pending"]["pending"]["kind"]
            if kind in wanted:
                wanted.discard(kind)
                chosen.append(message)
            elif len(actions) == 1 and single is None:
                single = message
            if players == 6 and (longest is None or size > longest[0]):
                longest = (size, message)
            game.apply(rng.choice(actions), player=game.pending_player)
            seq += 1
        chosen += [m for m in (single, longest[1] if longest else None) if m is not None]
    unique = {(m["game_id"], m["seq"]): m for m in chosen}
    return [unique[key] for key in sorted(unique)]


def render() -> str:
    return json.dumps(samples(), separators=(",", ":")) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if OUT.read_text() != text:
            print(f"{OUT} is stale: python -m scripts.bridge_samples", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    print(f"wrote {OUT} ({len(json.loads(text))} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
