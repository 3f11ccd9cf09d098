"""Settings read from the environment, with an embedded default for every value.

One frozen object is passed around instead of reading ``os.environ`` at call sites, so tests
can build a service or an app with exactly the settings they need.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

DEFAULT_DATABASE_URL = "sqlite:///var/ursuppe.sqlite"


def _env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return int(raw) if raw not in (None, "") else default


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw not in (None, "") else default


def _env_floats(name: str, default: tuple[float, ...]) -> tuple[float, ...]:
    raw = os.environ.get(name)
    if raw in (None, ""):
        return default
    return tuple(float(part) for part in raw.split(",") if part.strip())


#: Seconds between a webhook delivery's failed attempt and the next: exponential (x3 from
#: 10 s), ten attempts over about 27 hours (docs/api.md, "Webhooks").
WEBHOOK_RETRY_SCHEDULE: tuple[float, ...] = tuple(10.0 * 3**n for n in range(9))


#: Seconds between a notice's failed send and the next try: five tries over about 2.5 hours.
NOTICE_RETRY_SCHEDULE: tuple[float, ...] = (60.0, 300.0, 1800.0, 7200.0)


@dataclass(frozen=True)
class MailSettings:
    """How notices leave (docs/deploy.md, "Email and push notices"). Email goes through
    ``smtp_host`` when set, else into the mbox file ``file`` (``make run``); with neither,
    no address can be added. ``public_url`` starts every link in an email or push notice.
    ``per_hour``: emails to one recipient in any hour (the rest wait). Push needs both
    VAPID key (``vapid_private``: the PEM or its path; ``vapid_public``, base64url, is
    derived from it when not given)."""

    smtp_host: str = ""
    smtp_port: int = 587
    smtp_user: str = ""
    smtp_password: str = ""
    #: "starttls" | "ssl" | "none"
    smtp_tls: str = "starttls"
    smtp_timeout: float = 20.0
    file: str = ""
    sender: str = "Ursuppe <noreply@localhost>"
    public_url: str = "http://localhost:8000"
    per_hour: int = 6
    retry_schedule: tuple[float, ...] = NOTICE_RETRY_SCHEDULE
    digest_hours: float = 24.0
    vapid_private: str = ""
    vapid_public: str = ""
    vapid_subject: str = "mailto:admin@localhost"

    @property
    def email_enabled(self) -> bool:
        return bool(self.smtp_host or self.file)

    @property
    def push_enabled(self) -> bool:
        return bool(self.vapid_private)

    @classmethod
    def from_env(cls) -> MailSettings:
        env = os.environ.get
        return cls(
            smtp_host=env("URSUPPE_SMTP_HOST", ""),
            smtp_port=_env_int("URSUPPE_SMTP_PORT", cls.smtp_port),
            smtp_user=env("URSUPPE_SMTP_USER", ""),
            smtp_password=env("URSUPPE_SMTP_PASSWORD", ""),
            smtp_tls=env("URSUPPE_SMTP_TLS") or cls.smtp_tls,
            smtp_timeout=_env_float("URSUPPE_SMTP_TIMEOUT", cls.smtp_timeout),
            file=env("URSUPPE_MAIL_FILE", ""),
            sender=env("URSUPPE_MAIL_FROM") or cls.sender,
            public_url=(env("URSUPPE_PUBLIC_URL") or cls.public_url).rstrip("/"),
            per_hour=max(_env_int("URSUPPE_MAIL_PER_HOUR", cls.per_hour), 1),
            retry_schedule=_env_floats("URSUPPE_NOTICE_RETRY_SCHEDULE", NOTICE_RETRY_SCHEDULE),
            digest_hours=_env_float("URSUPPE_DIGEST_HOURS", cls.digest_hours),
            vapid_private=env("URSUPPE_VAPID_PRIVATE_KEY", ""),
            vapid_public=env("URSUPPE_VAPID_PUBLIC_KEY", ""),
            vapid_subject=env("URSUPPE_VAPID_SUBJECT") or cls.vapid_subject,
        )


@dataclass(frozen=True)
class Settings:
    """Everything the service and the HTTP layer can be configured with.

    ``rate_limit`` is ``"<requests>/<seconds>"`` per token (or client address); empty means
    off, which is the default because a reverse proxy usually does this job in production.
    ``player_rate_limit`` is the budget of each player token (a tournament site may get a
    larger one); empty means the same as ``rate_limit``. The costly requests have budgets
    of their own, on by default, each counted for the player and again for the client
    address (players minted at one address share its ceiling): ``bulk_rate_limit`` for
    ``POST /games/bulk``, ``search_game_rate_limit`` for games with search bots (seats or
    stand-ins, one per game, from any route), ``chat_rate_limit`` for chat messages,
    ``player_create_rate_limit`` for ``POST /players`` (per address only) and
    ``signin_rate_limit`` for sign-in codes (wrong codes per address, codes issued per
    player), ``oauth_token_rate_limit`` for the OAuth 2 token endpoint (per address),
    ``challenge_rate_limit`` for challenges and rematches a player offers,
    ``challenge_target_rate_limit`` for the challenges one player receives (per invited
    player only) and ``tournament_rate_limit`` for new tournaments.
    ``mute_hold_seconds``: how long a mute also holds against other players from an
    address the muted player used, and how long those addresses are kept (hashed).
    ``email_rate_limit`` for setting an email address (each one mails a verification link).
    ``report_rate_limit`` for the reports a player files (``POST /reports``).
    ``trusted_proxies``: how many reverse proxies stand in front of the API and set
    ``X-Forwarded-For`` (0: none; the client address is the connection's).
    """

    database_url: str = DEFAULT_DATABASE_URL
    redis_url: str | None = None
    secret_key: str = "dev-only-not-secret"
    scheduler: str = "auto"  # "auto" | "celery" | "none"
    auto_migrate: bool = True
    default_time_limit: int = 600  # seconds per human decision; 0 = no limit
    max_time_limit: int = 7 * 24 * 3600
    #: Seconds a bot may think before the random fallback: above every level's own budget
    #: (the correspondence level, ``mcts-5s``, thinks 5 s), under the task's soft limit (20 s).
    bot_time_budget: float = 6.0
    bot_grace: int = 30  # seconds after which the sweep plays a bot turn whose task was lost
    #: A bot run (one worker task, one transaction: docs/workers.md, "Bot runs") plays at
    #: most this many consecutive bot decisions of a game, and starts no new one after
    #: ``bot_run_ms`` milliseconds, so one game cannot hold a worker.
    bot_run_decisions: int = 32
    bot_run_ms: int = 200
    #: The stand-in for a human who timed out or resigned, unless the game's options name
    #: one: the best level that answers within a small budget (docs/ai.md, "Stand-ins").
    standin_level: str = "greedy"
    #: The search level whose evaluation a hint reports (``service.parts.hints``): a level of the
    #: ``mcts`` family, thinking within its own budget (docs/ai.md, "Hints").
    hint_level: str = "mcts-fast"
    #: Game reviews (``service.parts.reviews``, docs/ai.md "Game review"): search iterations per
    #: decision reviewed (counted, so that a review is the same on a busy machine: 170 is
    #: ``mcts-fast``'s budget at an idle core's rate), reviews one owner may ask for in 24
    #: hours (a finished game's own counts against its owner's), and whether a game with a
    #: person in it is reviewed when it finishes.
    review_iterations: int = 170
    review_owner_budget: int = 20
    review_on_finish: bool = True
    max_content_length: int = 64 * 1024
    rate_limit: str = ""
    player_rate_limit: str = ""
    bulk_rate_limit: str = "10/60"
    search_game_rate_limit: str = "30/3600"
    chat_rate_limit: str = "10/10"
    player_create_rate_limit: str = "10/600"
    signin_rate_limit: str = "10/600"
    oauth_token_rate_limit: str = "30/60"
    challenge_rate_limit: str = "20/600"
    challenge_target_rate_limit: str = "30/600"
    tournament_rate_limit: str = "5/3600"
    mute_hold_seconds: int = 3600
    email_rate_limit: str = "5/3600"
    report_rate_limit: str = "10/3600"
    trusted_proxies: int = 0
    require_precondition: bool = True  # actions need If-Match or expected_seq, else 428
    log_page_max: int = 500
    cors_origins: tuple[str, ...] = ()  # browser origins allowed to call the API; "*" = any
    sql_echo: bool = False
    #: Webhook targets on loopback, private or link-local addresses are refused (SSRF)
    #: unless this is set (tests, a site on the same private network).
    webhooks_allow_private: bool = False
    webhook_retry_schedule: tuple[float, ...] = WEBHOOK_RETRY_SCHEDULE
    #: An endpoint is disabled after this many deliveries in a row failed for good.
    webhook_disable_after: int = 5
    webhook_timeout: float = 10.0  # seconds per attempt (connect and read)
    #: ``/metrics`` on the HTTP processes (docs/deploy.md, "Metrics"); off: no such route.
    metrics_enabled: bool = True
    #: When set, ``/metrics`` (and the workers' exporters) need ``Bearer <this token>``.
    metrics_token: str = ""
    #: A worker or beat heartbeat older than this (seconds) is reported as not recent.
    heartbeat_stale: float = 60.0
    #: Email and push notices (``MailSettings``).
    mail: MailSettings = field(default_factory=MailSettings)
    extra: dict = field(default_factory=dict)

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Read ``URSUPPE_*``/conventional variables; keyword overrides win."""
        settings = cls(
            database_url=os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL,
            redis_url=os.environ.get("REDIS_URL") or None,
            secret_key=os.environ.get("SECRET_KEY") or cls.secret_key,
            scheduler=os.environ.get("URSUPPE_SCHEDULER") or "auto",
            auto_migrate=_env_bool("URSUPPE_AUTO_MIGRATE", True),
            default_time_limit=_env_int("URSUPPE_DEFAULT_TIME_LIMIT", cls.default_time_limit),
            bot_time_budget=_env_float("URSUPPE_BOT_TIME_BUDGET", cls.bot_time_budget),
            bot_grace=_env_int("URSUPPE_BOT_GRACE", cls.bot_grace),
            bot_run_decisions=max(_env_int("URSUPPE_BOT_RUN_DECISIONS", cls.bot_run_decisions), 1),
            bot_run_ms=_env_int("URSUPPE_BOT_RUN_MS", cls.bot_run_ms),
            standin_level=os.environ.get("URSUPPE_STANDIN_LEVEL") or cls.standin_level,
            hint_level=os.environ.get("URSUPPE_HINT_LEVEL") or cls.hint_level,
            review_iterations=max(_env_int("URSUPPE_REVIEW_ITERATIONS", cls.review_iterations), 16),
            review_owner_budget=_env_int("URSUPPE_REVIEW_OWNER_BUDGET", cls.review_owner_budget),
            review_on_finish=_env_bool("URSUPPE_REVIEW_ON_FINISH", cls.review_on_finish),
            max_content_length=_env_int("URSUPPE_MAX_CONTENT_LENGTH", cls.max_content_length),
            rate_limit=os.environ.get("URSUPPE_RATE_LIMIT", ""),
            player_rate_limit=os.environ.get("URSUPPE_PLAYER_RATE_LIMIT", ""),
            bulk_rate_limit=os.environ.get("URSUPPE_BULK_RATE_LIMIT", cls.bulk_rate_limit),
            search_game_rate_limit=os.environ.get(
                "URSUPPE_SEARCH_GAME_RATE_LIMIT", cls.search_game_rate_limit
            ),
            chat_rate_limit=os.environ.get("URSUPPE_CHAT_RATE_LIMIT", cls.chat_rate_limit),
            player_create_rate_limit=os.environ.get(
                "URSUPPE_PLAYER_CREATE_RATE_LIMIT", cls.player_create_rate_limit
            ),
            signin_rate_limit=os.environ.get("URSUPPE_SIGNIN_RATE_LIMIT", cls.signin_rate_limit),
            oauth_token_rate_limit=os.environ.get(
                "URSUPPE_OAUTH_TOKEN_RATE_LIMIT", cls.oauth_token_rate_limit
            ),
            challenge_rate_limit=os.environ.get(
                "URSUPPE_CHALLENGE_RATE_LIMIT", cls.challenge_rate_limit
            ),
            challenge_target_rate_limit=os.environ.get(
                "URSUPPE_CHALLENGE_TARGET_RATE_LIMIT", cls.challenge_target_rate_limit
            ),
            tournament_rate_limit=os.environ.get(
                "URSUPPE_TOURNAMENT_RATE_LIMIT", cls.tournament_rate_limit
            ),
            mute_hold_seconds=max(_env_int("URSUPPE_MUTE_HOLD_SECONDS", cls.mute_hold_seconds), 0),
            email_rate_limit=os.environ.get("URSUPPE_EMAIL_RATE_LIMIT", cls.email_rate_limit),
            report_rate_limit=os.environ.get("URSUPPE_REPORT_RATE_LIMIT", cls.report_rate_limit),
            trusted_proxies=_env_int("URSUPPE_TRUSTED_PROXIES", cls.trusted_proxies),
            require_precondition=_env_bool("URSUPPE_REQUIRE_PRECONDITION", True),
            sql_echo=_env_bool("URSUPPE_SQL_ECHO", False),
            webhooks_allow_private=_env_bool("URSUPPE_WEBHOOKS_ALLOW_PRIVATE", False),
            webhook_retry_schedule=_env_floats(
                "URSUPPE_WEBHOOK_RETRY_SCHEDULE", WEBHOOK_RETRY_SCHEDULE
            ),
            webhook_disable_after=_env_int(
                "URSUPPE_WEBHOOK_DISABLE_AFTER", cls.webhook_disable_after
            ),
            webhook_timeout=_env_float("URSUPPE_WEBHOOK_TIMEOUT", cls.webhook_timeout),
            metrics_enabled=_env_bool("URSUPPE_METRICS", True),
            metrics_token=os.environ.get("URSUPPE_METRICS_TOKEN", ""),
            heartbeat_stale=_env_float("URSUPPE_HEARTBEAT_STALE", cls.heartbeat_stale),
            mail=MailSettings.from_env(),
            cors_origins=tuple(
                o.strip()
                for o in os.environ.get("URSUPPE_CORS_ORIGINS", "").split(",")
                if o.strip()
            ),
        )
        return replace(settings, **overrides) if overrides else settings


def ensure_sqlite_dir(database_url: str) -> None:
    """Create the directory of a file-based SQLite URL (``var/`` by default)."""
    prefix = "sqlite:///"
    if not database_url.startswith(prefix):
        return
    path = database_url[len(prefix) :].split("?", 1)[0]
    if path and path != ":memory:":
        Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
