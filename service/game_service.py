"""The game service: the one place where its parts are composed, shared by the HTTP layer
and the workers, working without a Flask request.

Each part is one concern (``docs/workers.md``, "The service"): ``creation`` (new games,
aborts), ``seating`` (joins, leaves, resigns), ``moves`` (actions), ``turns`` (bot turns
and deadlines, what the workers drive), ``hints`` (the search's suggestion for the seat to
play), ``games`` (reads), ``accounts`` (players),
``labels`` (tournaments and standings), ``ratings``, ``webhooks``, ``notices`` (email and
push), ``chat`` and ``challenges``. Every write
of a game is one transaction of ``GameStore.writing``: load, check, compute the new state
with the engine (``service.rules.play``), write conditionally on the version read with the log
row and the webhook deliveries it owes; after the commit ``AfterCommit`` hands the
follow-up to the scheduler and tells the live streams. Losing a race shows up as a version
conflict and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy.orm import Session, sessionmaker

from service.models import utcnow
from service.parts.account_deletion import AccountDeletion
from service.parts.account_export import AccountExport
from service.parts.accounts import Accounts
from service.parts.admission import Admission, check_standin_level
from service.parts.blocks import Blocks
from service.parts.challenges import Challenges
from service.parts.chat import Chat
from service.parts.creation import Creation
from service.parts.games import GameReads
from service.parts.grants import Grants
from service.parts.hints import Hints, check_hint_level
from service.parts.holds import Holds
from service.parts.labels import Labels
from service.parts.moderation import Moderation
from service.parts.moves import Moves
from service.parts.notice_delivery import NoticeDelivery
from service.parts.notices import Notices
from service.parts.ratings import Ratings
from service.parts.reviews import Reviews
from service.parts.seating import Seating
from service.parts.seeks import Seeks
from service.parts.tournament_formats import TournamentTables
from service.parts.tournament_lifecycle import TournamentLifecycle
from service.parts.tournaments import Tournaments
from service.parts.turns import Turns
from service.parts.webhooks import Webhooks
from service.plumbing.aftercommit import AfterCommit
from service.plumbing.config import Settings
from service.plumbing.db import make_engine, make_sessionmaker, upgrade_database
from service.plumbing.publishing import Publisher, build_publisher
from service.plumbing.scheduling import Scheduler
from service.store.games import GameStore


class GameService:
    """``GameService(sessions, scheduler=None, settings=None, clock=utcnow, publisher=None)``,
    or ``build_service()`` for a ready one. The HTTP layer and the workers hold the same
    kind of object, so every path shares the same checks.

    ``scheduler`` takes the follow-ups (bot turns, deadlines, deliveries) after a commit;
    ``publisher`` announces every committed change to the live streams
    (``service.plumbing.publishing``). Both live in ``after``, shared by every part.
    """

    def __init__(
        self,
        sessions: sessionmaker[Session],
        scheduler: Scheduler | None = None,
        settings: Settings | None = None,
        clock: Callable[[], datetime] = utcnow,
        publisher: Publisher | None = None,
    ) -> None:
        self._settings = settings or Settings()
        check_standin_level(self._settings.standin_level)  # fail at start-up
        check_hint_level(self._settings.hint_level)
        self.sessions = sessions
        self.clock = clock
        self.after = AfterCommit(scheduler, publisher)
        self.store = GameStore(sessions)
        self.store.announce = self.after.webhooks
        self.store.announce_notices = self.after.notices
        parts = (self.store, self.settings, clock, self.after)
        #: A player's webhook endpoints, their delivery log and delivery (the workers').
        self.webhooks = Webhooks(*parts)
        #: What the workers do with the outbox of notices: claim, send, record.
        self.notice_delivery = NoticeDelivery(*parts)
        #: Email and push notices between turns: a player's address and choices, sending.
        self.notices = Notices(*parts, self.notice_delivery)
        #: Labels as tournaments: owners and entrants (who may be seated by whom), tables.
        self.labels = Labels(*parts)
        #: Players, their tokens per device, sign-in codes, names and games.
        self.accounts = Accounts(*parts)
        #: Tokens with scopes: personal access tokens, and OAuth 2 for sites.
        self.grants = Grants(*parts)
        #: Chat at the table and the players' mutes; a post wakes the game's streams.
        self.chat = Chat(*parts)
        self.ratings = Ratings(*parts)
        self.games = GameReads(self.store, self.chat)
        #: The one admission gate of new games: budgets and fair share (``Creation._store``).
        self.admission = Admission(self.settings)
        self.creation = Creation(*parts, self.labels, self.admission)
        self.seating = Seating(*parts)
        self.moves = Moves(*parts)
        self.turns = Turns(*parts, self.moves)
        #: Hints for the seat to play (unrated games): asked here, computed by the workers.
        self.hints = Hints(*parts)
        #: Reviews of finished games: asked here or by a finish, computed by the workers.
        self.reviews = Reviews(*parts)
        #: Quick play: seeks matched into games made by ``creation``.
        self.seeks = Seeks(*parts, self.creation, self.seating)
        #: Blocks: who keeps whom apart (checked by ``holds``, ``seeks`` and the chat reads).
        self.blocks = Blocks(*parts)
        #: What a mute holds against beyond the muted player: its address, for a while.
        self.holds = Holds(*parts)
        self.challenges = Challenges(*parts, self.creation, self.holds)
        #: Each format's seating of a tournament's tables, and the making of their games.
        self.tournament_tables = TournamentTables(*parts, self.creation)
        #: A tournament's life from its start: the workers' steps.
        self.tournament_lifecycle = TournamentLifecycle(*parts, self.tournament_tables)
        #: Tournaments the service runs: pairing, rounds and standings (the workers step them).
        self.tournaments = Tournaments(*parts, self.tournament_lifecycle)
        #: Deleting an account: leaves its games, forgets the person, keeps the records.
        self.account_deletion = AccountDeletion(
            *parts, self.seating, self.seeks, self.challenges, self.tournaments
        )
        #: Reports and moderation: the moderators' queue, their actions and the audit log.
        self.moderation = Moderation(*parts, self.account_deletion)
        #: Downloading one's data: what every part keeps about the player, in one document.
        self.account_export = AccountExport(
            *parts,
            self.grants,
            self.notices,
            self.chat,
            self.ratings,
            self.webhooks,
            self.blocks,
            self.moderation,
        )

    @property
    def settings(self) -> Settings:
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        """Replace the settings of every part at once (tests change one at a time)."""
        self._settings = settings
        for part in vars(self).values():
            if part is not self and hasattr(part, "settings") and not isinstance(part, Settings):
                part.settings = settings

    @property
    def scheduler(self) -> Scheduler:
        return self.after.scheduler

    @scheduler.setter
    def scheduler(self, scheduler: Scheduler) -> None:
        """Swap the scheduler every part hands its follow-ups to (tests do)."""
        self.after.scheduler = scheduler

    @property
    def publisher(self) -> Publisher:
        return self.after.publisher

    @publisher.setter
    def publisher(self, publisher: Publisher) -> None:
        self.after.publisher = publisher


def build_service(
    settings: Settings | None = None,
    scheduler: Scheduler | None = None,
    *,
    migrate: bool | None = None,
) -> GameService:
    """A ready GameService outside Flask (workers, scripts): the database (migrated when
    ``migrate``, default ``settings.auto_migrate``) and the publisher the settings name.

    ``scheduler``: what takes the follow-ups; the app and the worker hand in theirs
    (``api.app.scheduler_for``, ``workers.runtime``), None keeps them nowhere (``NullScheduler``).
    """
    settings = settings or Settings.from_env()
    if migrate if migrate is not None else settings.auto_migrate:
        upgrade_database(settings.database_url)
    engine = make_engine(settings.database_url, echo=settings.sql_echo)
    return GameService(
        make_sessionmaker(engine), scheduler, settings, publisher=build_publisher(settings)
    )
