"""Which email addresses the server mails (docs/api.md, "Notices by email and push").

Only an address a stranger could be reached at on the public Internet: the server mails a
verification link to whatever address a player types, so an address that names a host
directly (``a@[127.0.0.1]``, ``a@10.0.0.1``) or a name that is private by definition
(one label, ``localhost``, ``.local``, ``.internal``, ``.test``…) would let a player make
the server's mail relay deliver into a network it should never reach. Whether the mailbox
exists is what the verification link proves; nothing here looks anything up.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
from typing import Final

from service.plumbing.errors import Unprocessable

#: Top-level names that are never on the public Internet: special-use names (RFC 6761:
#: test, localhost, invalid, example; RFC 6762: local; RFC 7686: onion; RFC 9476: alt),
#: ICANN's private-use ``internal``, ``arpa`` (infrastructure, with ``home.arpa``), and the
#: private suffixes routers and intranets use without any standard.
PRIVATE_TOP_LEVEL: Final = frozenset(
    {"test", "localhost", "invalid", "example", "local", "onion", "alt", "internal", "arpa",
     "localdomain", "lan", "home", "corp", "intranet", "private"}
)  # fmt: skip

#: Longest address (RFC 5321's path limit less the angle brackets) and local part.
MAX_LENGTH: Final = 254
MAX_LOCAL: Final = 64

_LOCAL = re.compile(r"^[^@\s<>\"()\[\]\\,;:\x00-\x1f\x7f]+$")
_LABEL = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$")


def checked(address: str) -> str:
    """``address`` as it is stored (trimmed, the domain in lower case), or a refusal with
    422: ``invalid_email`` (not an address), ``email_ip_literal`` (a host address instead
    of a domain name) or ``email_domain_not_public`` (a domain no one outside a private
    network can reach)."""
    address = address.strip()
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain or len(address) > MAX_LENGTH:
        raise Unprocessable("invalid_email", "not an email address")
    if (
        len(local) > MAX_LOCAL
        or not _LOCAL.fullmatch(local)
        or local.startswith(".")
        or ".." in local
    ):
        raise Unprocessable("invalid_email", "not an email address")
    if domain.startswith("[") or _ip(domain.rstrip(".")):
        raise Unprocessable(
            "email_ip_literal", "an email address names a domain, not a host's IP address"
        )
    name = domain.rstrip(".").lower()
    try:
        ascii_name = name.encode("idna").decode("ascii")
    except UnicodeError:
        raise Unprocessable("invalid_email", "the domain is not a valid name") from None
    labels = ascii_name.split(".")
    if not all(_LABEL.fullmatch(label) for label in labels):
        raise Unprocessable("invalid_email", "the domain is not a valid name")
    if len(labels) < 2 or labels[-1] in PRIVATE_TOP_LEVEL or labels[-1].isdigit():
        raise Unprocessable(
            "email_domain_not_public",
            f"{name} is not a public domain: mail is sent to the public Internet only",
        )
    return f"{local}@{name}"


def _ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def recipient_key(address: str) -> str:
    """What a sent email keeps of its recipient for the hourly cap: the SHA-256 of the
    address in lower case (one mailbox, however a player spells it), never the address."""
    return hashlib.sha256(address.lower().encode()).hexdigest()
