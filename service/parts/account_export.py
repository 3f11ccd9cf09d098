"""Downloading one's data (docs/api.md, "Downloading your data"): everything the service
keeps about a player, gathered from the parts that own it, as one document.

Secrets are never part of it: tokens are listed as the token list shows them (id, kind,
label, scopes, dates), sites without their secrets, webhooks without their signing
secrets, push subscriptions only counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.parts.base import Part
from service.parts.blocks import Blocks
from service.parts.chat import Chat, ChatMessage
from service.parts.grants import Grants
from service.parts.moderation import Moderation
from service.parts.notices import Notices
from service.parts.ratings import Ratings
from service.parts.webhooks import Webhooks
from service.plumbing.errors import NotFound
from service.rules.player_views import PlayerView
from service.rules.views import game_view
from service.store.account_data import chat_messages_by, games_seated

#: Rating changes per page read while gathering the history (all of it is exported).
_HISTORY_PAGE = 500


@dataclass(eq=False)
class AccountExport(Part):
    """``export(player_id)``: the document ``GET /players/me/export`` answers."""

    grants: Grants
    notices: Notices
    chat: Chat
    ratings: Ratings
    webhooks: Webhooks
    blocks: Blocks
    moderation: Moderation

    def export(self, player_id: str) -> dict[str, Any]:
        """The player's profile, notice choices and address, tokens, registered sites,
        webhooks, mutes, blocks, ratings and their history, every chat message the player
        wrote, every game the player held a seat in (private ones included), the reports the
        player filed and what moderators did about the player, oldest first."""
        row = self.store.people.player(player_id)
        if row is None:
            raise NotFound("player_not_found", f"no player {player_id}")
        with self.store.sessions() as session:
            messages = [ChatMessage.of(m) for m in chat_messages_by(session, player_id)]
            games = [game_view(g, full=False) for g in games_seated(session, player_id)]
        ratings, _ = self.ratings.leaderboard(player_id=player_id, page_size=1000)
        reports, moderation = self.moderation.of_player(player_id)
        return {
            "player": PlayerView.of(row),
            "exported_at": self.clock(),
            "notices": self.notices.choices(player_id),
            "tokens": self.grants.tokens(player_id),
            "oauth_clients": self.grants.clients(player_id),
            "webhooks": self.webhooks.endpoints(player_id),
            "mutes": self.chat.mutes(player_id),
            "blocks": self.blocks.all_of(player_id),
            "ratings": ratings,
            "rating_history": self._history(player_id),
            "chat_messages": messages,
            "games": games,
            "reports": reports,
            "moderation": moderation,
        }

    def _history(self, player_id: str) -> list[Any]:
        changes: list[Any] = []
        page = 1
        while True:
            batch, total = self.ratings.rating_history(
                player_id, page=page, page_size=_HISTORY_PAGE
            )
            changes.extend(batch)
            if not batch or len(changes) >= total:
                return changes
            page += 1
