"""The stream process's global cap (``URSUPPE_STREAM_MAX_OPEN``) in a real gunicorn with the
gevent worker: beyond it a stream is refused at once with 503 + ``Retry-After`` (issue 26:
streams from many addresses took the API down), ordinary requests keep answering while the
streams are open, and a stream that closes gives its slot back."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest
import requests

from harness.streams import Api, StreamReader, base_env, stream_server, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.timeout(120)]

CAP = 3
HUMAN = {"kind": "human"}


def _opens(url: str, headers: dict[str, str] | None = None) -> requests.Response:
    """One stream request: its status and headers; the connection is closed at once."""
    with requests.get(url, headers=headers, stream=True, timeout=10) as resp:
        if resp.status_code != 200:
            _ = resp.content  # the problem document, read before the connection closes
        return resp


def test_the_stream_cap_refuses_with_503_and_the_api_keeps_answering(
    redis_url: str, logdir: Path
) -> None:
    from service.plumbing.db import upgrade_database

    database = f"sqlite:///{logdir / f'cap-{uuid.uuid4().hex[:6]}.sqlite'}"
    upgrade_database(database)
    env = base_env(
        database,
        redis_url,
        "unused",
        URSUPPE_SCHEDULER="none",
        URSUPPE_STREAM_MAX_OPEN=str(CAP),
        URSUPPE_STREAM_HEARTBEAT="0.2",  # a closed client is noticed at the next write
    )
    server, base = stream_server(env, logdir, name="stream-cap")
    readers: list[StreamReader] = []
    try:
        api = Api(base)
        game_id = api.create([HUMAN, HUMAN, HUMAN])
        url = api.stream_url(game_id)
        readers = [StreamReader(url) for _ in range(CAP)]
        for reader in readers:
            reader.start()
        for reader in readers:
            assert reader.opened.wait(10) and reader.status == 200, server.tail()
            wait_until(lambda r=reader: r.messages, 10, "the stream's first message")

        refused = _opens(url)
        assert refused.status_code == 503, refused.text
        assert refused.headers["Content-Type"] == "application/problem+json"
        assert refused.json()["code"] == "streams_full"
        assert int(refused.headers["Retry-After"]) > 0
        # The player stream counts against the same cap.
        token = requests.post(f"{api.base}/players", json={"name": "ann"}, timeout=10).json()
        mine = _opens(
            f"{api.base}/players/me/stream", {"Authorization": f"Bearer {token['token']}"}
        )
        assert mine.status_code == 503 and mine.json()["code"] == "streams_full"

        started = time.monotonic()
        plain = requests.get(f"{api.base}/games/{game_id}", timeout=10)
        assert plain.status_code == 200 and plain.json()["id"] == game_id
        assert time.monotonic() - started < 5

        readers[0].cut()
        assert readers[0].closed.wait(10)
        # The server sees the close at its next heartbeat write and frees the slot.
        wait_until(lambda: _opens(url).status_code == 200, 10, "a freed slot")
        assert not any(r.closed.is_set() for r in readers[1:])  # the others stay open
    finally:
        for reader in readers:
            reader.cut()
        server.stop()
