"""Who is asking, for the service's own budgets: the client address of the HTTP request
being served, set once for every request by the API (``api.app``) and unset in a worker.

A context variable rather than an argument threaded through every part, so that a route
added later is counted at its address without having to remember to pass it
(``service.parts.admission``).
"""

from __future__ import annotations

from contextvars import ContextVar, Token

_ADDRESS: ContextVar[str | None] = ContextVar("ursuppe_client_address", default=None)


def client_address() -> str | None:
    """The client address of the request being served; None outside a request."""
    return _ADDRESS.get()


def serving(address: str | None) -> Token[str | None]:
    """Mark the start of serving a request from ``address``; ``done`` with the token."""
    return _ADDRESS.set(address)


def done(token: Token[str | None]) -> None:
    """The request is answered: back to what was before it."""
    _ADDRESS.reset(token)
