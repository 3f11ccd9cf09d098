"""A player's identity across devices: its tokens, one-time sign-in codes, signing out and
its name (docs/api.md, "Players" and "Signing in on another device").

Every token and code is stored only as its SHA-256. A person moves to another device with
a short code that the signed-in device asks for: it works once, within
``SIGNIN_CODE_TTL`` seconds, and yields a token of the new device's own, so signing out
on one device (which deletes that device's token) leaves the others signed in.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from service.models import PlayerRow, PlayerTokenRow, SigninCodeRow
from service.parts.base import Part
from service.plumbing.errors import Conflict, NotFound, Unauthorized
from service.plumbing.text_check import display_text
from service.rules import bot_rules, rating_model
from service.rules.player_views import (
    BoardSeat,
    CreatedPlayer,
    PlayerView,
    Profile,
    Turn,
    new_player_id,
    new_player_token,
)
from service.rules.seat_tokens import hash_token
from service.rules.views import GameView, game_view
from service.store import accounts as queries
from service.store import transactions

log = logging.getLogger(__name__)

#: Seconds a sign-in code stays valid: long enough to type it on a phone, short enough
#: that a code seen over a shoulder is soon worthless.
SIGNIN_CODE_TTL = 600
#: Code letters without look-alikes (no 0/O, 1/I/L); 10 of them are 50 bits, and a code
#: lives minutes, so guessing one is hopeless even without rate limits.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 10


@dataclass(frozen=True)
class SigninCode:
    code: str
    expires_at: datetime


def new_signin_code() -> str:
    """``XXXXX-XXXXX``: easy to read aloud and to type."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:5]}-{raw[5:]}"


def normalise_code(code: str) -> str:
    """What a person typed, as issued: upper case, the dash where it belongs."""
    raw = "".join(c for c in code.upper() if c.isalnum())
    return f"{raw[:5]}-{raw[5:]}" if len(raw) == CODE_LENGTH else raw


def check_name(name: str) -> str:
    """A player's name as stored: display text (``service.plumbing.text_check``), 1-64
    characters, not unique (ids identify players); 422 ``invalid_name`` otherwise."""
    return display_text(name, what="a player's name")


@dataclass(eq=False)
class Accounts(Part):
    """Players, their tokens and their games: a part (``service.parts.base``)."""

    def create(self, name: str) -> CreatedPlayer:
        """A new player and its first token (returned here once)."""
        name = check_name(name)
        token = new_player_token()
        now = self.clock()
        row = PlayerRow(id=new_player_id(), name=name, created_at=now)
        with self.store.writing() as session:
            transactions.add(session, row)
            session.flush()  # the player before the token that refers to it
            transactions.add(
                session,
                PlayerTokenRow(token_hash=hash_token(token), player_id=row.id, created_at=now),
            )
        log.info("player %s created", row.id)
        return CreatedPlayer(player=PlayerView.of(row), token=token)

    def for_token(self, token: str) -> PlayerView:
        """The player holding ``token`` (401 ``invalid_token`` otherwise): one look-up by
        the token's hash, the table's key. Whatever its scopes: the API checks those
        (``api.scopes``, with ``service.grants.Grants.resolve``)."""
        with self.store.sessions() as session:
            row = queries.player_of_token(session, hash_token(token), self.clock())
            if row is None:
                raise Unauthorized("invalid_token", "the token is not a player's")
            return PlayerView.of(row)

    def rename(self, player_id: str, name: str) -> PlayerView:
        """Change the player's name; seats already taken keep the name they were taken
        under (the record of a finished game does not change)."""
        name = check_name(name)
        with self.store.writing() as session:
            row = queries.player(session, player_id)
            if row is None:
                raise NotFound("player_not_found", f"no player {player_id}")
            row.name = name
            return PlayerView.of(row)

    def issue_code(self, player_id: str) -> SigninCode:
        """A one-time code that signs the player in on another device; it replaces any
        earlier code of the player."""
        code = new_signin_code()
        expires_at = self.clock() + timedelta(seconds=SIGNIN_CODE_TTL)
        with self.store.writing() as session:
            queries.drop_signin_codes(session, player_id)
            transactions.add(
                session,
                SigninCodeRow(
                    code_hash=hash_token(code), player_id=player_id, expires_at=expires_at
                ),
            )
        return SigninCode(code, expires_at)

    def redeem(self, code: str) -> CreatedPlayer:
        """A new token for the code's player, once (401 ``invalid_signin_code`` for a code
        that is unknown, already used or expired). A wrong code is answered from a read
        alone: guessing writes nothing (the attempts are limited per address, docs/api.md,
        "Rate limits"). Two devices redeeming one code: the first delete wins, the other
        finds nothing."""
        digest = hash_token(normalise_code(code))
        now = self.clock()
        with self.store.sessions() as session:
            found = queries.signin_code(session, digest)
            live = found is not None and found.expires_at > now
        if live:
            with self.store.writing() as session:
                player_id = queries.take_signin_code(session, digest)
                if player_id is not None:
                    token = new_player_token()
                    transactions.add(
                        session,
                        PlayerTokenRow(
                            token_hash=hash_token(token), player_id=player_id, created_at=now
                        ),
                    )
                    player = queries.player(session, player_id)
                    assert player is not None  # codes go with their player (cascade)
                    view = PlayerView.of(player)
                    log.info("player %s signed in on another device", player_id)
                    return CreatedPlayer(player=view, token=token)
        raise Unauthorized(
            "invalid_signin_code", "the sign-in code is unknown, used or expired: ask for a new one"
        )

    def sign_out(self, token: str) -> None:
        """Forget this device's token: it stops working, the player's others do not."""
        with self.store.writing() as session:
            queries.drop_token(session, hash_token(token))

    # ------------------------------------------------------------------ bot accounts

    def become_bot(self, player_id: str) -> PlayerView:
        """The player becomes a bot account (docs/bots.md, "Bot accounts"): shown as a bot,
        seated only in bot seats, rated in the bot pools. 409 ``bot_account_not_eligible``
        once it has held a seat as a person; already one: nothing changes."""
        if self.store.challenges.has_person_seat(player_id):
            raise Conflict(
                "bot_account_not_eligible",
                "this player has played as a person: create a new player for the bot",
            )
        row = self.store.challenges.set_bot(player_id, True, self.clock())
        if row is None:
            raise NotFound("player_not_found", f"no player {player_id}")
        log.info("player %s is a bot account", player_id)
        return PlayerView.of(row)

    def stop_bot(self, player_id: str) -> PlayerView:
        """A bot account that has not played yet becomes a person again; 409
        ``bot_account_irreversible`` once it has held a seat."""
        if self.store.challenges.has_any_seat(player_id):
            raise Conflict(
                "bot_account_irreversible", "a bot account that has played stays a bot account"
            )
        row = self.store.challenges.set_bot(player_id, False, self.clock())
        if row is None:
            raise NotFound("player_not_found", f"no player {player_id}")
        return PlayerView.of(row)

    def bot_paused_until(self, player_id: str) -> datetime | None:
        """Until when the bot account is paused from new games (``service.rules.bot_rules``),
        or None when it is not paused now."""
        until = bot_rules.paused_until(
            self.store.challenges.bot_account_games(player_id, bot_rules.PAUSE_WINDOW)
        )
        return until if until is not None and until > self.clock() else None

    # ------------------------------------------------------------------ a player's games

    def player_games(
        self, player_id: str, *, status: str | None = None, page: int = 1, page_size: int = 20
    ) -> tuple[list[GameView], int]:
        """The games where the player joined a seat, newest first."""
        rows, total = self.store.people.player_games(
            player_id, status=status, page=page, page_size=page_size
        )
        return [game_view(r, full=False) for r in rows], total

    def player_profile(self, player_id: str, recent: int = 10) -> Profile:
        """What anybody may see of a player: its name, its rating in each pool it played
        and its latest finished listed games (404 ``player_not_found``)."""
        row = self.store.people.player(player_id)
        if row is None:
            raise NotFound("player_not_found", f"no player {player_id}")
        rated, _ = self.store.people.leaderboard(
            pool=None, player_id=player_id, page=1, page_size=len(rating_model.pools())
        )
        games, _ = self.store.people.player_games(
            player_id, status="finished", page=1, page_size=recent, listed_only=True
        )
        return Profile(
            player=PlayerView.of(row),
            bot=bool(row.bot) or row.id.startswith(rating_model.BOT_PREFIX),
            paused_until=self.bot_paused_until(player_id) if row.bot else None,
            ratings=rated,
            recent_games=[game_view(g, full=False) for g in games],
        )

    def player_board(
        self, player_id: str, ended_after: datetime, limit: int = 1000
    ) -> list[BoardSeat]:
        """The player's seats in open and active games and in games ended after
        ``ended_after``, for the player's event stream."""
        return [
            BoardSeat(*r) for r in self.store.people.player_board(player_id, ended_after, limit)
        ]

    def player_turns(self, player_id: str, limit: int = 100) -> list[Turn]:
        """The decisions the player owes now, the nearest deadline first."""
        return [Turn(*r) for r in self.store.people.player_turns(player_id, limit)]
