"""Fixtures for the browser tests: the live service and headless Chromium."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from harness.browser import shared_browsers
from harness.web_server import LiveServer, live_server
from tests.support.directory_scope import directory_stack

pytestmark = pytest.mark.integration


WEB = Path(__file__).parent


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> LiveServer:
    """The live service, and the browsers this process's tests share (``chromium()`` takes a
    window of one: a fresh browser context each time). Both stop after this process's last
    browser test (``tests.support.directory_scope``): the browsers first, so a stopped run
    quits them before it waits on the servers."""
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        pytest.fail("chromium/chromedriver missing: run scripts/ensure-browser.sh (make test does)")
    workdir: Path = tmp_path_factory.mktemp("web")
    stack = directory_stack(WEB, request)
    live = stack.enter_context(live_server(workdir))
    stack.enter_context(shared_browsers())
    return live


@pytest.fixture(scope="session")
def answered_kinds() -> set[str]:
    """Decision kinds the browser tests answered by clicking, gathered across the tests."""
    return set()
