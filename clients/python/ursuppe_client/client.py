"""The client: one ``Client`` per server and identity, safe to share between threads.

* **Every operation** is a method named after its ``operationId`` (``_operations.py``,
  generated from the spec): ``client.submit_action(game_id, {...})``.
* **Tokens**: the client keeps the tokens the server hands out (the player token it was
  given or that ``create_player``/``sign_in`` returned, each seat token from
  ``join_game``/``renew_seat_token``/``get_seek``, each game's creator token) and sends the
  right one with each request: a seat's own token where the client holds it, else the
  player token. Where the server does not let a player token act in a seat, the client
  gets a seat token for it once (``renew_seat_token``) and goes on with that.
* **Writes** carry an ``Idempotency-Key`` (a new UUID per call unless given), the same one
  on every retry of that call.
* **Retries**: 429 and 503 are retried after ``Retry-After`` (or an exponential backoff);
  a connection that fails is retried where a repeat cannot do anything twice (reads, and
  writes the server deduplicates by their key), and for any request that never reached the
  server.
* **Problems** (RFC 9457) are raised as ``ProblemError`` subclasses named after their
  ``code`` (``ursuppe_client.problems``).
* **Streams** are iterators of the ndjson messages that reconnect by themselves and resume
  where they stopped (``Stream``).
"""

from __future__ import annotations

import contextlib
import email.utils
import json
import logging
import random
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, cast
from urllib.parse import quote

import httpx

from ursuppe_client._operations import OPERATIONS, Operation, Operations
from ursuppe_client.errors import ProblemError, TransportError
from ursuppe_client.problems import BY_CODE

log = logging.getLogger("ursuppe_client")

#: Operations that act in one seat of a game: a seat token, or a player token where the
#: server lets the player act in its seats.
SEAT_OPERATIONS = frozenset({"submitAction", "resignSeat", "leaveSeat", "getHint", "requestHint"})
#: Problems that say "this token does not act in this seat".
_NOT_THIS_TOKEN = frozenset({"invalid_token", "wrong_seat", "missing_token"})
_RETRY_STATUSES = frozenset({429, 503})
_SAFE_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE"})


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        with contextlib.suppress(TypeError, ValueError):
            when = email.utils.parsedate_to_datetime(value)
            return max(0.0, when.timestamp() - time.time())
    return None


def problem_from(response: httpx.Response) -> ProblemError:
    """The exception for an error response (a problem document, or whatever came)."""
    try:
        problem = response.json()
        if not isinstance(problem, dict):
            raise ValueError
    except ValueError:
        problem = {"status": response.status_code, "detail": response.text[:500]}
    cls = BY_CODE.get(str(problem.get("code")), ProblemError)
    return cls(response.status_code, problem, _retry_after(response))


class Client(Operations):
    """A client of one server. ``player_token``: the identity's ``player.…`` token, if any;
    ``seat_tokens``: ``{(game_id, seat): token}`` held already. ``max_retries``: attempts
    after the first for 429/503 and network faults; ``backoff``: the first wait in seconds
    (doubling, with jitter, up to ``max_backoff``)."""

    def __init__(
        self,
        base_url: str,
        *,
        player_token: str | None = None,
        seat_tokens: dict[tuple[str, int], str] | None = None,
        creator_tokens: dict[str, str] | None = None,
        timeout: float = 30.0,
        max_retries: int = 6,
        backoff: float = 0.5,
        max_backoff: float = 30.0,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
        user_agent: str = "ursuppe-client/0.1",
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.player_token = player_token
        self.seat_tokens: dict[tuple[str, int], str] = dict(seat_tokens or {})
        self.creator_tokens: dict[str, str] = dict(creator_tokens or {})
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.timeout = timeout
        self._sleep = sleep
        self._lock = threading.Lock()
        self._http = httpx.Client(
            base_url=self.base_url,
            timeout=timeout,
            transport=transport,
            headers={"User-Agent": user_agent, "Accept": "application/json"},
            limits=httpx.Limits(max_connections=200, max_keepalive_connections=50),
        )

    # -- lifecycle ---------------------------------------------------------------------

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- tokens ------------------------------------------------------------------------

    def seat_token(self, game_id: str, seat: int | None = None) -> str | None:
        """The seat token held for ``seat`` of ``game_id`` (any seat of it when ``seat`` is
        None and the client holds exactly one)."""
        with self._lock:
            if seat is not None:
                return self.seat_tokens.get((game_id, int(seat)))
            held = [tok for (gid, _), tok in self.seat_tokens.items() if gid == game_id]
            return held[0] if len(held) == 1 else None

    def _remember(self, op_id: str, path: dict[str, Any], data: Any) -> None:
        if not isinstance(data, dict):
            return
        with self._lock:
            if op_id == "createGame" and data.get("creator_token"):
                self.creator_tokens[data["game"]["id"]] = data["creator_token"]
            elif op_id == "createGamesInBulk":
                for game in data.get("games", []):
                    self.creator_tokens[game["id"]] = game["creator_token"]
            elif op_id in ("joinGame", "renewSeatToken") or (
                op_id == "getSeek" and data.get("token")
            ):
                self.seat_tokens[(data["game_id"], int(data["seat"]))] = data["token"]
            elif op_id in ("createPlayer", "signIn") and self.player_token is None:
                self.player_token = data["token"]

    def _token_for(
        self, op: Operation, path: dict[str, Any], body: Any
    ) -> tuple[str | None, str | None]:
        """(token, its kind) for a request: the most specific token the client holds."""
        game_id = path.get("game_id")
        seat = path.get("seat")
        if seat is None and isinstance(body, dict):
            seat = body.get("seat")
        for kind in op.security:
            if kind == "seatToken" and game_id is not None:
                token = self.seat_token(game_id, seat)
                if token:
                    return token, "seat"
                if self.player_token and op.operation_id in SEAT_OPERATIONS:
                    return self.player_token, "player_in_seat"
            elif kind == "creatorToken" and game_id is not None:
                with self._lock:
                    token = self.creator_tokens.get(game_id)
                if token:
                    return token, "creator"
                if self.player_token:
                    return self.player_token, "player"
            elif kind == "playerToken" and self.player_token:
                return self.player_token, "player"
        return None, None

    # -- requests ----------------------------------------------------------------------

    def _url(self, op: Operation, path: dict[str, Any]) -> str:
        return op.path.format(**{k: quote(str(v), safe="") for k, v in path.items()})

    @staticmethod
    def _params(query: dict[str, Any]) -> dict[str, str]:
        out = {}
        for key, value in query.items():
            if value is None:
                continue
            if isinstance(value, bool):
                value = "true" if value else "false"
            out[key] = str(value)
        return out

    def _wait(self, attempt: int, retry_after: float | None) -> None:
        if retry_after is not None:
            delay = min(retry_after, self.max_backoff * 4)
        else:
            delay = min(self.max_backoff, self.backoff * 2**attempt)
            delay *= 0.5 + random.random() / 2
        self._sleep(delay)

    def request(
        self,
        method: str,
        url: str,
        *,
        params: dict[str, Any] | None = None,
        json_body: Any = None,
        headers: dict[str, str] | None = None,
        token: str | None = None,
        retry_network: bool | None = None,
    ) -> httpx.Response:
        """Send one request with retries; raise ``ProblemError`` for an error answer. Any
        path of the API, also one this client has no method for yet. Writes get an
        ``Idempotency-Key`` unless ``headers`` names one."""
        method = method.upper()
        headers = dict(headers or {})
        if method not in ("GET", "HEAD") and "Idempotency-Key" not in headers:
            headers["Idempotency-Key"] = uuid.uuid4().hex
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if retry_network is None:
            retry_network = method in _SAFE_METHODS
        attempt = 0
        while True:
            try:
                response = self._http.request(
                    method,
                    url,
                    params=self._params(params or {}),
                    json=json_body,
                    headers=headers,
                )
            except (httpx.ConnectError, httpx.ConnectTimeout) as exc:
                # Never reached the server: a repeat cannot do anything twice.
                if attempt >= self.max_retries:
                    raise TransportError(f"{method} {url}: {exc}") from exc
                log.info("%s %s: %s; retrying", method, url, exc)
                self._wait(attempt, None)
                attempt += 1
                continue
            except httpx.TransportError as exc:
                if not retry_network or attempt >= self.max_retries:
                    raise TransportError(f"{method} {url}: {exc}") from exc
                log.info("%s %s: %s; retrying", method, url, exc)
                self._wait(attempt, None)
                attempt += 1
                continue
            if response.status_code in _RETRY_STATUSES and attempt < self.max_retries:
                log.info("%s %s: %s; retrying", method, url, response.status_code)
                self._wait(attempt, _retry_after(response))
                attempt += 1
                continue
            if response.status_code >= 400:
                raise problem_from(response)
            return response

    def _operation(
        self,
        operation_id: str,
        *,
        path: dict[str, Any],
        query: dict[str, Any],
        headers: dict[str, Any],
        body: Any,
        seat_token: str | None = None,
    ) -> Any:
        op = OPERATIONS[operation_id]
        url = self._url(op, path)
        sent = {k: str(v) for k, v in headers.items() if v is not None}
        if op.method != "GET" and "Idempotency-Key" not in sent:
            # One key for this call, the same on every retry and on the token fallback.
            sent["Idempotency-Key"] = uuid.uuid4().hex
        token, kind = (seat_token, "seat") if seat_token else self._token_for(op, path, body)
        retry_network = op.method in _SAFE_METHODS or "Idempotency-Key" in op.headers
        call = {"params": query, "json_body": body, "headers": sent, "retry_network": retry_network}
        try:
            response = self.request(op.method, url, token=token, **call)
        except ProblemError as problem:
            seat = path.get("seat", body.get("seat") if isinstance(body, dict) else None)
            if kind != "player_in_seat" or problem.code not in _NOT_THIS_TOKEN or seat is None:
                raise
            # This server does not let a player token act in a seat: get the seat's token
            # (the player holds the seat) and go on with it.
            log.info("%s: the player token does not act in seat %s; getting its seat token",
                     operation_id, seat)  # fmt: skip
            minted = self.renew_seat_token(path["game_id"], int(seat))
            response = self.request(op.method, url, token=minted["token"], **call)
        data = self._decode(response)
        self._remember(operation_id, path, data)
        return data

    @staticmethod
    def _decode(response: httpx.Response) -> Any:
        if response.status_code in (204, 304) or not response.content:
            return None
        if "json" in response.headers.get("Content-Type", ""):
            return response.json()
        return response.text

    # -- streams -----------------------------------------------------------------------

    def player_games(
        self,
        player_id: str,
        *,
        since: str | None = None,
        until: str | None = None,
        max: int | None = None,  # noqa: A002 - the API's own parameter name
        rated: bool | None = None,
        players: int | None = None,
        variant: str | None = None,
    ) -> Iterator[dict[str, Any]]:
        """The records of a player's finished games (``GET /players/{id}/games``,
        ``exportPlayerGames``), one by one as they arrive: the ndjson is read line by
        line, so a player with thousands of games is never held in memory. ``since`` and
        ``until`` are ISO 8601 date-times. With the client's player token, the player's
        own private games are included. Raises ``ProblemError`` for an error answer."""
        op = OPERATIONS["exportPlayerGames"]
        url = self._url(op, {"player_id": player_id})
        query = {"since": since, "until": until, "max": max, "rated": rated,
                 "players": players, "variant": variant}  # fmt: skip
        headers = {"Authorization": f"Bearer {self.player_token}"} if self.player_token else {}
        with self._http.stream("GET", url, params=self._params(query), headers=headers) as r:
            if r.status_code >= 400:
                r.read()
                raise problem_from(r)
            for line in r.iter_lines():
                if line.strip():
                    yield json.loads(line)

    def _stream_operation(
        self,
        operation_id: str,
        *,
        path: dict[str, Any],
        query: dict[str, Any],
        headers: dict[str, Any],
        body: Any,
        seat_token: str | None = None,
    ) -> Stream[Any]:
        op = OPERATIONS[operation_id]
        token = seat_token or self._token_for(op, path, body)[0]
        return Stream(self, op, self._url(op, path), query, headers, body, token)


M = TypeVar("M")


class Stream(Iterator[M]):
    """A live stream as an iterator of its messages (``{"type", "data", "id"?}``, read as
    ndjson). It reconnects by itself when the connection drops or the server ends it, with
    a growing pause (``Retry-After`` on 429/503), and resumes where it stopped:

    * a game stream (``stream_game``) sends ``Last-Event-ID`` with the last entry's id, so
      every entry comes exactly once, and stops after ``end`` (or a 204);
    * a stream of many games (``stream_games``/``stream_games_post``) keeps each game's
      last ``seq`` (``position``) and reconnects with them as ``since``; it stops when the
      named games are all over;
    * the player stream and the lobby stream have no resume point: on a reconnection the
      server says ``hello`` (or ``seeks``) again and repeats what is still owed.

    Heartbeats are dropped unless ``heartbeats=True``. ``close()`` ends the iteration (from
    any thread). ``reconnects`` counts the reconnections so far."""

    #: Seconds without a byte before the connection counts as dead (heartbeats: <= 15 s).
    read_timeout = 45.0

    def __init__(
        self,
        client: Client,
        op: Operation,
        url: str,
        query: dict[str, Any],
        headers: dict[str, Any],
        body: Any,
        token: str | None,
        heartbeats: bool = False,
    ) -> None:
        self._client = client
        self._op = op
        self._url = url
        self._query = {k: v for k, v in query.items() if v is not None}
        self._headers = {k: str(v) for k, v in headers.items() if v is not None}
        self._body = dict(body) if isinstance(body, dict) else body
        self._token = token
        self.heartbeats = heartbeats
        self.last_event_id: str | None = self._headers.pop("Last-Event-ID", None)
        self.position: dict[str, int] = {}
        self.reconnects = 0
        self._closed = False
        self._response: httpx.Response | None = None
        self._games: list[str] | None = None
        self._iter = self._run()
        if op.operation_id in ("streamGames", "streamGamesPost"):
            games = (self._body or {}).get("games") or (
                str(self._query["games"]).split(",") if self._query.get("games") else None
            )
            self._games = list(games) if games else None
            since = (self._body or {}).get("since") or self._query.get("since")
            if isinstance(since, dict):
                self.position.update({k: int(v) for k, v in since.items()})
            elif isinstance(since, str) and since:
                for part in since.split(","):
                    gid, _, seq = part.rpartition(":")
                    self.position[gid] = int(seq)

    def __iter__(self) -> Stream[M]:
        return self

    def __next__(self) -> M:
        return cast(M, next(self._iter))

    def close(self) -> None:
        self._closed = True
        response = self._response
        if response is not None:
            with contextlib.suppress(Exception):
                response.close()

    def _request_parts(self) -> tuple[dict[str, str], dict[str, Any], Any]:
        headers = {**self._headers, "Accept": "application/x-ndjson"}
        if self._token:
            headers["Authorization"] = f"Bearer {self._token}"
        query = dict(self._query)
        body = self._body
        if self._op.operation_id == "streamGame" and self.last_event_id is not None:
            headers["Last-Event-ID"] = self.last_event_id
            query.pop("since", None)
        elif self._op.operation_id == "streamGames":
            if self.position:
                query["since"] = ",".join(f"{g}:{s}" for g, s in self.position.items())
            if self._games is not None:
                query["games"] = ",".join(self._games)
        elif self._op.operation_id == "streamGamesPost":
            body = dict(body or {})
            if self.position:
                body["since"] = dict(self.position)
            if self._games is not None:
                body["games"] = list(self._games)
        if self._op.method != "GET":
            headers.setdefault("Idempotency-Key", uuid.uuid4().hex)
        return headers, Client._params(query), body

    def _note(self, message: dict[str, Any]) -> bool:
        """Keep the resume point; True when the stream is over for good."""
        kind = message.get("type")
        data = message.get("data") or {}
        if "id" in message and self._op.operation_id == "streamGame":
            self.last_event_id = str(message["id"])
        if self._op.operation_id in ("streamGames", "streamGamesPost"):
            if kind == "state" and "id" in data:
                self.position[data["id"]] = int(data.get("seq", 0))
            elif kind == "entry" and "game_id" in data:
                self.position[data["game_id"]] = int(data["seq"])
            elif kind == "end" and self._games is not None:
                self._games = [g for g in self._games if g != data.get("id")]
                return not self._games
        return self._op.operation_id == "streamGame" and kind == "end"

    def _run(self) -> Iterator[dict[str, Any]]:
        client = self._client
        failures = 0
        first = True
        timeout = httpx.Timeout(client.timeout, read=self.read_timeout)
        while not self._closed:
            if not first:
                self.reconnects += 1
            first = False
            headers, params, body = self._request_parts()
            retry_after: float | None = None
            try:
                with client._http.stream(
                    self._op.method,
                    self._url,
                    params=params,
                    json=body,
                    headers=headers,
                    timeout=timeout,
                ) as response:
                    self._response = response
                    if response.status_code == 204:
                        return
                    if response.status_code in _RETRY_STATUSES:
                        retry_after = _retry_after(response)
                        raise _Retry
                    if response.status_code >= 400:
                        response.read()
                        raise problem_from(response)
                    for line in response.iter_lines():
                        if not line.strip():
                            continue
                        message = json.loads(line)
                        failures = 0
                        over = self._note(message)
                        if message.get("type") != "heartbeat" or self.heartbeats:
                            yield message
                        if over:
                            return
                        if self._closed:
                            return
            except _Retry:
                pass
            except (httpx.TransportError, httpx.StreamError, json.JSONDecodeError) as exc:
                if self._closed:
                    return
                log.info("stream %s dropped (%s); reconnecting", self._url, exc)
            finally:
                self._response = None
            if self._closed:
                return
            if failures >= 1 or retry_after is not None:
                client._wait(min(failures, 6), retry_after)
            failures += 1


class _Retry(Exception):
    """A 429/503 on opening a stream: wait and open it again."""
