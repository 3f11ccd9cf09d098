"""Which errors mean that a backing service is away (the database, Redis), as opposed to a
fault of ours, and how they are logged: one line each, with no traceback.

A restart or failover of PostgreSQL or Redis is an operating condition, not a bug: the
readiness probe reports it (``api.health``), the API answers 503 ``unavailable`` to a
request that needed the missing service (``api.outages``), and whatever can wait for it
(a task message, a stream notice) is logged in one line and picked up later by the sweeps.
A traceback per failed request would bury the one line that says what happened.
"""

from __future__ import annotations

import logging
from typing import Literal

import psycopg
import redis.exceptions
import sqlalchemy.exc
from kombu.exceptions import OperationalError as BrokerError

Outage = Literal["database", "redis"]

#: SQLSTATE classes of a server that is gone or going: connection exceptions (08...),
#: and "operator intervention" (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
#: connect now: starting up or shutting down).
_DATABASE_GONE = ("08", "57P01", "57P02", "57P03")

#: Errors a request can meet when a service is away (what ``api.outages`` listens for).
CANDIDATES: tuple[type[BaseException], ...] = (
    sqlalchemy.exc.DBAPIError,
    sqlalchemy.exc.DisconnectionError,
    sqlalchemy.exc.TimeoutError,
    psycopg.OperationalError,
    psycopg.InterfaceError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    BrokerError,
)


def _database_gone(err: BaseException) -> bool:
    """A psycopg error of a connection that could not be made or was lost: no SQLSTATE
    (refused, reset, closed) or one of ``_DATABASE_GONE``."""
    if not isinstance(err, psycopg.OperationalError | psycopg.InterfaceError):
        return False
    state = getattr(err, "sqlstate", None)
    return state is None or state.startswith(_DATABASE_GONE)


def outage_of(err: BaseException) -> Outage | None:
    """``"database"`` or ``"redis"`` when ``err`` says that service is unreachable; None for
    anything else (a bad statement, a constraint, a bug), which stays an internal error."""
    if isinstance(err, sqlalchemy.exc.DisconnectionError | sqlalchemy.exc.TimeoutError):
        return "database"
    if isinstance(err, sqlalchemy.exc.DBAPIError):
        if err.connection_invalidated or _database_gone(err.orig):
            return "database"
        return None
    if _database_gone(err):
        return "database"
    if isinstance(err, redis.exceptions.ConnectionError | redis.exceptions.TimeoutError):
        return "redis"
    if isinstance(err, BrokerError):
        return "redis"
    return None


def describe(err: BaseException) -> str:
    """One line: the error's class and the first line of its message (for a SQLAlchemy
    error, the driver's, without the statement)."""
    shown = err.orig if isinstance(err, sqlalchemy.exc.DBAPIError) and err.orig else err
    first = (str(shown).strip().splitlines() or [""])[0]
    return f"{type(shown).__name__}: {first[:200]}"


def log_failure(logger: logging.Logger, err: BaseException, message: str, *args: object) -> None:
    """Log a failure the caller gets over: one warning line for an outage, the traceback
    (``logger.exception``'s level, ERROR) for anything else, which is a fault to look at."""
    outage = outage_of(err)
    if outage is None:
        logger.error(message, *args, exc_info=err)
    else:
        logger.warning(f"{message} ({outage} unavailable: %s)", *args, describe(err))
