"""Serialized game documents by (kind, game id, version), per process, in a bounded LRU.

Always correct because every write bumps the version and each read asks for the current
version first (one small query, no state loaded); between two moves the polls of every
player then cost no load and no serialisation. The cache is ``cachetools.LRUCache`` behind
a lock (gunicorn's threaded workers share it).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from cachetools import LRUCache
from flask import Flask, Response, current_app

from api import deps
from api.conditional import conditional
from service.rules.views import GameView, etag_for

EXTENSION = "ursuppe_representations"


class Representations:
    def __init__(self, maxsize: int = 1024) -> None:
        self._bodies: LRUCache[tuple[str, str, int], bytes] = LRUCache(maxsize)
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str, int]) -> bytes | None:
        with self._lock:
            return self._bodies.get(key)

    def put(self, key: tuple[str, str, int], body: bytes) -> None:
        with self._lock:
            self._bodies[key] = body


def install(app: Flask, maxsize: int = 1024) -> None:
    app.extensions[EXTENSION] = Representations(maxsize)


def game_document(game_id: str, kind: str, render: Callable[[GameView], Any]) -> Response:
    """A read of a game document (``kind`` names the rendering): the body of the current
    version, rendered only on a miss, or a 304 on a matching ``If-None-Match`` (whose ETag
    depends on the body's size: a compressed 200 carries another, ``api.conditional``)."""
    svc = deps.service()
    version = svc.games.get_version(game_id)
    etag = etag_for(version)
    cache: Representations = current_app.extensions[EXTENSION]
    body = cache.get((kind, game_id, version))
    if body is None:
        game = svc.games.get(game_id)  # may be newer than ``version``: cache it under its own
        body = current_app.json.response(render(game)).get_data()
        cache.put((kind, game_id, game.version), body)
        etag = game.etag
    resp = current_app.response_class(body, mimetype="application/json")
    resp.headers["ETag"] = etag
    return conditional(resp)
