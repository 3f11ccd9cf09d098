"""Gunicorn entry point: ``gunicorn api.wsgi:app``.

Settings come from the environment (``DATABASE_URL``, ``REDIS_URL``, ``SECRET_KEY``,
``URSUPPE_*``); see ``service/config.py``.
"""

from api import create_app

app = create_app()
