"""The Redis transport the worker, the beat and the web processes use: kombu's own, with
one fault of its own fixed, so that a Redis restart cannot kill the worker.

When the broker goes away while a task is running (``acks_late``: its message is held
unacknowledged), Celery's consumer collects the broken connection and then closes it.
kombu's Redis channel can fail half-way through the first close (reading the reply to a
pending ``BRPOP`` from a server that is gone), so the second close finds it open, tries to
put the held message back, and builds a client from a transport whose connection details
the collect has already dropped: ``AttributeError: 'NoneType' object has no attribute
'hostname'``. That is not one of the connection errors Celery retries on, so the worker
stopped (``Unrecoverable error``) and stayed down until something restarted it.

Here a channel whose connection is gone says so with a connection error, the kind Celery
and kombu already handle: the close goes on, the consumer reconnects as after any other
broker outage. The message it held is not lost: it stays in Redis's unacknowledged set and
comes back after the visibility timeout (``workers.celery_app``), and a Redis that
restarted empty loses it with everything else, which the deadline sweep covers.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import redis.exceptions
from kombu.transport import redis as kombu_redis

#: ``broker_transport`` for Celery: this module's transport, by name.
TRANSPORT = f"{__name__}:Transport"


class Channel(kombu_redis.Channel):
    """kombu's Redis channel; one that outlived its connection raises a connection error
    instead of an ``AttributeError`` when asked for a client."""

    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        if self.connection is None or self.connection.client is None:
            raise redis.exceptions.ConnectionError("the connection to the broker is closed")
        return super()._connparams(asynchronous=asynchronous)


class Transport(kombu_redis.Transport):
    """kombu's Redis transport with the channel above."""

    Channel = Channel


def transport_for(broker_url: str) -> str | None:
    """The transport to name in ``broker_transport``: this one for a ``redis://`` URL,
    None (kombu picks by the scheme) for any other (``rediss://``, whose TLS defaults kombu
    ties to the scheme's name; ``memory://`` in tests)."""
    return TRANSPORT if urlsplit(broker_url).scheme == "redis" else None
