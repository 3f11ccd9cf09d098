"""The HTTP layer: Flask + flask-smorest, everything under ``/api/v1``."""

from api.app import create_app

__all__ = ["create_app"]
