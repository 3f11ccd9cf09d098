#!/usr/bin/env python3
"""A sample engine for ursuppe-bridge (docs/bots.md, "The engine protocol"): reads one JSON
message per line on stdin, answers each decision with one JSON line on stdout, choosing a
legal action at random. Diagnostics go to stderr, never stdout."""

import json
import random
import sys


def choose(decision: dict) -> dict:
    actions = decision["pending"]["pending"]["actions"]
    # A little sense: a purchase or a move is more fun than passing, when there is one.
    keen = [a for a in actions if a.get("type") not in ("done", "pass", "skip")]
    return random.choice(keen or actions)


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(f"random engine: protocol {message['protocol']}", file=sys.stderr)
        elif message["type"] == "decision":
            # One line, flushed at once (a pipe is block-buffered), echoing the decision's
            # seq so that no other line is ever taken for this answer.
            print(json.dumps({"seq": message["seq"], "action": choose(message)}), flush=True)
        elif message["type"] == "game_over":
            print(f"random engine: game {message['game_id']} {message['status']}", file=sys.stderr)
        # Other types may be added to the protocol: ignore them.


if __name__ == "__main__":
    main()
