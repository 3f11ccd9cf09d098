"""Deleting an account (docs/api.md, "Deleting your account"): everything that identifies
or reaches the person goes at once; the games they played stay, complete and replayable,
with their seats shown as a deleted player.

The player row itself is kept under the name ``DELETED_NAME``: other people's games,
tournaments and standings refer to its id, and keeping it lets those stay whole while no
token, code or address of the person is left to sign in with or to reach them by.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from service.parts.base import Part
from service.parts.challenges import Challenges
from service.parts.seating import Seating
from service.parts.seeks import Seeks
from service.parts.tournaments import Tournaments
from service.plumbing.errors import NotFound, ServiceError
from service.rules.holders import Holder
from service.store.account_data import (
    forget_player,
    open_challenges,
    open_entries,
    seats_in_play,
    waiting_seeks,
)

log = logging.getLogger(__name__)

#: The name every seat, chat message and profile of a deleted account shows.
DELETED_NAME = "deleted player"


@dataclass(eq=False)
class AccountDeletion(Part):
    """``delete(player_id)``: the one way an account goes (``DELETE /players/me``)."""

    seating: Seating
    seeks: Seeks
    challenges: Challenges
    tournaments: Tournaments

    def delete(self, player_id: str) -> None:
        """Leave what is still open, then forget the person in one transaction.

        Open seats are given back and seats in games under way resigned (a stand-in bot
        plays on under the game's own policy, as for any resignation); waiting seeks and
        open challenges end; tournament entries are withdrawn. Those go through their
        own parts so that every other player is told as usual. Then one transaction
        removes the person's tokens, codes, addresses, subscriptions, webhooks, ratings,
        mutes and blocks (both ways) and writes ``DELETED_NAME`` over their name wherever
        it was shown, with a new version of each game that showed it."""
        if self.store.people.player(player_id) is None:
            raise NotFound("player_not_found", f"no player {player_id}")
        self._leave_games(player_id)
        self._end_invitations(player_id)
        self._withdraw_entries(player_id)
        with self.store.writing() as session:
            forget_player(session, player_id, DELETED_NAME, self.clock())
        log.info("player %s deleted their account", player_id)

    def _leave_games(self, player_id: str) -> None:
        """Give back each open seat and resign each seat under way (not yet resigned)."""
        with self.store.sessions() as session:
            seats = seats_in_play(session, player_id)
        holder = Holder(player_id=player_id)
        for game_id, seat, status in seats:
            try:
                if status == "open":
                    self.seating.leave_as(game_id, holder, seat)
                else:
                    self.seating.resign_as(game_id, holder, seat)
            except ServiceError as err:  # the game moved on meanwhile (started, finished)
                log.info("deleting %s: seat %d of %s: %s", player_id, seat, game_id, err)

    def _end_invitations(self, player_id: str) -> None:
        """Cancel the player's waiting seeks and open challenges; decline the open
        challenges the player is invited to."""
        with self.store.sessions() as session:
            seek_ids = waiting_seeks(session, player_id)
            own, invited = open_challenges(session, player_id)
        for step in (
            *[lambda s=s: self.seeks.cancel(s, player_id) for s in seek_ids],
            *[lambda c=c: self.challenges.cancel(c, player_id) for c in own],
            *[lambda c=c: self.challenges.decline(c, player_id, "generic") for c in invited],
        ):
            try:
                step()
            except ServiceError as err:  # matched or answered meanwhile
                log.info("deleting %s: %s", player_id, err)

    def _withdraw_entries(self, player_id: str) -> None:
        """Withdraw every entry or invitation to a tournament not finished yet."""
        with self.store.sessions() as session:
            entries = open_entries(session, player_id)
        for tournament_id in entries:
            try:
                self.tournaments.withdraw(tournament_id, player_id)
            except ServiceError as err:
                log.info("deleting %s: tournament %s: %s", player_id, tournament_id, err)
