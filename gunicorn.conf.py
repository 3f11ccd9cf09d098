"""gunicorn's settings for both HTTP process kinds (web and stream), found by gunicorn in the
working directory (the project root) whatever its command line.

Metrics: gunicorn forks its workers, so prometheus_client runs in multi-process mode. The
directory (``PROMETHEUS_MULTIPROC_DIR``: the operator's, emptied at start, else a fresh
temporary one) is set here, in the master, before any worker imports prometheus_client;
``child_exit`` drops a dead worker's live gauges (its open streams). Logs: gunicorn's own
records get the format ``URSUPPE_LOG_FORMAT`` asks for (``service.plumbing.log_setup``).
"""

import gc
import os
import shutil

from workers.metrics_dir import prepare

_created = prepare()

# After ``prepare`` (it sets the directory prometheus_client reads at import), and here
# rather than in ``child_exit``: that hook runs in the master's SIGCHLD handler, and two
# workers exiting at once re-entered a lazy import ("partially initialized module").
from prometheus_client import multiprocess  # noqa: E402

if os.environ.get("URSUPPE_LOG_FORMAT", "").strip().lower() == "json":
    logconfig_dict = {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "json": {
                "()": "pythonjsonlogger.json.JsonFormatter",
                "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
                "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            }
        },
        "handlers": {
            "stderr": {"class": "logging.StreamHandler", "formatter": "json"},
        },
        "root": {"handlers": ["stderr"], "level": "INFO"},  # the app's: service.plumbing.log_setup
        "loggers": {
            "gunicorn.error": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
            "gunicorn.access": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        },
    }


def post_worker_init(worker):  # noqa: ANN001, ANN201 - gunicorn's hook signature
    """The app is loaded: its objects (modules, the service, the spec, SQLAlchemy's and
    marshmallow's set-up) live as long as the worker. Frozen out of the collector, they are
    no longer walked by every full collection a request's garbage triggers (a submit
    allocates enough to start several); measured in bench/results/api-history.md."""
    gc.collect()
    gc.freeze()


def child_exit(server, worker):  # noqa: ANN001, ANN201 - gunicorn's hook signature
    multiprocess.mark_process_dead(worker.pid)


def on_exit(server):  # noqa: ANN001, ANN201 - gunicorn's hook signature
    if _created is not None:
        shutil.rmtree(_created, ignore_errors=True)
