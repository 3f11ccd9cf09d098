"""The tasks: a bot's turn, a deadline's expiry, a finished game's ratings, a hint, the
periodic deadline sweep, a webhook delivery with its sweep, and a quick-play seek's fill with its
sweep.

Every task is keyed on ``(game_id, seq)`` and delegates the decision "is this still the
pending decision?" to the game service, which checks it inside the same transaction that
applies the move. A stale, repeated or redelivered task therefore does nothing, which is
what makes ``acks_late`` redelivery and the sweep/ETA overlap safe.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import kombu.exceptions
import redis.exceptions
import sqlalchemy.exc
from celery import Task
from celery.exceptions import SoftTimeLimitExceeded, TimeLimitExceeded

from service.plumbing import metrics
from workers import heartbeat, recovery, runtime
from workers.celery_app import app
from workers.config import settings_of

log = logging.getLogger(__name__)

#: Errors worth retrying: the database or the broker went away for a moment.
#: (SQLAlchemy's OperationalError also covers SQLite's "database is locked" and
#: PostgreSQL serialization failures/deadlocks reported through psycopg.)
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (
    sqlalchemy.exc.OperationalError,
    sqlalchemy.exc.DisconnectionError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    kombu.exceptions.OperationalError,
    ConnectionError,
)

_settings = settings_of(app)


class GameTask(Task):
    """Base for the game tasks: retry transient failures with exponential backoff."""

    autoretry_for = TRANSIENT_ERRORS
    # Celery draws the jittered delay with ``random.randrange``: the factor must be an int.
    retry_backoff = 1  # up to 1 s before the first retry, then doubling
    retry_backoff_max = 30
    retry_jitter = True
    max_retries = 10
    acks_late = True
    ignore_result = True


class BotTurnTask(GameTask):
    """A bot's turn; when the pool kills it at the hard limit, a RandomBot move follows."""

    def on_failure(self, exc: Exception, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        # Celery calls this in the worker's main process after a hard time limit killed
        # the child: the soft-limit handler never ran, so enqueue the fallback from here.
        if isinstance(exc, TimeLimitExceeded) and len(args) >= 2:
            game_id, seq = args[0], args[1]
            log.error("bot turn %s/%s killed at the hard limit; enqueueing fallback", game_id, seq)
            bot_fallback.apply_async((game_id, seq), task_id=f"bot-fallback-{game_id}-{seq}")


@app.task(
    base=BotTurnTask,
    bind=True,
    name="workers.tasks.bot_turn",
    soft_time_limit=_settings.bot_soft_time_limit,
    time_limit=_settings.bot_time_limit,
)
def bot_turn(self: Task, game_id: str, seq: int) -> bool:
    """Play the bot seat's move for decision ``seq`` of ``game_id``; False when stale.

    The service asks the seat's bot within its own budget (RandomBot on overrun) and
    applies the move exactly like an HTTP action, then schedules the next task itself.
    The soft time limit here is only the last line of defence against a bot that ignores
    its budget.
    """
    service = runtime.get_service()
    try:
        applied = bool(service.turns.play_bot_run(game_id, seq))
    except SoftTimeLimitExceeded:
        log.warning("bot turn %s/%s over the soft limit; RandomBot fallback", game_id, seq)
        applied = service.turns.play_random_turn(game_id, seq)
    if not applied and _redelivered(self):
        runtime.resume_if_orphaned(service, game_id, seq)
    return applied


@app.task(base=GameTask, name="workers.tasks.bot_fallback", soft_time_limit=10, time_limit=20)
def bot_fallback(game_id: str, seq: int) -> bool:
    """Apply a RandomBot move for ``(game_id, seq)`` when the real bot was killed."""
    return runtime.get_service().turns.play_random_turn(game_id, seq)


@app.task(
    base=GameTask,
    bind=True,
    name="workers.tasks.expire_deadline",
    soft_time_limit=30,
    time_limit=60,
)
def expire_deadline(self: Task, game_id: str, seq: int) -> bool:
    """Apply the game's timeout policy to decision ``seq``; False when stale or not due.

    Fired by the ETA message and, independently, by the sweep: the service's conditional
    update guarantees the policy applies once however many of them arrive.
    """
    service = runtime.get_service()
    applied = bool(service.turns.expire_deadline(game_id, seq))
    if not applied and _redelivered(self):
        runtime.resume_if_orphaned(service, game_id, seq)
    return applied


@app.task(base=GameTask, name="workers.tasks.rate_game", soft_time_limit=30, time_limit=60)
def rate_game(game_id: str) -> int | None:
    """Update the ratings of a finished rated game's players; None when it was rated
    before (a duplicated or replayed message: ``rated_games`` is keyed by the game)."""
    return runtime.get_service().ratings.rate_game(game_id)


@app.task(base=GameTask, name="workers.tasks.compute_hint", soft_time_limit=10, time_limit=20)
def compute_hint(game_id: str, seq: int) -> bool:
    """Compute the hint a seat asked for at ``seq`` (``service.parts.hints``), with the hint level
    within its own budget; False when it is computed, taken by another task, or stale."""
    try:
        return runtime.get_service().hints.compute(game_id, seq)
    except SoftTimeLimitExceeded:  # the search honours its budget; this is the last line
        log.warning("hint %s/%s over the soft limit; asking again sends it again", game_id, seq)
        return False


@app.task(base=GameTask, name="workers.tasks.review_game", soft_time_limit=1500, time_limit=1560)
def review_game(game_id: str) -> bool:
    """Review a finished game (``service.parts.reviews``): the search weighs every decision
    with ``URSUPPE_REVIEW_ITERATIONS`` iterations each. Sent to the reviews queue only, which
    the workers of games in play never consume; False when there is nothing to do."""
    try:
        return runtime.get_service().reviews.review(game_id)
    except SoftTimeLimitExceeded:  # stays pending: the sweep sends it again after its lease
        log.warning("review of %s over the soft limit", game_id)
        return False


#: How long a sweep leaves a deadline that just passed, or a delivery just written, to the
#: message already sent for it (the ETA task, the commit's hint).
HINT_GRACE = timedelta(seconds=1)


@app.task(base=GameTask, name="workers.tasks.sweep_deadlines", soft_time_limit=30, time_limit=60)
def sweep_deadlines() -> int:
    """Hand out every deadline that is due, and give an ETA message to each human deadline
    that came within the ETA horizon (beat runs this every few seconds).

    The due half catches what an ETA message could not: a message lost with a broker, a
    worker that was down when it fell due. The upcoming half is how a deadline further
    away than the horizon when it was set (correspondence play) still fires on time
    without a message waiting in a worker all along; the scheduler sends each such
    message once.
    """
    with app.pool.acquire(block=True) as conn:
        client = conn.default_channel.client
        heartbeat.record(client, _settings.queue, "worker")  # every worker that runs one
        if not take_tick(client, _settings.queue, _settings.sweep_interval):
            log.debug("another scheduler swept this tick")
            return 0
        # What a killed worker held, back on the queue at once (workers.recovery).
        recovery.recover(conn.default_channel, _settings.queue)
    service = runtime.get_service()
    now = datetime.now(UTC)
    # A deadline that passed within HINT_GRACE has its ETA message firing now: the sweep
    # is for lost messages and would only race it.
    due = service.turns.due_deadlines(now - HINT_GRACE, _settings.sweep_limit)
    for game_id, seq in due:
        expire_deadline.apply_async((game_id, seq), expires=max(_settings.sweep_interval, 5.0))
    metrics.SWEEP_RUNS.labels("deadlines").inc()
    metrics.SWEEP_ITEMS.labels("deadlines").inc(len(due))
    if due:
        log.info("deadline sweep handed out %d due deadline(s)", len(due))
    horizon = now + timedelta(seconds=_settings.eta_horizon)
    for game_id, seq, eta in service.turns.upcoming_deadlines(horizon, _settings.sweep_limit):
        service.scheduler.deadline(game_id, seq, eta)
    # Ratings whose message was lost (finished a while ago, still due): send again.
    stale = now - timedelta(seconds=_settings.rating_grace)
    for game_id in service.ratings.due_ratings(stale, _settings.sweep_limit):
        rate_game.apply_async((game_id,), expires=max(_settings.sweep_interval, 5.0))
    # Reviews still pending after their lease (a lost message, a killed review worker).
    from service.parts.reviews import LEASE as REVIEW_LEASE  # after the fork, as metrics above

    for game_id in service.reviews.resend_pending(now - REVIEW_LEASE, _settings.sweep_limit):
        service.scheduler.review(game_id)
    # Client addresses (hashed) kept for the mute holds: none past their window.
    service.holds.forget()
    return len(due)


@app.task(base=GameTask, name="workers.tasks.deliver_webhook", soft_time_limit=60, time_limit=90)
def deliver_webhook(delivery_id: str) -> str:
    """Make the due attempt of one webhook delivery (``service.parts.webhooks``): a no-op when
    it is not due, already taken or its endpoint is disabled, so duplicates from the
    commit's hint and the sweep are harmless. A failure schedules the next attempt in the
    row; the sweep sends it when due."""
    outcome = runtime.get_service().webhooks.deliver(delivery_id)
    log.debug("webhook delivery %s: %s", delivery_id, outcome)
    return outcome


def _hand_out_due(kind: str, due_of: Callable[..., list[str]], task: Any, message: str) -> int:
    """One sweep of ``kind`` (beat runs it every few seconds, one sweep per tick across
    beats like the deadline sweep): enqueue ``task`` for each id ``due_of`` finds due.

    An item written in the last HINT_GRACE has its commit's hint on the way: leaving it to
    the hint keeps the sweep from racing it (the sweep is for lost hints and retries)."""
    with app.pool.acquire(block=True) as conn:
        tick = f"{_settings.queue}:{kind}"
        if not take_tick(conn.default_channel.client, tick, _settings.sweep_interval):
            return 0
    before = datetime.now(UTC) - HINT_GRACE
    due = due_of(now=before, limit=_settings.sweep_limit)
    for item_id in due:
        task.apply_async((item_id,), expires=max(_settings.sweep_interval, 5.0))
    metrics.SWEEP_RUNS.labels(kind).inc()
    metrics.SWEEP_ITEMS.labels(kind).inc(len(due))
    if due:
        log.info(message, len(due))
    return len(due)


@app.task(base=GameTask, name="workers.tasks.sweep_webhooks", soft_time_limit=30, time_limit=60)
def sweep_webhooks() -> int:
    """Enqueue every webhook delivery whose attempt is due (``_hand_out_due``)."""
    return _hand_out_due(
        "webhooks",
        runtime.get_service().webhooks.due,
        deliver_webhook,
        "webhook sweep handed out %d due deliveries",
    )


@app.task(base=GameTask, name="workers.tasks.send_notice", soft_time_limit=60, time_limit=90)
def send_notice(notice_id: str) -> str:
    """Make the due attempt of one email or push notice (``service.parts.notice_delivery``):
    a no-op when it is not due or already taken; a turn played meanwhile is dropped, not
    sent."""
    outcome = runtime.get_service().notices.deliver(notice_id)
    log.debug("notice %s: %s", notice_id, outcome)
    return outcome


@app.task(base=GameTask, name="workers.tasks.sweep_notices", soft_time_limit=30, time_limit=60)
def sweep_notices() -> int:
    """Enqueue every notice whose attempt is due (``_hand_out_due``): retries, digests whose
    period ended, notices held by the rate limit, lost hints."""
    return _hand_out_due(
        "notices",
        runtime.get_service().notices.due,
        send_notice,
        "notice sweep handed out %d due notices",
    )


@app.task(base=GameTask, name="workers.tasks.fill_seek", soft_time_limit=30, time_limit=60)
def fill_seek(seek_id: str) -> str | None:
    """A quick-play seek's wait is over: make its game, bots in the seats nobody took
    (``service.parts.seeks``); None when it was matched or cancelled first, or is not due."""
    return runtime.get_service().seeks.fill(seek_id)


@app.task(base=GameTask, name="workers.tasks.sweep_seeks", soft_time_limit=30, time_limit=60)
def sweep_seeks() -> int:
    """Fill every seek whose wait is over (beat runs this every few seconds, one sweep per
    tick across beats): the safety net under ``fill_seek``'s ETA message."""
    with app.pool.acquire(block=True) as conn:
        tick = f"{_settings.queue}:seeks"
        if not take_tick(conn.default_channel.client, tick, _settings.sweep_interval):
            return 0
    made = runtime.get_service().seeks.sweep(limit=_settings.sweep_limit)
    if made:
        log.info("seek sweep made %d game(s)", len(made))
    return len(made)


@app.task(base=GameTask, name="workers.tasks.step_tournament", soft_time_limit=120, time_limit=180)
def step_tournament(tournament_id: str) -> bool:
    """A tournament's start (or an arena's end) is due: step it (``service.parts.tournaments``);
    every step is safe to repeat, so this and the sweep may overlap."""
    report = runtime.get_service().tournaments.step(tournament_id)
    return bool(report.started or report.paired or report.closed or report.finished)


@app.task(base=GameTask, name="workers.tasks.sweep_tournaments", soft_time_limit=120,
          time_limit=180)  # fmt: skip
def sweep_tournaments() -> int:
    """Step every running tournament (and every upcoming one whose start has come): close
    the rounds whose games are over, pair the next, make their games. Beat runs this every
    few seconds, one sweep per tick across beats."""
    with app.pool.acquire(block=True) as conn:
        tick = f"{_settings.queue}:tournaments"
        if not take_tick(conn.default_channel.client, tick, _settings.sweep_interval):
            return 0
    reports = runtime.get_service().tournaments.sweep(limit=_settings.sweep_limit)
    return sum(1 for r in reports.values() if r.paired or r.closed or r.started or r.finished)


def take_tick(client: Any, queue: str, interval: float) -> bool:
    """True for the one sweep of this tick: a Redis key (``SET NX PX``) held for most of
    the interval. Two beat instances may run (no single point of failure); each sends a
    sweep per tick and the first to take the key sweeps, the other returns at once. A
    beat that dies leaves a key that expires before the next tick."""
    ttl_ms = max(int(interval * 900), 100)
    return bool(client.set(f"ursuppe:sweep:{queue}", 1, nx=True, px=ttl_ms))


def _redelivered(task: Task) -> bool:
    """True when the broker re-sent this message (its first consumer died holding it)."""
    return bool((task.request.delivery_info or {}).get("redelivered"))


@app.task(name="workers.tasks.ping", ignore_result=False, acks_late=False)
def ping() -> str:
    """Health/readiness probe: proves a worker consumes this queue."""
    return "pong"
