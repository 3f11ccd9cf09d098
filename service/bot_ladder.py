"""Where a bot level's rating starts: the ladder (``python -m ai.ladder``, docs/ai.md "The
ladder"), not the model's defaults.

Why: a human's first rating is a guess (mu 25, sigma 25/3) that their games correct; a bot
level's strength is measured before the service starts, by an arena of every level rated with
the same OpenSkill model (``service.ratings.MODEL``). Starting the bot players there ranks them
on the leaderboard from their first rated game, and a human who beats ``bot-mcts`` gains what
beating a strong player is worth. ``bot_ladder.json`` holds, per rating pool the ladder
covered, each level's ``mu`` and ``sigma`` and where they came from; pools it does not cover
start at the defaults.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from service.ratings import BOT_PREFIX

LADDER_FILE = Path(__file__).with_name("bot_ladder.json")


@cache
def ladder() -> dict[str, dict[str, tuple[float, float]]]:
    """``{pool: {level: (mu, sigma)}}`` from ``bot_ladder.json`` (empty without the file)."""
    if not LADDER_FILE.exists():
        return {}
    data = json.loads(LADDER_FILE.read_text())
    return {
        pool: {level: (float(r["mu"]), float(r["sigma"])) for level, r in levels.items()}
        for pool, levels in data["pools"].items()
    }


def starting_rating(player_id: str, pool: str) -> tuple[float, float] | None:
    """The ladder's ``(mu, sigma)`` of a bot player in ``pool``, or None (a human, or a pool
    or level the ladder did not rate: the model's defaults apply)."""
    if not player_id.startswith(BOT_PREFIX):
        return None
    return ladder().get(pool, {}).get(player_id.removeprefix(BOT_PREFIX))
