"""A site acts for a person with their consent (OAuth 2): a small site, a real HTTP server on
loopback, sends the person's browser to the consent page; the person approves two scopes;
the site exchanges the code with its PKCE verifier, enters the person in a label, reads
their games and is refused outside its scopes; approved twice, the site is one row on the
tokens page, and revoking it there makes both its tokens' next calls 401. On the tokens
page a personal token is made, and a site that keeps a secret is registered and deleted.
The consent and tokens pages pass the accessibility audit at 360 and 1280 px in every
language."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors, open_ready
from harness.web_server import LiveServer
from tests.web.test_web_accessibility import _audit
from tests.web.test_web_play import api_post

pytestmark = pytest.mark.integration

SCOPES = "profile:read tournament:enter"
LABEL = "oauth-cup"


def _call(url: str, *, token: str, method: str = "GET", body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    req = urllib.request.Request(url, data, headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.load(resp)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


@dataclass
class LoopbackSite:
    """What a site integrating "Sign in with Ursuppe" does, and what it saw."""

    server_url: str
    url: str = ""
    client_id: str = "cup.example"
    state: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    verifier: str = field(default_factory=lambda: secrets.token_urlsafe(48))
    token: str | None = None
    seen: dict[str, Any] = field(default_factory=dict)

    @property
    def redirect_uri(self) -> str:
        return self.url + "/callback"

    def login_location(self) -> str:
        challenge = base64.urlsafe_b64encode(hashlib.sha256(self.verifier.encode()).digest())
        query = urllib.parse.urlencode({
            "response_type": "code", "client_id": self.client_id,
            "redirect_uri": self.redirect_uri, "scope": SCOPES, "state": self.state,
            "code_challenge": challenge.rstrip(b"=").decode(), "code_challenge_method": "S256",
        })  # fmt: skip
        return f"{self.server_url}/oauth/authorize?{query}"

    def callback(self, query: dict[str, str]) -> str:
        """The person is back: check state, exchange the code, act within the scopes."""
        if query.get("state") != self.state:
            return "state mismatch"
        form = urllib.parse.urlencode({
            "grant_type": "authorization_code", "code": query["code"],
            "redirect_uri": self.redirect_uri, "client_id": self.client_id,
            "code_verifier": self.verifier,
        }).encode()  # fmt: skip
        with urllib.request.urlopen(f"{self.server_url}/oauth/token", form, timeout=10) as resp:
            answer = json.load(resp)
        self.token, self.seen["scope"] = answer["access_token"], answer["scope"]
        api = self.server_url + "/api/v1"
        self.seen["me"] = _call(f"{api}/players/me", token=self.token)
        self.seen["entered"] = _call(
            f"{api}/labels/{LABEL}/entries", token=self.token, method="POST", body={}
        )
        self.seen["games"] = _call(f"{api}/players/me/games", token=self.token)
        self.seen["create"] = _call(
            f"{api}/games", token=self.token, method="POST", body={"players": 3}
        )
        return "signed in"


@contextmanager
def loopback_site(server_url: str) -> Iterator[LoopbackSite]:
    site = LoopbackSite(server_url)

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            path, _, query = self.path.partition("?")
            if path == "/login":
                self.send_response(302)
                self.send_header("Location", site.login_location())
                self.end_headers()
                return
            if path == "/callback":
                text = site.callback(dict(urllib.parse.parse_qsl(query)))
                body = f"<!doctype html><title>Cup</title><p id='result'>{text}</p>".encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            self.send_response(204 if path == "/favicon.ico" else 404)
            self.end_headers()

        def log_message(self, *_: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    site.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def _player(server: LiveServer, name: str) -> dict[str, str]:
    made = api_post(server, "/players", {"name": name})
    return {"id": made["player"]["id"], "name": name, "token": made["token"]}


def _sign_in(driver: Any, server: LiveServer, player: dict[str, str], lang: str = "en") -> None:
    driver.get(server.base_url + "/")
    driver.execute_script(
        "localStorage.setItem('ursuppe.player', arguments[0]);"
        "localStorage.setItem('ursuppe.lang', arguments[1]);",
        json.dumps(player),
        lang,
    )


def test_a_site_acts_for_a_person_within_the_scopes_approved_until_revoked(
    server: LiveServer,
) -> None:
    organiser = _player(server, "Organiser")
    req = urllib.request.Request(
        f"{server.base_url}/api/v1/labels/{LABEL}",
        method="PUT",
        headers={"Authorization": f"Bearer {organiser['token']}"},
    )
    urllib.request.urlopen(req, timeout=10).close()
    ann = _player(server, "Ann")
    with loopback_site(server.base_url) as site, chromium() as browser:
        _sign_in(browser, server, ann)
        browser.get(site.url + "/login")  # the site sends the person to the consent page
        WebDriverWait(browser, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        assert browser.current_url.startswith(server.base_url + "/oauth/authorize?")
        assert site.client_id in browser.find_element(By.ID, "asks").text
        assert browser.find_element(By.ID, "redirect-origin").text == site.url
        listed = [
            li.get_attribute("data-scope")
            for li in browser.find_elements(By.CSS_SELECTOR, "#scopes li")
        ]
        assert listed == SCOPES.split()
        assert "Ann" in browser.find_element(By.ID, "answer-as").text
        browser.find_element(By.ID, "approve").click()
        WebDriverWait(browser, 30).until(lambda d: d.current_url.startswith(site.redirect_uri))
        assert browser.find_element(By.ID, "result").text == "signed in"
        assert "code=" in browser.current_url and "iss=" in browser.current_url

        assert site.seen["scope"] == SCOPES
        status, me = site.seen["me"]
        assert status == 200 and me["id"] == ann["id"]
        assert site.seen["entered"][0] == 201, site.seen["entered"]
        assert site.seen["games"][0] == 200
        status, problem = site.seen["create"]
        assert status == 403 and problem["code"] == "missing_scope"
        assert problem["scope"] == "game:create game:play"

        # The site asks again (as one that asks at every sign-in would): a second token.
        first = site.token
        browser.get(site.url + "/login")
        WebDriverWait(browser, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        browser.find_element(By.ID, "approve").click()
        WebDriverWait(browser, 30).until(
            lambda d: (
                d.current_url.startswith(site.redirect_uri)
                and d.find_element(By.ID, "result").text == "signed in"
            )
        )
        assert site.token is not None and site.token != first

        # The person sees the site once on the tokens page and revokes it: both tokens.
        open_ready(browser, server.base_url + "/tokens")
        (row,) = browser.find_elements(By.CSS_SELECTOR, "#tokens tr.token-oauth")
        assert site.client_id in row.text and "127.0.0.1" in row.text
        assert "approved 2 times" in row.text
        assert len(row.find_elements(By.CSS_SELECTOR, "li")) == 2
        row.find_element(By.CSS_SELECTOR, "button.revoke").click()
        WebDriverWait(browser, 30).until(
            lambda d: not d.find_elements(By.CSS_SELECTOR, "#tokens tr.token-oauth")
        )
        for token in (first, site.token):
            status, problem = _call(f"{server.base_url}/api/v1/players/me", token=token)
            assert status == 401 and problem["code"] == "invalid_token"
        assert console_errors(browser) == []


def test_a_person_signs_in_with_a_code_on_the_consent_page_and_denies(server: LiveServer) -> None:
    bob = _player(server, "Bob")
    code = api_post(server, "/players/me/signin-codes", None, bob["token"])["code"]
    with loopback_site(server.base_url) as site, chromium() as browser:
        browser.get(site.url + "/login")
        WebDriverWait(browser, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        assert browser.find_element(By.ID, "signed-in").get_attribute("hidden") is not None
        browser.find_element(By.ID, "signin-code").send_keys(code)
        browser.find_element(By.CSS_SELECTOR, "#signin button").click()
        WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "deny").is_displayed())
        assert "Bob" in browser.find_element(By.ID, "answer-as").text
        browser.find_element(By.ID, "deny").click()
        WebDriverWait(browser, 30).until(lambda d: d.current_url.startswith(site.redirect_uri))
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(browser.current_url).query))
        assert query["error"] == "access_denied" and query["state"] == site.state
        assert site.token is None


def test_a_request_that_cannot_be_granted_is_explained_and_never_followed(
    server: LiveServer,
) -> None:
    with chromium() as browser:
        query = urllib.parse.urlencode({
            "response_type": "code", "client_id": "cup.example",
            "redirect_uri": "http://evil.example/cb", "scope": SCOPES, "state": "s",
            "code_challenge": "x" * 43, "code_challenge_method": "S256",
        })  # fmt: skip
        open_ready(browser, f"{server.base_url}/oauth/authorize?{query}")
        assert browser.find_element(By.ID, "refused").is_displayed()
        assert not browser.find_element(By.ID, "back").is_displayed()  # no redirect to evil
        assert browser.current_url.startswith(server.base_url)


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("de", 360), ("nl", 360), ("es", 1280)])
def test_the_consent_and_tokens_pages_pass_the_audit(
    server: LiveServer, lang: str, width: int
) -> None:
    person = _player(server, "Cleo")
    with loopback_site(server.base_url) as site, chromium() as browser:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 500})  # fmt: skip
        _sign_in(browser, server, person, lang)
        open_ready(browser, site.login_location())
        assert browser.execute_script("return document.documentElement.lang") == lang
        texts = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#scopes li")]
        assert len(texts) == 2 and all(texts), texts
        fits = "return document.documentElement.scrollWidth <= window.innerWidth"
        assert browser.execute_script(fits), "the consent page fits the width"
        assert _audit(browser) == []
        open_ready(browser, server.base_url + "/tokens")
        assert browser.execute_script(fits), "the tokens page fits the width"
        assert _audit(browser) == []
        assert console_errors(browser) == []


def _my_clients(server: LiveServer, token: str) -> list[dict[str, Any]]:
    request = urllib.request.Request(
        server.base_url + "/api/v1/players/me/oauth-clients",
        headers={"Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=10) as resp:
        return json.load(resp)


def _submit_and_read(browser: Any, form: str, box: str, value: str) -> str:
    """Submit the tokens page's ``form``; the text of ``value``, shown once in ``box``."""
    browser.find_element(By.CSS_SELECTOR, f"#{form} button[type=submit]").click()
    return WebDriverWait(browser, 10).until(
        lambda d: d.find_element(By.ID, box).is_displayed() and d.find_element(By.ID, value).text
    )


def test_a_site_is_registered_and_deleted_on_the_tokens_page(server: LiveServer) -> None:
    """The tokens page registers a site (an OAuth client with a secret): a redirect address
    the service refuses is explained in the page's words; an accepted one shows the client
    id and the secret once and lists the site; deleting it removes it."""
    dora = _player(server, "Dora")
    with chromium() as browser:
        _sign_in(browser, server, dora)
        open_ready(browser, server.base_url + "/tokens")
        clients = browser.find_element(By.ID, "clients")
        assert clients.text == "No site registered yet."
        browser.find_element(By.ID, "client-name").send_keys("Cup of the Soup")
        redirects = browser.find_element(By.ID, "client-redirects")
        redirects.send_keys("http://cup.example/back")  # plain http off loopback: refused
        browser.find_element(By.CSS_SELECTOR, "#new-client button[type=submit]").click()
        error = WebDriverWait(browser, 10).until(
            lambda d: d.find_element(By.ID, "tokens-error").text
        )
        assert error.startswith("A redirect address must start with https://"), error
        assert _my_clients(server, dora["token"]) == []
        # The refusal is the one error the browser logs (the answer's 422).
        assert [e for e in console_errors(browser) if "422" not in e] == []

        redirects.clear()
        redirects.send_keys("https://cup.example/back\nhttp://127.0.0.1:8765/back")
        secret = _submit_and_read(browser, "new-client", "new-client-box", "new-client-secret")
        client_id = browser.find_element(By.ID, "new-client-id").text
        assert secret.startswith("ocs_")
        (registered,) = _my_clients(server, dora["token"])
        assert registered["client_id"] == client_id and registered["name"] == "Cup of the Soup"
        assert registered["redirect_uris"] == [
            "https://cup.example/back",
            "http://127.0.0.1:8765/back",
        ]
        row = browser.find_element(By.CSS_SELECTOR, f"#clients tr[data-client='{client_id}']")
        assert "Cup of the Soup" in row.text and "https://cup.example/back" in row.text
        assert secret not in browser.find_element(By.ID, "clients").text  # shown once, above

        row.find_element(By.CSS_SELECTOR, "button.delete-client").click()
        WebDriverWait(browser, 10).until(
            lambda d: d.find_element(By.ID, "clients").text == "No site registered yet."
        )
        assert _my_clients(server, dora["token"]) == []
        assert console_errors(browser) == []


def test_a_personal_token_is_made_on_the_tokens_page_and_shown_once(server: LiveServer) -> None:
    """The tokens page's form makes a personal access token with the scopes ticked: the token
    is shown once in the sentence that says so, works with those scopes, and is listed."""
    eve = _player(server, "Eve")
    with chromium() as browser:
        _sign_in(browser, server, eve)
        open_ready(browser, server.base_url + "/tokens")
        browser.find_element(By.ID, "token-label").send_keys("my bot")
        browser.find_element(By.ID, "scope-profile-read").click()
        token = _submit_and_read(browser, "new-token", "new-token-box", "new-token-value")
        box = browser.find_element(By.ID, "new-token-box").text
        assert box == f"Your new token, shown only this once: {token}"
        status, me = _call(f"{server.base_url}/api/v1/players/me", token=token)
        assert status == 200 and me["id"] == eve["id"]
        row = WebDriverWait(browser, 10).until(
            lambda d: d.find_element(By.CSS_SELECTOR, "#tokens tr.token-personal")
        )
        assert "Personal token: my bot" in row.text and token not in row.text
        assert console_errors(browser) == []
