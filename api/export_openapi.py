"""Write the OpenAPI spec: ``python -m api.export_openapi openapi/openapi.json``.

The spec is generated from the code (schemas and view docstrings) without touching a real
database; a test compares the committed file with this output to catch drift.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from service.game_service import GameService
from service.plumbing.config import Settings
from service.plumbing.db import make_engine, make_sessionmaker
from service.plumbing.scheduling import NullScheduler


def build_spec() -> dict[str, Any]:
    """The spec as a dict, from an app whose settings cannot influence it."""
    from api import create_app

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/spec.sqlite"
        settings = Settings(database_url=url, auto_migrate=False, scheduler="none")
        engine = make_engine(url)
        try:
            service = GameService(make_sessionmaker(engine), NullScheduler(), settings)
            app = create_app(service=service)
            return app.extensions["ursuppe_api"].spec.to_dict()
        finally:
            engine.dispose()


def render(spec: dict[str, Any]) -> str:
    return json.dumps(spec, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path("openapi/openapi.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(build_spec()), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
