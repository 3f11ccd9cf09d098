"""What the suites and the benchmarks share to set up real parts: throw-away databases, a
settable clock (``databases``), and Redis and Celery worker processes (``processes``).
Nothing here is used in production."""
