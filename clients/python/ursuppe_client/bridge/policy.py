"""Which challenges the bridge accepts (docs/bots.md, "Challenges"): a pure rule over the
challenge as the player stream announces it and the number of games in play."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ChallengePolicy:
    """``mode``: ``accept`` (subject to the filters), ``decline`` (every one) or ``ignore``
    (leave them to expire or to someone else). Filters: ``from_players`` (challenger ids;
    empty: anyone), ``players`` (player counts; empty: any), ``rated`` (None: either),
    ``max_games`` (games in play at once)."""

    mode: str = "accept"
    from_players: frozenset[str] = field(default_factory=frozenset)
    players: frozenset[int] = field(default_factory=frozenset)
    rated: bool | None = None
    max_games: int = 100

    def decide(self, challenge: dict[str, Any], games_in_play: int) -> tuple[str, str | None]:
        """(``accept`` | ``decline`` | ``ignore``, the reason of a decline)."""
        if self.mode == "ignore":
            return "ignore", None
        if self.mode == "decline":
            return "decline", "not accepting challenges"
        challenger = challenge.get("challenger")
        challenger_id = (
            challenger.get("id") if isinstance(challenger, dict) else challenge.get("challenger_id")
        )
        if self.from_players and challenger_id not in self.from_players:
            return "decline", "only accepting challenges from chosen players"
        options: dict[str, Any] = (
            challenge["options"] if isinstance(challenge.get("options"), dict) else {}
        )
        count = challenge.get("players", options.get("players"))
        if self.players and count is not None and int(count) not in self.players:
            return "decline", f"only playing games of {sorted(self.players)} players"
        rated = challenge.get("rated", options.get("rated"))
        if self.rated is not None and rated is not None and bool(rated) != self.rated:
            return "decline", "only rated games" if self.rated else "only unrated games"
        if games_in_play >= self.max_games:
            return "decline", "too many games in play; later"
        return "accept", None
