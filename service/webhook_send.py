"""Sending one webhook attempt: the target check (SSRF), the Standard Webhooks signature
(the ``standardwebhooks`` package) and the HTTP POST.

The target is checked when an endpoint is registered and again before every attempt, so a
name that later resolves to a private address (DNS rebinding) is refused then too. The
check and the connection resolve the name separately: a resolver answering differently
within that instant is not covered (docs/api.md, "Webhooks").
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlsplit

import requests
from standardwebhooks import Webhook

from service.errors import Unprocessable

USER_AGENT = "ursuppe-webhooks/1"


@dataclass(frozen=True)
class Attempt:
    """What one attempt came to: ``ok`` for a 2xx answer."""

    ok: bool
    status_code: int | None = None
    error: str | None = None


def check_target(url: str, allow_private: bool) -> None:
    """Refuse a URL that is not http(s) with a host (``invalid_webhook_url``), or whose
    host resolves to an address that is not globally routable — loopback, private,
    link-local (cloud metadata), shared, reserved — unless ``allow_private``
    (``webhook_target_refused``)."""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as err:
        raise Unprocessable("invalid_webhook_url", f"not a URL: {err}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Unprocessable("invalid_webhook_url", "a webhook URL is http(s)://host[:port]/path")
    if parts.username or parts.password:
        raise Unprocessable("invalid_webhook_url", "a webhook URL carries no credentials")
    if allow_private:
        return
    try:
        infos = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as err:
        raise Unprocessable(
            "webhook_target_refused", f"{parts.hostname} does not resolve ({err})"
        ) from None
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
        if not _public(address):
            raise Unprocessable(
                "webhook_target_refused",
                f"{parts.hostname} resolves to {address}, which is not a public address",
            )


def _public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        address = mapped
    return address.is_global and not address.is_multicast


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
        check_target(url, allow_private)
    except Unprocessable as err:
        return Attempt(False, None, f"{err.code}: {err.message}"[:256])
    try:
        response = requests.post(
            url,
            data=body,
            headers=headers_for(secret, msg_id, body),
            timeout=timeout,
            allow_redirects=False,
        )
    except requests.RequestException as err:
        return Attempt(False, None, f"{type(err).__name__}: {err}"[:256])
    ok = 200 <= response.status_code < 300
    return Attempt(ok, response.status_code, None if ok else f"HTTP {response.status_code}")
