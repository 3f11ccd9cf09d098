"""Real parts, started for the suites, the benchmarks and the screenshots: throw-away
databases and a settable clock (``databases``), Redis and Celery worker processes
(``processes``), the embedded runner (``embedded``), the stream servers (``streams``), a
live web server and a headless Chromium (``web_server``, ``browser``, ``web_play``), a
webhook receiver. Nothing here is used in production; ``tests/`` holds only tests and
their doubles."""
