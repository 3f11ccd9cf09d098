"""Celery workers: bot seats that play by themselves and decision deadlines that fire.

``workers.celery_app`` is the Celery application (``celery -A workers.celery_app ...``),
``workers.tasks`` the tasks, ``workers.scheduler.CeleryScheduler`` what the game service
calls after a commit that leaves a new pending decision. See ``docs/workers.md``.
"""
