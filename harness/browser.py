"""Headless Chromium from Debian's packages, driven by Selenium (no downloaded browser).

``chromium()`` hands out a browser window. Alone it launches a browser of its own (a
fresh profile directory) and quits it afterwards. Inside ``shared_browsers()`` (the
browser tests' fixture) it takes an idle browser of the process's pool instead and opens
the window in a new browser context: Chromium's incognito-like profile, with its own
cookies, storage, cache and permissions, disposed of when the window is handed back. Tests
stay as independent as with a browser each, without paying a Chromium start (about a CPU-
second) per window. A test with three windows open at once uses three browsers.
"""

from __future__ import annotations

import itertools
import json
import shutil
import tempfile
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import websocket
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from scripts.supervise import die_with_this_process

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
]
# A browser launched with a narrower --window-size still lays pages out 500 px wide; the
# pool's windows keep that, so a page looks the same however its browser was started.
MIN_WIDTH = 500


class _BrowserCdp:
    """The DevTools connection to the browser itself (not to a page, where ChromeDriver's
    ``execute_cdp_cmd`` goes): creating and disposing of browser contexts is allowed here
    only."""

    def __init__(self, driver: webdriver.Chrome) -> None:
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=10) as resp:
            url = json.load(resp)["webSocketDebuggerUrl"]
        self._ws = websocket.create_connection(url, timeout=30, suppress_origin=True)
        self._ids = itertools.count(1)

    def call(self, method: str, session_id: str | None = None, **params: Any) -> dict[str, Any]:
        """``method`` on the browser, or on the target attached as ``session_id``
        (``Target.attachToTarget`` with ``flatten``)."""
        call_id = next(self._ids)
        message: dict[str, Any] = {"id": call_id, "method": method, "params": params}
        if session_id is not None:
            message["sessionId"] = session_id
        self._ws.send(json.dumps(message))
        while True:  # answers only: events (an attached target's) are passed over
            message = json.loads(self._ws.recv())
            if message.get("id") == call_id:
                if "error" in message:
                    raise WebDriverException(f"{method}: {message['error']}")
                return message["result"]

    def close(self) -> None:
        self._ws.close()


class Chromium(webdriver.Chrome):
    """A browser of the pool. Its window in use belongs to ``context_id``; the ``Browser.*``
    DevTools commands a test sends (granting a permission, say) apply to that context, not
    to the default one, unless the test names a context itself."""

    context_id: str | None = None
    browser_cdp: _BrowserCdp | None = None  # the pool's connection to this browser

    def execute_cdp_cmd(self, cmd: str, cmd_args: dict[str, Any]) -> Any:
        if cmd.startswith("Browser.") and self.context_id and "browserContextId" not in cmd_args:
            cmd_args = {**cmd_args, "browserContextId": self.context_id}
        return super().execute_cdp_cmd(cmd, cmd_args)


def _tied_binary(profile: str) -> str:
    """Chromium started so that it dies with ChromeDriver, which dies with this process: a
    pooled browser outlives the tests that used it, and a test process that is stopped
    (or killed) between two tests must not leave it behind (``setpriv --pdeathsig``)."""
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return CHROMIUM
    wrapper = Path(profile) / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec {setpriv} --pdeathsig KILL {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def _launch(width: int, height: int, driver_class: type[webdriver.Chrome]) -> tuple[Any, str]:
    """A browser (its own profile directory, the console recorded) and that directory."""
    profile = tempfile.mkdtemp(prefix="ursuppe-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = _tied_binary(profile)
    for flag in [*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"]:
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        service = Service(CHROMEDRIVER, popen_kw={"preexec_fn": die_with_this_process()})
        return driver_class(options=opts, service=service), profile
    except BaseException:
        shutil.rmtree(profile, ignore_errors=True)
        raise


def _quit(driver: webdriver.Chrome, profile: str) -> None:
    try:
        driver.quit()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


class BrowserPool:
    """Browsers kept between tests; each window handed out is a fresh browser context."""

    def __init__(self) -> None:
        self._idle: list[tuple[Chromium, _BrowserCdp, str]] = []
        self._busy: list[tuple[Chromium, _BrowserCdp, str]] = []
        self.launched = 0

    @contextmanager
    def window(self, width: int, height: int) -> Iterator[Chromium]:
        entry = self._idle.pop() if self._idle else self._start()
        self._busy.append(entry)
        driver, cdp, _ = entry
        home = driver.current_window_handle  # the browser's first tab: never used, kept open
        try:
            context = cdp.call("Target.createBrowserContext", disposeOnDetach=True)
            driver.context_id = context["browserContextId"]
            driver.browser_cdp = cdp
            target = cdp.call("Target.createTarget", url="about:blank", newWindow=True,
                              browserContextId=driver.context_id,
                              width=max(width, MIN_WIDTH), height=height)  # fmt: skip
            driver.switch_to.window(target["targetId"])
            driver.get_log("browser")  # the console from here on: this window's
        except BaseException:
            self._discard(entry)
            raise
        try:
            yield driver
        except BaseException:
            self._discard(entry)  # a failed test may have left anything behind
            raise
        try:
            cdp.call("Target.disposeBrowserContext", browserContextId=driver.context_id)
            driver.context_id = None
            driver.switch_to.window(home)
            assert driver.window_handles == [home], driver.window_handles
            driver.get_log("browser")
        except (WebDriverException, AssertionError, OSError):
            self._discard(entry)
            return
        self._busy.remove(entry)
        self._idle.append(entry)

    def _start(self) -> tuple[Chromium, _BrowserCdp, str]:
        driver, profile = _launch(1280, 1000, Chromium)
        try:
            cdp = _BrowserCdp(driver)
        except BaseException:
            _quit(driver, profile)
            raise
        self.launched += 1
        return driver, cdp, profile

    def _discard(self, entry: tuple[Chromium, _BrowserCdp, str]) -> None:
        if entry in self._busy:
            self._busy.remove(entry)
        driver, cdp, profile = entry
        try:
            cdp.close()
        finally:
            _quit(driver, profile)

    def close(self) -> None:
        """Quit every browser (idle or, after an interrupt, still in use)."""
        while self._idle or self._busy:
            entry = (self._idle or self._busy)[0]
            if entry in self._idle:
                self._idle.remove(entry)
            self._discard(entry)


_pool: BrowserPool | None = None


@contextmanager
def shared_browsers() -> Iterator[BrowserPool]:
    """Within this block ``chromium()`` reuses the browsers of one pool; they quit at its end."""
    global _pool
    if _pool is not None:
        raise RuntimeError("shared_browsers() is already active")
    _pool = BrowserPool()
    try:
        yield _pool
    finally:
        pool, _pool = _pool, None
        pool.close()


def as_phone(driver: webdriver.Chrome, width: int = 360, height: int = 2600) -> None:
    """Lay the window's page out in a phone's viewport (``width`` CSS pixels, a mobile
    device) over CDP: a headless window is never narrower than ``MIN_WIDTH``, whatever
    size it was asked for."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


@contextmanager
def chromium(width: int = 1280, height: int = 1000) -> Iterator[webdriver.Chrome]:
    """A fresh browser window that records the console: from the shared pool when one is
    active, else a browser of its own. A width under ``MIN_WIDTH`` is a phone's: the page is
    laid out at that width (``as_phone``), not at the window's."""
    if _pool is not None:
        with _pool.window(width, height) as driver:
            if width < MIN_WIDTH:
                as_phone(driver, width, height)
            yield driver
        return
    driver, profile = _launch(width, height, webdriver.Chrome)
    try:
        if width < MIN_WIDTH:
            as_phone(driver, width, height)
        yield driver
    finally:
        _quit(driver, profile)


def new_tab(driver: webdriver.Chrome) -> str:
    """Open a tab beside the window's (in its browser context, so sharing its storage and
    its shared workers, as a person's tabs do), switch to it; its handle. Selenium's
    ``new_window`` would open it in the browser's default context instead."""
    cdp = getattr(driver, "browser_cdp", None)
    if cdp is None:
        driver.switch_to.new_window("tab")
        return driver.current_window_handle
    target = cdp.call("Target.createTarget", url="about:blank", browserContextId=driver.context_id)
    driver.switch_to.window(target["targetId"])
    return target["targetId"]


def in_worker(driver: Chromium, kind: str, expression: str) -> Any:
    """Evaluate ``expression`` (a promise is awaited) in the window's browser context's
    one worker of ``kind`` (``service_worker``: its notification events, say;
    ``shared_worker``: the stream worker's pages), where no page script reaches; the value,
    as JSON. ChromeDriver's DevTools commands go to the page only, so this attaches to the
    worker's target over the browser's own connection."""
    cdp = driver.browser_cdp
    assert cdp is not None, "a window of the pool (chromium()) has the browser's connection"
    workers = [
        t for t in cdp.call("Target.getTargets")["targetInfos"]
        if t["type"] == kind and t.get("browserContextId") == driver.context_id
    ]  # fmt: skip
    assert len(workers) == 1, workers
    session = cdp.call("Target.attachToTarget", targetId=workers[0]["targetId"], flatten=True)
    try:
        answer = cdp.call("Runtime.evaluate", session["sessionId"], expression=expression,
                          awaitPromise=True, returnByValue=True)  # fmt: skip
    finally:
        cdp.call("Target.detachFromTarget", sessionId=session["sessionId"])
    if "exceptionDetails" in answer:
        raise AssertionError(f"in the {kind}: {answer['exceptionDetails']}")
    return answer["result"].get("value")


def console_errors(driver: webdriver.Chrome) -> list[str]:
    """The console's SEVERE messages since the last call (uncaught errors, failed loads)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def open_ready(driver: webdriver.Chrome, url: str, timeout: float = 30) -> None:
    """Open ``url`` and wait until the page says it has drawn (``body[data-ready]``)."""
    driver.get(url)
    WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
    )


def remember(driver: webdriver.Chrome, base_url: str, items: dict[str, Any]) -> None:
    """Put ``items`` into the site's ``localStorage`` as the pages keep them, from a page of
    the site at ``base_url``: a string as it is (the language, the leaderboard's pool, a
    waiting seek's id: the pages read those with ``getItem`` alone), anything else as JSON
    (a player, seat tokens, the quick-play preferences)."""
    driver.get(base_url + "/")
    for key, value in items.items():
        kept = value if isinstance(value, str) else json.dumps(value)
        driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", key, kept)
