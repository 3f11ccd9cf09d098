"""Fixtures for the browser tests: the live service and headless Chromium."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.web_server import LiveServer, live_server

pytestmark = pytest.mark.integration


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        pytest.fail("chromium/chromedriver missing: run scripts/ensure-browser.sh (make test does)")
    workdir: Path = tmp_path_factory.mktemp("web")
    with live_server(workdir) as live:
        yield live


@pytest.fixture(scope="session")
def answered_kinds() -> set[str]:
    """Decision kinds the browser tests answered by clicking, gathered across the tests."""
    return set()
