"""Which challenges the bridge accepts (docs/bots.md, "Challenges"): a pure rule over the
challenge as the player stream announces it and the number of games in play."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ChallengePolicy:
    """``mode``: ``accept`` (subject to the filters), ``decline`` (every one) or ``ignore``
    (leave them to expire or to someone else). Filters: ``from_players`` (challenger ids;
    empty: anyone), ``bots`` (``yes``: people and bots, ``no``: people only, ``only``: bots
    only), ``players`` (player counts; empty: any), ``rated`` (None: either),
    ``max_games`` (games in play at once). A decline's reason is one of the API's
    (``Decline.reason``)."""

    mode: str = "accept"
    from_players: frozenset[str] = field(default_factory=frozenset)
    bots: str = "yes"
    players: frozenset[int] = field(default_factory=frozenset)
    rated: bool | None = None
    max_games: int = 100

    def decide(self, challenge: dict[str, Any], games_in_play: int) -> tuple[str, str | None]:
        """(``accept`` | ``decline`` | ``ignore``, the reason of a decline) for a challenge
        as the player stream's ``challenge`` message carries it (``challenger``,
        ``terms``)."""
        if self.mode == "ignore":
            return "ignore", None
        if self.mode == "decline":
            return "decline", "generic"
        challenger = challenge.get("challenger")
        challenger = challenger if isinstance(challenger, dict) else {}
        if self.from_players and challenger.get("id") not in self.from_players:
            return "decline", "generic"
        if self.bots == "no" and challenger.get("bot"):
            return "decline", "no_bot"
        if self.bots == "only" and not challenger.get("bot"):
            return "decline", "only_bot"
        terms: dict[str, Any] = (
            challenge["terms"] if isinstance(challenge.get("terms"), dict) else {}
        )
        count = terms.get("players")
        if self.players and count is not None and int(count) not in self.players:
            return "decline", "variant"
        rated = terms.get("rated")
        if self.rated is not None and rated is not None and bool(rated) != self.rated:
            # The API's reasons name what the bot wants instead.
            return "decline", "rated" if self.rated else "casual"
        if games_in_play >= self.max_games:
            return "decline", "later"
        return "accept", None
