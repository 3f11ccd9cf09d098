"""The ceiling for the API benchmark: a bare Flask app returning constant JSON.

Served by gunicorn with exactly the settings used for ``api.wsgi:app`` so the ratio
isolates what our endpoints cost beyond Flask + gunicorn themselves.
"""

from __future__ import annotations

from flask import Flask, jsonify

app = Flask(__name__)
_PAYLOAD = {"status": "ok", "value": 42}


@app.get("/ceiling")
def ceiling_get():  # noqa: ANN201 - a Flask view
    return jsonify(_PAYLOAD)


@app.post("/ceiling")
def ceiling_post():  # noqa: ANN201 - a Flask view
    return jsonify(_PAYLOAD)
