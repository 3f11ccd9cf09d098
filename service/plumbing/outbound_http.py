"""The one way the server sends HTTP to an address someone else handed in: webhook
endpoints (``service.plumbing.webhook_http``) and browsers' push services
(``service.plumbing.push_http``). Nothing else in the service or the workers opens an
outbound HTTP connection (tests/service/test_outbound_http.py enumerates the imports).

Such an address could point at the server's own network (SSRF), so every request:

- resolves the name once, refuses it when any address it resolves to is not globally
  routable (``check_target``, unless private targets are allowed: tests, a closed
  deployment), and then connects to *that* address, sending the name as the ``Host``
  header and as TLS SNI and checking the certificate against the name. A resolver that
  answers differently a moment later (DNS rebinding) is never asked again, so the address
  checked is the address connected to;
- follows no redirect: a 3xx answer is the answer (a failed delivery), since its
  ``Location`` could lead anywhere;
- goes straight to the target (no proxy from the environment), with a timeout, reading
  at most ``MAX_BODY`` bytes of the answer.

``urllib3`` does the HTTP; this module only decides where it connects.
"""

from __future__ import annotations

import ipaddress
import socket
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import SplitResult, urlsplit

import urllib3

from service.plumbing.errors import Unprocessable

#: Bytes of an answer's body that are read (the rest is dropped with the connection).
MAX_BODY = 64 * 1024

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class OutboundError(Exception):
    """The request did not get an answer: the connection was refused or lost, timed out,
    or TLS failed. Worth trying again later."""


@dataclass(frozen=True)
class Target:
    """Where one request goes: the URL's parts and the one address connected to."""

    scheme: str
    hostname: str
    host_header: str
    port: int
    address: str
    path: str


@dataclass(frozen=True)
class Reply:
    """An answer, whatever its status (a 3xx included: it is not followed). The names are
    those of ``requests.Response`` that pywebpush reads."""

    status_code: int
    reason: str
    text: str
    headers: Mapping[str, str]


def resolve(url: str, allow_private: bool) -> Target:
    """The target of ``url``: refused when the URL is not http(s) with a host and no
    credentials (``invalid_webhook_url``), when its host does not resolve, or when any
    address it resolves to is not globally routable — loopback, private, link-local (cloud
    metadata), shared, reserved, multicast, or an IPv6 form embedding such an IPv4 address
    — unless ``allow_private`` (``webhook_target_refused``). The name is resolved here
    only: the request connects to the first address returned."""
    parts, port = _parse(url)
    hostname = parts.hostname or ""
    try:
        infos = socket.getaddrinfo(hostname, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as err:
        raise Unprocessable(
            "webhook_target_refused", f"{hostname} does not resolve ({err})"
        ) from None
    addresses = [ipaddress.ip_address(str(info[4][0]).split("%", 1)[0]) for info in infos]
    if not addresses:
        raise Unprocessable("webhook_target_refused", f"{hostname} does not resolve")
    if not allow_private:
        for address in addresses:
            if not public(address):
                raise Unprocessable(
                    "webhook_target_refused",
                    f"{hostname} resolves to {address}, which is not a public address",
                )
    path = parts.path or "/"
    if parts.query:
        path = f"{path}?{parts.query}"
    return Target(parts.scheme, hostname, parts.netloc, port, str(addresses[0]), path)


def check_target(url: str, allow_private: bool) -> None:
    """Refuse ``url`` as ``resolve`` would, when an endpoint is registered (where private
    targets are allowed, a name need not resolve yet)."""
    if allow_private:
        _parse(url)
    else:
        resolve(url, allow_private)


def _parse(url: str) -> tuple[SplitResult, int]:
    """``url``'s parts and port, or ``invalid_webhook_url``."""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as err:
        raise Unprocessable("invalid_webhook_url", f"not a URL: {err}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Unprocessable("invalid_webhook_url", "a webhook URL is http(s)://host[:port]/path")
    if parts.username or parts.password:
        raise Unprocessable("invalid_webhook_url", "a webhook URL carries no credentials")
    return parts, port


def post(
    url: str, body: bytes, headers: Mapping[str, str], *, timeout: float, allow_private: bool
) -> Reply:
    """POST ``body`` to ``url`` at the address ``resolve`` checked; the answer, never a
    redirect followed. Raises ``Unprocessable`` (a refused target) or ``OutboundError``."""
    target = resolve(url, allow_private)
    sent = {k: v for k, v in headers.items() if k.lower() != "host"}
    sent["Host"] = target.host_header
    pool = _pool(target, timeout)
    try:
        response = pool.urlopen(
            "POST", target.path, body=body, headers=sent, redirect=False, retries=False,
            preload_content=False, assert_same_host=False,
        )  # fmt: skip
        try:
            content = response.read(MAX_BODY)
        finally:
            response.release_conn()
    except urllib3.exceptions.HTTPError as err:
        raise OutboundError(f"{type(err).__name__}: {err}"[:200]) from None
    finally:
        pool.close()
    return Reply(
        response.status,
        response.reason or "",
        content.decode("utf-8", "replace"),
        dict(response.headers),
    )


def _pool(target: Target, timeout: float) -> urllib3.HTTPConnectionPool:
    """A connection pool for one request to ``target.address``; over TLS, SNI and the
    certificate check are for ``target.hostname``."""
    limits = urllib3.Timeout(connect=timeout, read=timeout)
    if target.scheme == "https":
        return urllib3.HTTPSConnectionPool(
            target.address, target.port, timeout=limits, retries=False, maxsize=1,
            ssl_context=ssl.create_default_context(), server_hostname=target.hostname,
            assert_hostname=target.hostname,
        )  # fmt: skip
    return urllib3.HTTPConnectionPool(target.address, target.port, timeout=limits, retries=False)


class Session:
    """What pywebpush asks of a ``requests.Session`` (its ``post``), sent by ``post``: so
    a push goes out exactly as a webhook does."""

    def __init__(self, allow_private: bool) -> None:
        self.allow_private = allow_private

    def post(
        self, url: str, data: bytes | None = None, headers: Any = None,
        timeout: float = 10.0, **_: Any,
    ) -> Reply:  # fmt: skip
        return post(url, data or b"", dict(headers or {}), timeout=timeout,
                    allow_private=self.allow_private)  # fmt: skip


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


def public(address: Address) -> bool:
    """Globally routable and not multicast; a form embedding IPv4 is judged by every IPv4
    address inside it (docs/api.md, "Webhooks")."""
    inside = embedded_ipv4(address)
    if inside is not None:
        return all(public(v4) for v4 in inside)
    return address.is_global and not address.is_multicast
