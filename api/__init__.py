"""The HTTP layer: Flask + flask-smorest, everything under ``/api/v1``.

``create_app`` is imported on first use, not with the package: a process that needs one
light submodule (``make run``'s runner reads ``api.stream.settings``) does not load Flask,
SQLAlchemy and the whole app with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from api.app import create_app

        return create_app
    raise AttributeError(f"module 'api' has no attribute {name!r}")
