"""The live stream of a game (``GET /api/v1/games/{id}/stream``): Server-Sent Events or
newline-delimited JSON carrying the public state, every log entry as it commits, the next
decision after each entry, heartbeats and a final message.

The action log is the truth; Redis pub/sub (``service.plumbing.publishing``) only wakes streams up.
``notices`` holds the process's one subscription and the per-game cache of what was read,
``session`` turns what was read into one client's messages, ``framing`` writes them as SSE
or ndjson, ``limits`` caps open streams per client address and per process. Served by a
gevent gunicorn process (``api.stream_wsgi``) so that open streams never hold a thread of
the sync API workers.
"""
