"""Sending one webhook attempt: the Standard Webhooks signature (the ``standardwebhooks``
package) and the HTTP POST, through the one outbound client
(``service.plumbing.outbound_http``: the target check against SSRF, the address checked is
the address connected to, no redirect followed).

The target is checked when an endpoint is registered and again at every attempt, so a
name that later resolves to a private address is refused then too.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from standardwebhooks import Webhook

from service.plumbing import outbound_http
from service.plumbing.errors import Unprocessable

USER_AGENT = "ursuppe-webhooks/1"


@dataclass(frozen=True)
class Attempt:
    """What one attempt came to: ``ok`` for a 2xx answer."""

    ok: bool
    status_code: int | None = None
    error: str | None = None


def headers_for(secret: str, msg_id: str, body: bytes, now: datetime | None = None) -> dict:
    """The three Standard Webhooks headers (plus the content type) for one attempt: the
    timestamp is the attempt's, the id the delivery's."""
    now = now or datetime.now(UTC)
    signature = Webhook(secret).sign(msg_id, now, body.decode())
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(now.timestamp())),
        "webhook-signature": signature,
        "content-type": "application/json",
        "user-agent": USER_AGENT,
    }


def send(
    url: str, secret: str, msg_id: str, body: bytes, *, timeout: float, allow_private: bool
) -> Attempt:
    """One attempt; never raises. A redirect is a failure (it could lead anywhere)."""
    try:
        reply = outbound_http.post(
            url, body, headers_for(secret, msg_id, body), timeout=timeout,
            allow_private=allow_private,
        )  # fmt: skip
    except Unprocessable as err:
        return Attempt(False, None, f"{err.code}: {err.message}"[:256])
    except outbound_http.OutboundError as err:
        return Attempt(False, None, str(err)[:256])
    ok = 200 <= reply.status_code < 300
    return Attempt(ok, reply.status_code, None if ok else f"HTTP {reply.status_code}")
