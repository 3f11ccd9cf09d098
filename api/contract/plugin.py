"""An apispec plugin that names every operation (``api.contract.operations``).

flask-smorest hands each route's operations to the spec's plugins as it registers them;
this one adds the ``operationId`` of each from the table. An operation missing from the
table keeps none, which tests/api/test_api_contract.py reports by method and path.
"""

from __future__ import annotations

from typing import Any

from apispec import BasePlugin

from api.contract.operations import OPERATION_IDS


class ContractPlugin(BasePlugin):
    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **_: Any
    ) -> None:
        for method, operation in (operations or {}).items():
            name = OPERATION_IDS.get((method, path or ""))
            if name is not None:
                operation.setdefault("operationId", name)
