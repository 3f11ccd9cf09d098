"""A request that meets a database or Redis outage answers 503 ``unavailable`` with
``Retry-After``, and leaves one log line.

Which errors are outages is ``service.plumbing.outages``'s call: a lost or refused connection, a
server shutting down or starting up, a pool with no connection to give. Anything else
that reaches here (a bad statement, a constraint nobody caught) is re-raised: Flask logs
it once, with its traceback, and it answers 500 ``internal_error`` as before.

The readiness probe (``/readyz``) reports the same outage (``degraded``) without taking the
process out of rotation: every process meets it alike, and this answer is the one players
should get. A client that got 503 retries after the delay, with its ``Idempotency-Key``
where the request has one (docs/api.md), and nothing applies twice.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, request

from api.problems import problem_response
from service.plumbing.outages import CANDIDATES, describe, outage_of

log = logging.getLogger(__name__)

#: Seconds a client should wait before retrying: about what a PostgreSQL or Redis restart
#: takes, short enough for a failover to be over by then.
RETRY_AFTER = 5


def install(app: Flask) -> None:
    """Register the handler for every error that may be an outage."""
    for kind in CANDIDATES:
        app.register_error_handler(kind, _unavailable)


def _unavailable(err: Exception) -> Response:
    outage = outage_of(err)
    if outage is None:
        raise err  # not an outage: Flask's own 500 path (one traceback)
    log.warning(
        "%s unavailable: %s %s answered 503 (%s)",
        outage,
        request.method,
        request.path,
        describe(err),
    )
    return problem_response(
        503,
        "unavailable",
        f"the {outage} is unavailable for a moment; retry in {RETRY_AFTER} s",
        headers={"Retry-After": str(RETRY_AFTER)},
    )
