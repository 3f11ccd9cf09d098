"""Sending one Web Push message (RFC 8030) to one browser's push service: the payload
encrypted for the subscription (RFC 8291, aes128gcm) and signed with the server's VAPID key
(RFC 8292), both by ``pywebpush``. The push endpoint is a URL a client handed in, so it is
checked as a webhook target is (no loopback or private address unless allowed), and the
message goes out through the same outbound client (``service.plumbing.outbound_http``,
handed to pywebpush as its session): the address checked is the address connected to, and
a redirect is a failed attempt, never followed."""

from __future__ import annotations

import base64
import functools
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from service.plumbing import outbound_http
from service.plumbing.config import MailSettings
from service.plumbing.errors import Unprocessable

#: Seconds a push service keeps a message for a browser that is offline.
TTL = 24 * 3600


@dataclass(frozen=True)
class PushAttempt:
    """``ok``: the push service took it; ``gone``: it says the subscription no longer
    exists (404/410), so it is removed; otherwise ``error`` says why it failed."""

    ok: bool
    gone: bool = False
    error: str | None = None


def check_endpoint(endpoint: str, allow_private: bool) -> None:
    """A push endpoint is https (http only where private targets are allowed: tests)."""
    if not endpoint.startswith("https://") and not allow_private:
        raise Unprocessable("invalid_push_subscription", "a push endpoint is an https URL")
    try:
        outbound_http.check_target(endpoint, allow_private)
    except Unprocessable as err:
        raise Unprocessable("invalid_push_subscription", err.message) from None


@functools.cache
def _vapid(private: str) -> Vapid:
    """The VAPID key: a PEM file's path, or the key itself (PEM or base64url DER)."""
    if Path(private).is_file():
        return Vapid.from_file(private)
    if "BEGIN" in private:
        return Vapid.from_pem(private.encode())
    return Vapid.from_string(private)


def public_key(settings: MailSettings) -> str | None:
    """The application server key browsers subscribe with (base64url, uncompressed P-256
    point), derived from the private key unless set on its own."""
    if settings.vapid_public:
        return settings.vapid_public
    if not settings.vapid_private:
        return None
    raw = _vapid(settings.vapid_private).public_key.public_bytes(
        Encoding.X962, PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def generate_key(path: Path) -> str:
    """Write a new VAPID private key (PEM) to ``path``; its public key."""
    vapid = Vapid()
    vapid.generate_keys()
    path.parent.mkdir(parents=True, exist_ok=True)
    vapid.save_key(str(path))
    return public_key(MailSettings(vapid_private=str(path))) or ""


def send(
    endpoint: str, p256dh: str, auth: str, data: bytes, settings: MailSettings, *,
    allow_private: bool, timeout: float = 10.0,
) -> PushAttempt:  # fmt: skip
    """One message to one subscription; never raises."""
    try:
        check_endpoint(endpoint, allow_private)
    except Unprocessable as err:
        return PushAttempt(False, gone=True, error=err.message[:200])
    try:
        webpush(
            {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}},
            data=data.decode(),
            vapid_private_key=_vapid(settings.vapid_private),
            vapid_claims={"sub": settings.vapid_subject},
            timeout=timeout,
            ttl=TTL,
            requests_session=outbound_http.Session(allow_private),
        )
    except WebPushException as err:
        status = err.response.status_code if err.response is not None else None
        return PushAttempt(False, gone=status in (404, 410), error=f"push service: {status}")
    except Unprocessable as err:  # the name resolves to a private address now
        return PushAttempt(False, gone=True, error=err.message[:200])
    except (outbound_http.OutboundError, ValueError) as err:
        return PushAttempt(False, error=f"{type(err).__name__}"[:200])
    return PushAttempt(True)
