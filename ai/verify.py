"""``ursuppe verify``: check that a finished game's dice were fair (docs/fairness.md).

From the record alone (a file, or fetched from the game's URL): the commitment published at
creation matches the revealed server seed, the engine seed is the one derived from that
seed and the seats' contributions, and replaying every action from that seed reproduces
every die, card and start roll the players were shown, and the recorded result.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from pathlib import Path
from typing import Any

from engine import fairness


class Unverified(Exception):
    """The record does not check out; the message says why."""


def load_record(source: str) -> dict[str, Any]:
    """A record from a JSON file, or from a game's URL (``…/games/<id>`` or its ``/record``)."""
    if source.startswith(("http://", "https://")):
        url = source.rstrip("/")
        if not url.endswith("/record"):
            url += "/record"
        with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310 - http(s) only
            return json.load(response)
    return json.loads(Path(source).read_text(encoding="utf-8"))


def _plain(value: Any) -> Any:
    """As it reads back from JSON, so events compare the same from a file or in memory."""
    return json.loads(json.dumps(value))


def verify(record: dict[str, Any]) -> str:
    """Check ``record``; return a one-line summary, raise ``Unverified`` with the reason."""
    from engine import EngineError, Game

    fair = record.get("fairness") or {}
    if fair.get("scheme") is None:
        raise Unverified(
            "the game was created with an explicit seed: predetermined, not verifiable"
        )
    if fair["scheme"] != fairness.SCHEME:
        raise Unverified(f"unknown scheme {fair['scheme']!r} (this tool checks {fairness.SCHEME})")
    game_id, server_seed = record["id"], fair.get("server_seed")
    if not isinstance(server_seed, str):
        raise Unverified("the record does not reveal the server seed")
    if fairness.commitment(game_id, server_seed) != fair.get("commitment"):
        raise Unverified("the server seed does not match the commitment published at creation")
    contributions = fair.get("contributions")
    players = record["players"]
    if not isinstance(contributions, list) or len(contributions) != players:
        raise Unverified(f"the record needs one contribution entry per seat ({players})")
    seed = fairness.engine_seed(game_id, server_seed, contributions)
    if seed != record.get("seed"):
        raise Unverified(
            f"the engine seed {record.get('seed')} is not the one derived from the server "
            f"seed and the contributions ({seed})"
        )
    extra = {"deck": record["deck"]} if record.get("deck") else {}
    game = Game.new(
        players,
        seed,
        variant=record.get("variant"),
        decoy_scores=record.get("decoy_scores", False),
        **extra,
    )
    if "setup" in record and _plain(game.setup_events) != _plain(record["setup"]):
        raise Unverified("the set-up (deck, first card, start rolls) differs from the replay")
    last_seq = 0
    for entry in record["actions"]:
        where = f"action seq {entry.get('seq')}"
        # The log's seq, which also numbers hand-overs to bots (not replayed): increasing,
        # not necessarily the engine's count of actions.
        if not isinstance(entry.get("seq"), int) or entry["seq"] <= last_seq:
            raise Unverified(f"{where}: the actions are not in log order")
        last_seq = entry["seq"]
        try:
            # A record's seat is a player; in a 2-player variant the engine's seat is a
            # colour, so the check is by player (the same thing in the base game).
            events = game.apply(entry["action"], player=entry["seat"])
        except EngineError as err:
            raise Unverified(f"{where} does not replay: {err}") from None
        if "events" in entry and _plain(events) != _plain(entry["events"]):
            raise Unverified(f"{where}: its dice, cards or outcome differ from the replay")
    if not game.is_over:
        raise Unverified("the replay does not reach the end of the game")
    result = {
        "ranking": list(game.player_ranking()),
        "scores": list(game.scores),
        "colour_ranking": list(game.ranking()),
    }
    if _plain(result) != _plain(record.get("result")):
        raise Unverified(f"the recorded result differs from the replay's {result}")
    return (
        f"game {game_id}: verified ({len(record['actions'])} actions, seed {seed}, "
        f"{sum(c is not None for c in contributions)} contribution(s), scores {result['scores']})"
    )


def run_verify(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.record)
    except (OSError, ValueError) as err:
        print(f"cannot read {args.record}: {err}", file=sys.stderr)
        return 2
    try:
        print(verify(record))
    except Unverified as err:
        print(f"NOT VERIFIED: {err}", file=sys.stderr)
        return 1
    except (KeyError, TypeError, ValueError) as err:
        print(f"NOT VERIFIED: malformed record ({err!r})", file=sys.stderr)
        return 1
    return 0


def add_verify_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "verify",
        help="check a finished game's dice: commitment, seed, and a full replay",
        description="Verify a finished game's record (docs/fairness.md). Exit 0: verified; "
        "1: not verified (the reason is printed); 2: the record could not be read.",
    )
    p.add_argument("record", help="record.json, or the game's URL (…/api/v1/games/<id>)")
    p.set_defaults(func=run_verify)
    return p
