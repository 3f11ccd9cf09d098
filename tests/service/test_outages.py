"""Which errors are outages (``service.plumbing.outages``): the database or Redis away, as a
restart, a failover or a cut shows them, and nothing else. The errors are built as the
drivers raise them; the servers themselves are stopped in tests/api/test_api_outages.py."""

from __future__ import annotations

import logging

import psycopg
import psycopg.errors
import pytest
import redis.exceptions
import sqlalchemy.exc
from kombu.exceptions import OperationalError as BrokerError

from service.plumbing.outages import describe, log_failure, outage_of


def wrapped(orig: Exception, kind: type = sqlalchemy.exc.OperationalError, **kw: bool) -> Exception:
    """The error as SQLAlchemy raises it around the driver's."""
    return kind("SELECT games.id FROM games WHERE games.id = %(id)s", {"id": "x"}, orig, **kw)


@pytest.mark.parametrize(
    ("err", "outage"),
    [
        (wrapped(psycopg.OperationalError("connection failed: Connection refused")), "database"),
        (wrapped(psycopg.errors.AdminShutdown("terminating connection")), "database"),
        (
            wrapped(psycopg.errors.CannotConnectNow("the database system is starting up")),
            "database",
        ),
        (wrapped(psycopg.errors.ConnectionFailure("server closed the connection")), "database"),
        (
            wrapped(
                psycopg.InterfaceError("the connection is closed"), sqlalchemy.exc.InterfaceError
            ),
            "database",
        ),
        (
            wrapped(psycopg.errors.QueryCanceled("statement timeout"), connection_invalidated=True),
            "database",
        ),
        (sqlalchemy.exc.TimeoutError("QueuePool limit of size 5 overflow 10 reached"), "database"),
        (sqlalchemy.exc.DisconnectionError("gone"), "database"),
        (psycopg.OperationalError("connection failed"), "database"),
        (redis.exceptions.ConnectionError("Error 111 connecting"), "redis"),
        (redis.exceptions.TimeoutError("Timeout reading from socket"), "redis"),
        (BrokerError("Error 111 connecting"), "redis"),
        # Not outages: faults of a statement or of ours stay internal errors.
        (
            wrapped(
                psycopg.errors.UndefinedTable("no_such_table"), sqlalchemy.exc.ProgrammingError
            ),
            None,
        ),
        (
            wrapped(psycopg.errors.UniqueViolation("duplicate key"), sqlalchemy.exc.IntegrityError),
            None,
        ),
        (wrapped(psycopg.errors.SerializationFailure("could not serialize")), None),
        (wrapped(psycopg.errors.QueryCanceled("statement timeout")), None),
        (redis.exceptions.ResponseError("WRONGTYPE"), None),
        (ValueError("a bug"), None),
    ],
)
def test_outages_are_told_from_faults(err: Exception, outage: str | None) -> None:
    assert outage_of(err) == outage


def test_an_outage_is_one_line_naming_the_drivers_error_without_the_statement(
    caplog: pytest.LogCaptureFixture,
) -> None:
    err = wrapped(psycopg.OperationalError("connection failed: refused\nIs the server running?"))
    assert describe(err) == "OperationalError: connection failed: refused"
    log = logging.getLogger("test.outages")
    with caplog.at_level(logging.WARNING):
        log_failure(log, err, "could not read %s", "g1")
        log_failure(log, ValueError("a bug"), "could not read %s", "g2")
    outage, fault = caplog.records
    assert outage.levelno == logging.WARNING and outage.exc_info is None
    assert outage.getMessage() == (
        "could not read g1 (database unavailable: OperationalError: connection failed: refused)"
    )
    assert fault.levelno == logging.ERROR and fault.exc_info is not None
