"""The account page's email notices in the browser: an address saved (the server mails
the verification link into its mail file), the link opened, the choices saved and shown
again, and the unsubscribe page of an email's footer; at 360 px, in German."""

from __future__ import annotations

import email
import mailbox
import re
from email.policy import default
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import create_engine
from sqlalchemy import text as text_sql

from harness.browser import chromium, console_errors, open_ready
from harness.web_server import LiveServer

pytestmark = pytest.mark.integration

#: The card is drawn anew after every save: an element found before may be gone.
REDRAWN = (StaleElementReferenceException,)


def mails_to(server: LiveServer, address: str) -> list:
    path = Path(server.env["URSUPPE_MAIL_FILE"])
    if not path.exists():
        return []
    box = mailbox.mbox(path, factory=lambda f: email.message_from_binary_file(f, policy=default))
    return [m for m in box if m["To"] == address]


def text(message) -> str:  # noqa: ANN001
    return message.get_body(preferencelist=("plain",)).get_content()


def test_add_verify_choose_and_unsubscribe_on_the_account_page(server: LiveServer) -> None:
    address = "ann.web@example.org"
    with chromium() as browser:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 360, "height": 900, "deviceScaleFactor": 1, "mobile": True})  # fmt: skip
        browser.get(server.base_url + "/")
        browser.execute_script("localStorage.setItem('ursuppe.lang', 'de')")
        open_ready(browser, server.base_url + "/account")
        browser.find_element(By.ID, "new-name").send_keys("Ann")
        browser.find_element(By.CSS_SELECTOR, "#create-player button").click()
        WebDriverWait(browser, 30, ignored_exceptions=REDRAWN).until(
            lambda d: d.find_element(By.ID, "notice-email")
        )
        assert "Noch keine Adresse" in browser.find_element(By.ID, "notice-status").text
        browser.find_element(By.ID, "notice-email").send_keys(address)
        browser.find_element(By.CSS_SELECTOR, "#notice-email-form button").click()
        WebDriverWait(browser, 30, ignored_exceptions=REDRAWN).until(
            lambda d: address in d.find_element(By.ID, "notice-status").text
        )
        mail = WebDriverWait(browser, 60).until(lambda _: mails_to(server, address))[0]
        assert mail["Subject"] == "Bestätige deine E-Mail-Adresse für Ursuppe"
        link = re.search(r"http://\S+/email\?verify=[\w-]+", text(mail)).group(0)

        open_ready(browser, link)
        assert "bestätigt" in browser.find_element(By.ID, "email-result").text

        open_ready(browser, server.base_url + "/account")
        WebDriverWait(browser, 30, ignored_exceptions=REDRAWN).until(
            lambda d: "gehen an" in d.find_element(By.ID, "notice-status").text
        )
        browser.find_element(By.CSS_SELECTOR, "input[value=game_end]").click()
        browser.find_element(By.CSS_SELECTOR, "input[value=digest]").click()
        browser.find_element(By.CSS_SELECTOR, "#notice-choices button").click()
        WebDriverWait(browser, 30, ignored_exceptions=REDRAWN).until(
            lambda d: not d.find_element(By.CSS_SELECTOR, "input[value=game_end]").is_selected()
        )
        open_ready(browser, server.base_url + "/account")
        WebDriverWait(browser, 30, ignored_exceptions=REDRAWN).until(
            lambda d: d.find_element(By.ID, "notice-kinds")
        )
        assert browser.find_element(By.CSS_SELECTOR, "input[value=digest]").is_selected()
        assert browser.find_element(By.CSS_SELECTOR, "input[value=your_turn]").is_selected()
        assert not browser.find_element(By.CSS_SELECTOR, "input[value=game_end]").is_selected()
        # Nothing wider than the window, nothing clipped.
        overflow = browser.execute_script(
            "const w = document.documentElement.clientWidth;"
            "return [w <= 400, document.documentElement.scrollWidth - w,"
            " ...[...document.querySelectorAll('#notices-card *')]"
            "   .filter(e => e.getBoundingClientRect().right > w + 1).map(e => e.tagName)]"
        )
        assert overflow == [True, 0], overflow

        # The footer's link: a page asks for the one click, then the account says so.
        key = unsubscribe_key(server)
        open_ready(browser, f"{server.base_url}/email?unsubscribe={key}")
        assert "abmelden" in browser.find_element(By.ID, "email-result").text
        browser.find_element(By.ID, "unsubscribe").click()
        WebDriverWait(browser, 30, ignored_exceptions=REDRAWN).until(
            lambda d: "keine E-Mails mehr" in d.find_element(By.ID, "email-result").text
        )
        open_ready(browser, server.base_url + "/account")
        WebDriverWait(browser, 30, ignored_exceptions=REDRAWN).until(
            lambda d: "abgemeldet" in d.find_element(By.ID, "notice-status").text
        )
        assert console_errors(browser) == []


def unsubscribe_key(server: LiveServer) -> str:
    """The key of the player's unsubscribe links, as its emails carry it."""
    engine = create_engine(server.env["DATABASE_URL"])
    try:
        with engine.connect() as conn:
            return conn.execute(
                text_sql("SELECT unsubscribe_key FROM notice_settings")
            ).scalar_one()
    finally:
        engine.dispose()
