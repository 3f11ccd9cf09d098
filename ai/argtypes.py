"""Argument types shared by the ``ursuppe`` subcommands.

argparse turns the ``ArgumentTypeError`` these raise into a one-line usage error with exit
status 2, so a bad number is refused before any game is played instead of being quietly
replaced by a default or ending in a traceback.
"""

from __future__ import annotations

import argparse
import math


def positive_int(text: str) -> int:
    """A whole number ≥ 1 (games, jobs)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_seconds(text: str) -> float:
    """A finite time in seconds > 0 (a bot's time budget)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return value
