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

from service.plumbing.errors import Unprocessable

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
    link-local (cloud metadata), shared, reserved, or an IPv6 form embedding such an IPv4
    address — unless ``allow_private`` (``webhook_target_refused``)."""
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


Address = ipaddress.IPv4Address | ipaddress.IPv6Address

# IPv6 forms that carry an IPv4 address in their low 32 bits: IPv4-compatible (deprecated,
# ::/96), IPv4-translated (SIIT, ::ffff:0:0:0/96) and the well-known NAT64 prefix (RFC 6052).
_LOW_32 = tuple(ipaddress.ip_network(n) for n in ("::/96", "::ffff:0:0:0/96", "64:ff9b::/96"))
# The local-use NAT64 prefix (RFC 8215): the operator picks a prefix of 48 to 96 bits inside
# it, so the IPv4 address may sit at any of RFC 6052's positions for those lengths; every
# one of them is judged. (shift, bits) pairs per prefix length, bits 64-71 being skipped.
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")
_RFC6052 = (
    ((64, 16), (40, 16)),  # /48
    ((64, 8), (32, 24)),  # /56
    ((24, 32),),  # /64
    ((0, 32),),  # /96
)


def embedded_ipv4(address: Address) -> list[ipaddress.IPv4Address] | None:
    """The IPv4 addresses an IPv6 address maps or translates to (None: not such a form).

    IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4 (2002::/16) and Teredo
    (2001::/32: the server, and the client stored inverted): a packet to any of them can
    end at the IPv4 address inside, so that address is what decides."""
    if not isinstance(address, ipaddress.IPv6Address):
        return None
    if address.ipv4_mapped is not None:
        return [address.ipv4_mapped]
    if address.teredo is not None:
        return list(address.teredo)
    if address.sixtofour is not None:
        return [address.sixtofour]
    n = int(address)
    if any(address in net for net in _LOW_32):
        return [ipaddress.IPv4Address(n & 0xFFFFFFFF)]
    if address in _NAT64_LOCAL:
        return [ipaddress.IPv4Address(_gather(n, parts)) for parts in _RFC6052]
    return None


def _gather(n: int, parts: tuple[tuple[int, int], ...]) -> int:
    """The bits of ``n`` at (shift, width) ``parts``, most significant part first."""
    value = 0
    for shift, width in parts:
        value = (value << width) | ((n >> shift) & ((1 << width) - 1))
    return value


def _public(address: Address) -> bool:
    """Globally routable and not multicast; a form embedding IPv4 is judged by every IPv4
    address inside it (docs/api.md, "Webhooks")."""
    inside = embedded_ipv4(address)
    if inside is not None:
        return all(_public(v4) for v4 in inside)
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
