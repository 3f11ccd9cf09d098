"""Gunicorn entry point of the ``stream`` process:
``gunicorn api.stream_wsgi:app --worker-class gevent``.

The same app as ``api.wsgi``, run by gevent so that each open stream is a greenlet, not a
thread. gunicorn's gevent worker monkey-patches the standard library before it loads this
module; psycopg (3.1.14+) then picks its gevent-friendly wait function, and redis-py's
pure-Python sockets are patched. Both are checked here, because psycopg decides at import
time: one import before the patching would block the whole process on every query.
"""

from gevent import monkey

if not monkey.is_module_patched("socket"):  # started some other way: patch first
    monkey.patch_all()

import psycopg.waiting  # noqa: E402 - after the patching, deliberately

from api import create_app  # noqa: E402
from service.plumbing import log_setup  # noqa: E402

if psycopg.waiting.wait is getattr(psycopg.waiting, "wait_c", None):
    raise RuntimeError("psycopg was imported before gevent patched select; streams would block")

log_setup.configure()  # text, or JSON lines with URSUPPE_LOG_FORMAT=json (docs/deploy.md)
app = create_app()
