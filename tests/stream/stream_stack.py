"""The stream tests' ``Stack`` (the processes and the API client of tests/stream's
conftest), in a module of a unique name: every test folder has a ``conftest`` module, and
the first one imported would answer ``from conftest import ...`` for all of them."""

from __future__ import annotations

from dataclasses import dataclass

from harness.streams import Api, Process


@dataclass
class Stack:
    env: dict[str, str]
    server: Process
    worker: Process
    api: Api

    def logs(self) -> str:
        return f"--- gunicorn ---\n{self.server.tail()}\n--- worker ---\n{self.worker.tail()}"
