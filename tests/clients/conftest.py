"""Fixtures for the generated clients' tests: the live service (gunicorn and a Celery worker,
as tests/web has it) and the clients generated from the committed spec."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.web_server import LiveServer, live_server

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    workdir: Path = tmp_path_factory.mktemp("clients")
    with live_server(workdir) as live:
        yield live
