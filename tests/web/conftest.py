"""Fixtures for the browser tests: the live service and headless Chromium."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harness.browser import BrowserPool, shared_browsers
from harness.web_server import LiveServer, live_server
from tests.support.directory_scope import directory_stack

pytestmark = pytest.mark.integration


WEB = Path(__file__).parent


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> LiveServer:
    """The live service, stopped after this process's last browser test
    (``tests.support.directory_scope``)."""
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        pytest.fail("chromium/chromedriver missing: run scripts/ensure-browser.sh (make test does)")
    workdir: Path = tmp_path_factory.mktemp("web")
    return directory_stack(WEB, request).enter_context(live_server(workdir))


@pytest.fixture(scope="session")
def answered_kinds() -> set[str]:
    """Decision kinds the browser tests answered by clicking, gathered across the tests."""
    return set()


@pytest.fixture(scope="session", autouse=True)
def browsers(request: pytest.FixtureRequest) -> BrowserPool:
    """The browsers this process's tests share (``harness.browser.chromium`` takes a window
    of one: a fresh browser context each time); they quit after its last browser test."""
    return directory_stack(WEB, request).enter_context(shared_browsers())
