"""Challenges and rematches: ``/challenges`` (create, list, read, accept, decline, cancel) and
``POST /games/{id}/rematch``."""
