"""A Python client for the Ursuppe server's API (``/api/v1``): every operation as a method,
typed models, streams that resume by themselves, problems as exceptions, idempotent
retries. See the package's README."""

from ursuppe_client import models, problems
from ursuppe_client._operations import OPERATIONS, Operation
from ursuppe_client.client import Client, Stream
from ursuppe_client.errors import ProblemError, TransportError, UrsuppeError

__all__ = [
    "OPERATIONS",
    "Client",
    "Operation",
    "ProblemError",
    "Stream",
    "TransportError",
    "UrsuppeError",
    "models",
    "problems",
]
__version__ = "0.1.0"
