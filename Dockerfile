# One image for the three Procfile processes; pick one with the command, e.g.
#   docker run IMAGE                                   # web (default)
#   docker run IMAGE celery -A workers.celery_app worker --loglevel INFO
#   docker run IMAGE celery -A workers.celery_app beat --loglevel INFO --schedule /tmp/celerybeat-schedule
# Configure with DATABASE_URL (postgresql+psycopg://...) and REDIS_URL (redis://...).

# The web client's one npm package (Fluent's message formatter, web/package.json), installed
# from the lock file in a Node stage: the runtime image needs no Node.
FROM node:22-slim AS web-client
WORKDIR /web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund --loglevel=error

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PORT=8000

WORKDIR /app

# The source tree stays in /app (editable install): Alembic migrations and data files are
# read from it at run time, and gunicorn/celery import the same packages the tests ran.
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY ai ./ai
COPY service ./service
COPY api ./api
COPY workers ./workers
COPY scripts ./scripts
COPY web ./web
COPY --from=web-client /web/node_modules ./web/node_modules
COPY gunicorn.conf.py ./
RUN pip install -e . \
    && useradd --create-home --uid 10001 ursuppe \
    && mkdir -p /app/var && chown ursuppe /app/var

USER ursuppe
EXPOSE 8000
CMD ["sh", "-c", "exec gunicorn api.wsgi:app --bind 0.0.0.0:${PORT} --workers ${WEB_CONCURRENCY:-2} --threads ${WEB_THREADS:-4}"]
