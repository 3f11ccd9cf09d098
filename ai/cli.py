"""The ``ursuppe`` console script."""

from __future__ import annotations

import argparse
import sys

from ai.arena import add_arena_parser
from ai.simulate import add_simulate_parser
from ai.verify import add_verify_parser
from service.moderator_command import add_moderator_parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ursuppe", description="Ursuppe engine, bot and operator tools"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    add_simulate_parser(sub)
    add_arena_parser(sub)
    add_verify_parser(sub)
    _add_bridge_parser(sub)
    add_moderator_parser(sub)
    return parser


def _add_bridge_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``ursuppe bridge``: the Python client's ``ursuppe-bridge`` (clients/python), when
    that package is installed."""
    try:
        from ursuppe_client.bridge import add_arguments, run
    except ImportError:
        return
    bridge = sub.add_parser(
        "bridge",
        help="play a bot account's games with an engine program (docs/bots.md)",
        description="Play a bot account's games with an engine program: one JSON line per "
        "decision on its stdin, one JSON line back (docs/bots.md).",
    )
    add_arguments(bridge)
    bridge.set_defaults(func=run)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
