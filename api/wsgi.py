"""Gunicorn entry point: ``gunicorn api.wsgi:app``.

Settings come from the environment (``DATABASE_URL``, ``REDIS_URL``, ``SECRET_KEY``,
``URSUPPE_*``); see ``service/plumbing/config.py``.
"""

from api import create_app
from service.plumbing import log_setup

log_setup.configure()  # text, or JSON lines with URSUPPE_LOG_FORMAT=json (docs/deploy.md)
app = create_app()
