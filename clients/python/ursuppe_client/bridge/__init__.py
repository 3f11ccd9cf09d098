"""``ursuppe-bridge`` (also ``ursuppe bridge`` where the server package is installed, and
``python -m ursuppe_client.bridge``): plays a bot account's games with an engine program.
The protocol and the options: docs/bots.md."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ursuppe_client.bridge.check import check
from ursuppe_client.bridge.engine import PROTOCOL, Engine, EngineFault, EnginePool
from ursuppe_client.bridge.policy import ChallengePolicy
from ursuppe_client.bridge.runner import Bridge, DecisionRecord, hello_message
from ursuppe_client.client import Client
from ursuppe_client.errors import UrsuppeError

__all__ = [
    "PROTOCOL",
    "Bridge",
    "ChallengePolicy",
    "DecisionRecord",
    "Engine",
    "EngineFault",
    "EnginePool",
    "build_parser",
    "check",
    "main",
]


def build_parser(prog: str = "ursuppe-bridge") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Play a bot account's games with an engine program: one JSON line per "
        "decision on its stdin, one JSON line back (docs/bots.md).",
        epilog="example: ursuppe-bridge --server http://localhost:8000 -- python3 my_engine.py",
    )
    add_arguments(parser)
    return parser


def _positive(kind: type) -> Callable[[str], Any]:
    def parse(text: str) -> float | int:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not value > 0 or value != value or value == float("inf"):
            raise argparse.ArgumentTypeError(f"must be a positive number, not {text}")
        return value  # type: ignore[no-any-return]

    parse.__name__ = kind.__name__
    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", default=os.environ.get("URSUPPE_SERVER", "http://localhost:8000"),
                        help="the server's base URL (env URSUPPE_SERVER; default %(default)s)")  # fmt: skip
    parser.add_argument("--token", default=os.environ.get("URSUPPE_TOKEN"),
                        help="the bot account's player token (env URSUPPE_TOKEN; prefer the env)")  # fmt: skip
    parser.add_argument("--engine-mode", choices=("per_game", "pool"), default="per_game",
                        help="one engine process per game (default), or a pool shared by all games")  # fmt: skip
    parser.add_argument("--pool-size", type=_positive(int), default=4,
                        help="engine processes in pool mode (default %(default)s)")  # fmt: skip
    parser.add_argument("--move-time", type=_positive(float), default=5.0,
                        help="seconds an engine may take per decision (default %(default)s); "
                        "less when the game's deadline is nearer")  # fmt: skip
    parser.add_argument("--margin", type=float, default=1.0,
                        help="seconds kept back from a deadline for the submit (default %(default)s)")  # fmt: skip
    parser.add_argument("--challenges", choices=("accept", "decline", "ignore"), default="accept",
                        help="what to do with challenges (default %(default)s, within the filters)")  # fmt: skip
    parser.add_argument("--accept-from", action="append", default=[], metavar="PLAYER_ID",
                        help="accept challenges only from these players (repeatable)")  # fmt: skip
    parser.add_argument("--accept-bots", choices=("yes", "no", "only"), default="yes",
                        help="challenges from bot accounts: accepted too (default), declined, "
                        "or the only ones accepted")  # fmt: skip
    parser.add_argument("--accept-players", action="append", type=int, default=[], metavar="N",
                        help="accept only games of these player counts (repeatable)")  # fmt: skip
    parser.add_argument("--accept-rated", choices=("any", "rated", "unrated"), default="any")
    parser.add_argument("--max-games", type=_positive(int), default=100,
                        help="games in play at once; more challenges are declined (default %(default)s)")  # fmt: skip
    parser.add_argument("--log-dir", type=Path,
                        help="write one log per game there (<game id>.log)")  # fmt: skip
    parser.add_argument("--stop-after", type=_positive(int), metavar="N",
                        help="exit after N games ended (default: run until stopped)")  # fmt: skip
    parser.add_argument("--retries", type=int, default=6,
                        help="retries of a request after a network fault, 429 or 503, with a "
                        "growing pause (default %(default)s)")  # fmt: skip
    parser.add_argument("--log-level", default="INFO")
    parser.add_argument("--check", action="store_true",
                        help="no server: play the engine through sample decisions and report "
                        "(flushing, number types, stray output...); exit 0 when it passes")  # fmt: skip
    parser.add_argument("engine", nargs=argparse.REMAINDER,
                        help="the engine's command line, after --")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=getattr(logging, str(args.log_level).upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request otherwise
    engine = [part for part in args.engine if part != "--"] if args.engine else []
    if args.engine and args.engine[0] == "--":
        engine = args.engine[1:]
    if not engine:
        print("ursuppe-bridge: give the engine's command after --", file=sys.stderr)
        return 2
    if args.check:
        return 0 if check(engine, move_time=args.move_time).passed else 1
    if not args.token:
        print(
            "ursuppe-bridge: give the bot account's player token (URSUPPE_TOKEN)", file=sys.stderr
        )
        return 2
    client = Client(args.server, player_token=args.token, max_retries=max(0, args.retries))
    try:
        me = client.get_me()
    except UrsuppeError as exc:
        print(f"ursuppe-bridge: {args.server}: {exc}", file=sys.stderr)
        return 1
    rated = {"any": None, "rated": True, "unrated": False}[args.accept_rated]
    policy = ChallengePolicy(
        mode=args.challenges,
        from_players=frozenset(args.accept_from),
        bots=args.accept_bots,
        players=frozenset(args.accept_players),
        rated=rated,
        max_games=args.max_games,
    )
    engines = EnginePool(engine, args.engine_mode, args.pool_size, hello_message(me["id"]))
    bridge = Bridge(
        client,
        engines,
        move_time=args.move_time,
        margin=args.margin,
        policy=policy,
        log_dir=args.log_dir,
        stop_after=args.stop_after,
    )
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: bridge.stop())
    logging.getLogger("ursuppe_client.bridge").info(
        "playing as %s (%s) with %s (%s)",
        me.get("name"),
        me["id"],
        " ".join(engine),
        args.engine_mode,
    )
    try:
        finished = bridge.run()
    except UrsuppeError as exc:  # the token stopped working, say
        logging.getLogger("ursuppe_client.bridge").error("stopping: %s", exc)
        return 1
    client.close()
    logging.getLogger("ursuppe_client.bridge").info("stopped after %d games", finished)
    return 0


def main(argv: list[str] | None = None) -> int:
    return run(build_parser().parse_args(argv))
