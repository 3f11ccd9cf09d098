"""Where a bot level's rating starts: the ladder (``python -m scripts.ladder``, docs/ai.md "The
ladder"), not the model's defaults.

Why: a human's first rating is a guess (mu 25, sigma 25/3) that their games correct; a bot
level's strength is measured before the service starts, by an arena of every level rated with
the same OpenSkill model (``service.rules.rating_model.MODEL``). Starting the bot players there ranks them
on the leaderboard from their first rated game, and a human who beats ``bot-mcts`` gains what
beating a strong player is worth. ``bot_ladder.json`` holds, per rating pool the ladder
covered, each level's ``mu`` and ``sigma`` and where they came from; pools it does not cover
start at the defaults.

``python -m scripts.bot_ratings seed`` (once, on a new service; again after a new ladder, for
the levels and pools still unrated) writes those ratings as the bot players' rows, so the
leaderboard ranks the bots before anyone has played them; a level already rated in a pool
keeps its rating.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from service.game_service import build_service
from service.models import RatingRow
from service.parts.ratings import _ensure_bot_players
from service.plumbing.config import Settings
from service.rules import rating_model
from service.rules.rating_model import bot_player_id, ordinal
from service.store import ratings as queries
from service.store import transactions


def seed_ratings(session: Session, now: datetime) -> int:
    """Give every bot level the ladder rated its ladder rating in each pool it covers, where
    it has no rating there yet (``games`` 0: no game of this service is behind it); return
    how many rows were added. The caller commits."""
    wanted = {
        (bot_player_id(level), pool): start
        for pool, levels in rating_model.ladder().items()
        for level, start in levels.items()
    }
    if not wanted:
        return 0
    _ensure_bot_players(session, sorted({p for p, _ in wanted}), now)
    have = queries.rated_pairs(session)
    added = 0
    for (player_id, pool), (mu, sigma) in sorted(wanted.items()):
        if (player_id, pool) in have:
            continue
        transactions.add(
            session,
            RatingRow(
                player_id=player_id,
                pool=pool,
                mu=mu,
                sigma=sigma,
                ordinal=ordinal(mu, sigma),
                games=0,
                updated_at=now,
            ),
        )
        added += 1
    return added


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.bot_ratings", description=__doc__)
    parser.add_argument("command", choices=["seed"], help="seed: write the bots' ladder ratings")
    parser.parse_args(argv)
    service = build_service(Settings.from_env(), migrate=True)
    with service.store.writing() as session:
        added = seed_ratings(session, datetime.now(UTC))
    print(f"{added} bot ratings written from {rating_model.LADDER_FILE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
