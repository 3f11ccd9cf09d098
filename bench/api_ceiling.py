"""The ceilings for the API benchmark, served by gunicorn with exactly the settings used for
``api.wsgi:app`` so that a ratio isolates what our endpoints cost beyond Flask + gunicorn.

- ``GET|POST /ceiling``: a bare Flask view returning constant JSON: the ceiling the goal names.
- ``POST /ceiling/write``: the same, after committing one row to the benchmark's database
  (``DATABASE_URL``, through ``service.plumbing.db.make_engine``: the same driver, pool and SQLite
  pragmas as the service). A submitted action is a durable write; this ceiling shows what one
  committed row costs on this machine, so submit can be judged against a write too.
"""

from __future__ import annotations

import os
import threading
from typing import Any

from flask import Flask, jsonify
from sqlalchemy import Column, Integer, MetaData, String, Table, insert

from service.plumbing.db import make_engine

app = Flask(__name__)
_PAYLOAD = {"status": "ok", "value": 42}

_METADATA = MetaData()
_ROWS = Table(
    "bench_ceiling_rows",
    _METADATA,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("body", String, nullable=False),
)
_engine = make_engine(os.environ["DATABASE_URL"]) if os.environ.get("DATABASE_URL") else None


_raw = threading.local()
_RAW_INSERT = "INSERT INTO bench_ceiling_rows (body) VALUES ({})"


def _raw_connection() -> Any:
    """This thread's DBAPI connection (opened through the engine, so the same driver and
    SQLite pragmas, then kept out of the pool)."""
    conn = getattr(_raw, "conn", None)
    if conn is None:
        assert _engine is not None
        fairy = _engine.raw_connection()
        fairy.detach()
        conn = _raw.conn = fairy.dbapi_connection
        marker = "?" if _engine.dialect.paramstyle == "qmark" else "%s"
        _raw.sql = _RAW_INSERT.format(marker)
    return conn


def prepare(database_url: str) -> None:
    """Create the ceiling's table; the benchmark calls this once before gunicorn starts (the
    workers must not race to create it)."""
    engine = make_engine(database_url)
    _METADATA.create_all(engine)
    engine.dispose()


@app.get("/ceiling")
def ceiling_get():  # noqa: ANN201 - a Flask view
    return jsonify(_PAYLOAD)


@app.post("/ceiling")
def ceiling_post():  # noqa: ANN201 - a Flask view
    return jsonify(_PAYLOAD)


@app.post("/ceiling/write")
def ceiling_write():  # noqa: ANN201 - a Flask view
    if _engine is None:
        return jsonify({"error": "DATABASE_URL is not set"}), 500
    with _engine.begin() as conn:
        conn.execute(insert(_ROWS).values(body='{"type": "start_space", "space": 3}'))
    return jsonify(_PAYLOAD)


@app.post("/ceiling/write-raw")
def ceiling_write_raw():  # noqa: ANN201 - a Flask view
    if _engine is None:
        return jsonify({"error": "DATABASE_URL is not set"}), 500
    conn = _raw_connection()
    cur = conn.cursor()
    cur.execute(_raw.sql, ('{"type": "start_space", "space": 3}',))
    conn.commit()
    cur.close()
    return jsonify(_PAYLOAD)
