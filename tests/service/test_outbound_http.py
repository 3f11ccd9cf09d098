"""The one outbound HTTP client (``service.plumbing.outbound_http``): nothing else in the
service, the workers or the API opens an outbound connection (enumerated over their
source); a redirect is never followed, by a webhook or by a push (a stand-in push service
on loopback answers 307 to another loopback server, which hears nothing); the name is
resolved once and the connection goes to the address that was checked, over TLS with the
name as SNI and the certificate checked against the name."""

from __future__ import annotations

import ast
import socket
import ssl
import threading
from collections.abc import Iterator
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from harness.push_receiver import PushReceiver
from service.plumbing import outbound_http, webhook_http
from service.plumbing.config import MailSettings
from service.plumbing.errors import Unprocessable
from service.plumbing.push_http import generate_key
from tests.service.test_notices import correspondence_game, send_all, to_my_turn

ROOT = Path(__file__).resolve().parents[2]
#: Modules that open network connections, and the one file allowed each (None: no file).
NETWORK_MODULES = {
    "requests": None,
    "httpx": None,
    "urllib3": "service/plumbing/outbound_http.py",
    "urllib.request": None,
    "http.client": None,
    "aiohttp": None,
    "pycurl": None,
    "pywebpush": "service/plumbing/push_http.py",  # it sends through outbound_http.Session
    "smtplib": "service/plumbing/mail/send.py",  # mail, not HTTP: one module too
}


def _imports(tree: ast.AST) -> Iterator[str]:
    """Every module a file imports, dotted (``from urllib import request`` gives both
    ``urllib`` and ``urllib.request``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


#: What of ``socket`` any module may use: it names this host, it connects nowhere.
SOCKET_HARMLESS = frozenset({"gethostname"})
SOCKET_HOME = "service/plumbing/outbound_http.py"


def _socket_uses(tree: ast.AST) -> set[str]:
    """What a file takes from ``socket`` beyond the harmless (``socket.x`` or
    ``from socket import x``)."""
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "socket":
            used.add(f"socket.{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module == "socket":
            used.update(f"socket.{alias.name}" for alias in node.names)
    return {u for u in used if u.removeprefix("socket.") not in SOCKET_HARMLESS}


def _banned(module: str) -> str | None:
    for banned in NETWORK_MODULES:
        if module == banned or module.startswith(banned + "."):
            return banned
    return None


def test_nothing_but_the_one_client_sends_outbound_http() -> None:
    files = [p for top in ("service", "workers", "api") for p in (ROOT / top).rglob("*.py")]
    assert len(files) > 50
    found: dict[str, set[str]] = {}
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(), rel)
        for module in _imports(tree):
            banned = _banned(module)
            if banned is not None and NETWORK_MODULES[banned] != rel:
                found.setdefault(rel, set()).add(module)
        if rel != SOCKET_HOME and (uses := _socket_uses(tree)):
            found.setdefault(rel, set()).update(uses)
    assert found == {}, f"outbound connections outside service/plumbing/outbound_http.py: {found}"


def test_every_push_goes_through_the_one_client() -> None:
    """pywebpush would post with ``requests`` itself unless handed our session."""
    source = (ROOT / "service/plumbing/push_http.py").read_text()
    calls = [
        node for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("webpush", "WebPusher")
    ]  # fmt: skip
    assert calls
    for call in calls:
        session = [k.value for k in call.keywords if k.arg == "requests_session"]
        assert session and ast.unparse(session[0]).startswith("outbound_http.Session("), (
            ast.unparse(call)
        )


class Recorder:
    """A loopback HTTP server (HTTPS with ``tls``) that records each request (path,
    headers) and answers ``status``, with ``location`` when set."""

    def __init__(
        self, status: int = 200, location: str | None = None, tls: ssl.SSLContext | None = None
    ) -> None:
        self.requests: list[tuple[str, dict[str, str]]] = []
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the http.server hook name
                self.rfile.read(int(self.headers.get("content-length", "0")))
                recorder.requests.append(
                    (self.path, {k.lower(): v for k, v in self.headers.items()})
                )
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_: object) -> None:
                return None

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        if tls is not None:
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/in"

    def __enter__(self) -> Recorder:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_a_webhook_redirect_is_a_failed_attempt_not_followed() -> None:
    with Recorder() as elsewhere, Recorder(307, elsewhere.url) as endpoint:
        attempt = webhook_http.send(
            endpoint.url, "whsec_" + "A" * 32, "msg_1", b"{}", timeout=5, allow_private=True
        )
        assert not attempt.ok and attempt.status_code == 307 and attempt.error == "HTTP 307"
        assert len(endpoint.requests) == 1
        assert elsewhere.requests == []


@pytest.fixture
def pushing(service: Any, tmp_path: Path) -> None:
    key = tmp_path / "vapid.pem"
    generate_key(key)
    service.settings = replace(
        service.settings,
        webhooks_allow_private=True,  # the stand-in push service is on loopback
        mail=MailSettings(vapid_private=str(key), vapid_subject="mailto:ops@ursuppe.test"),
    )


def test_a_push_services_redirect_to_loopback_is_not_followed(
    service: Any, scheduler: Any, pushing: None
) -> None:
    player = service.accounts.create("Ann").player.id
    with PushReceiver() as elsewhere, PushReceiver() as push:
        push.redirect = elsewhere.subscription["endpoint"]  # 307 to 127.0.0.1
        sub = push.subscription
        service.notices.subscribe(
            player, sub["endpoint"], sub["keys"]["p256dh"], sub["keys"]["auth"]
        )
        game = correspondence_game(service, player)
        to_my_turn(service, game)
        assert send_all(service, scheduler) == ["retry"]  # a failed attempt, like a 5xx
        assert push.redirected == 1
        assert elsewhere.received == [] and elsewhere.refused == 0
        assert service.notices.choices(player).push_subscriptions == 1


@pytest.fixture
def resolver(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every name looked up; ``stand-in.test`` resolves to loopback (a name that could
    answer differently the next time)."""
    asked: list[str] = []
    real = socket.getaddrinfo

    def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        asked.append(str(host))
        if host == "stand-in.test":
            host = "127.0.0.1"
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return asked


def test_the_address_checked_is_the_address_connected_to(resolver: list[str]) -> None:
    with Recorder(204) as target:
        url = f"http://stand-in.test:{target.port}/hook?x=1"
        reply = outbound_http.post(url, b"{}", {"Host": "evil.example"}, timeout=5,
                                   allow_private=True)  # fmt: skip
        assert reply.status_code == 204
        [(path, headers)] = target.requests
        assert path == "/hook?x=1" and headers["host"] == f"stand-in.test:{target.port}"
        # Resolved once, here; the connection went to that address without asking again.
        assert [h for h in resolver if h != "127.0.0.1"] == ["stand-in.test"]

        resolver.clear()
        with pytest.raises(Unprocessable) as refused:
            outbound_http.post(url, b"{}", {}, timeout=5, allow_private=False)
        assert refused.value.code == "webhook_target_refused"
        assert resolver == ["stand-in.test"] and len(target.requests) == 1


def test_an_unanswered_request_is_an_outbound_error() -> None:
    with Recorder() as closed:
        url = closed.url
    with pytest.raises(outbound_http.OutboundError):
        outbound_http.post(url, b"{}", {}, timeout=2, allow_private=True)
    attempt = webhook_http.send(url, "whsec_" + "A" * 32, "m", b"{}", timeout=2,
                                allow_private=True)  # fmt: skip
    assert not attempt.ok and attempt.status_code is None and "Error" in (attempt.error or "")


def _certificate(tmp_path: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` (its own CA) and its key, as PEM files."""
    from datetime import UTC, datetime, timedelta

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=1))
        .not_valid_after(now + timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = tmp_path / f"{name}.pem", tmp_path / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


@pytest.mark.parametrize(("served", "ok"), [("stand-in.test", True), ("other.test", False)])
def test_tls_goes_to_the_checked_address_with_the_names_sni_and_certificate(
    resolver: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, served: str, ok: bool
) -> None:
    """Over https the connection goes to the address checked, tells the name by SNI and
    takes only a certificate for that name."""
    cert, key = _certificate(tmp_path, served)
    server_tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_tls.load_cert_chain(cert, key)
    names: list[str | None] = []
    server_tls.sni_callback = lambda _sock, name, _ctx: names.append(name)
    trusting = ssl.create_default_context(cafile=str(cert))
    monkeypatch.setattr(ssl, "create_default_context", lambda *_a, **_k: trusting)
    with Recorder(204, tls=server_tls) as target:
        url = f"https://stand-in.test:{target.port}/push"
        if ok:
            assert (
                outbound_http.post(url, b"{}", {}, timeout=5, allow_private=True).status_code == 204
            )
            [(_, headers)] = target.requests
            assert headers["host"] == f"stand-in.test:{target.port}"
        else:
            with pytest.raises(outbound_http.OutboundError):
                outbound_http.post(url, b"{}", {}, timeout=5, allow_private=True)
            assert target.requests == []
    assert names == ["stand-in.test"]
    assert [h for h in resolver if h != "127.0.0.1"] == ["stand-in.test"]
