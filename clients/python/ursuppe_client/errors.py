"""The client's exceptions. A problem document (RFC 9457) from the server is raised as a
``ProblemError``, of the subclass of its ``code`` where the spec lists it
(``ursuppe_client.problems``: ``StaleSeq``, ``NotYourTurn``, ...)."""

from __future__ import annotations

from typing import Any, ClassVar


class UrsuppeError(Exception):
    """Anything this client raises."""


class TransportError(UrsuppeError):
    """The server could not be reached (or the connection broke) and retrying did not help."""


class ProblemError(UrsuppeError):
    """An error answer of the API: ``status``, ``code`` (stable: branch on it), ``detail``
    (for people) and the whole ``problem`` document (extra fields such as ``current_seq``)."""

    code: ClassVar[str] = ""

    def __init__(
        self, status: int, problem: dict[str, Any], retry_after: float | None = None
    ) -> None:
        self.status = status
        self.problem = problem
        self.detail: str = str(problem.get("detail") or problem.get("title") or "")
        self.retry_after = retry_after
        # An instance of the base class still names the code the server sent.
        self.code = str(problem.get("code") or type(self).code or f"http_{status}")  # type: ignore[misc]
        super().__init__(f"{status} {self.code}: {self.detail}")

    def get(self, key: str, default: Any = None) -> Any:
        """A field of the problem document (``current_seq``, ``seek_id``, ...)."""
        return self.problem.get(key, default)
