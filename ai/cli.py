"""The ``ursuppe`` console script."""

from __future__ import annotations

import argparse
import sys

from ai.arena import add_arena_parser
from ai.simulate import add_simulate_parser
from ai.verify import add_verify_parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ursuppe", description="Ursuppe engine and bot tools")
    sub = parser.add_subparsers(dest="command", required=True)
    add_simulate_parser(sub)
    add_arena_parser(sub)
    add_verify_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
