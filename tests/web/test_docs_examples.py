"""Every example in the README and in docs/ runs as written: each block is read
from its page, so a page and its test cannot drift apart.

``EXAMPLES`` names, for every code block a reader could run (python, bash, sh, js), the test
that runs it; ``test_every_example_is_run`` fails when a page gains a block nobody runs, or a
test names a block that is gone. JSON blocks must parse. Diagrams, HTTP transcripts and the
nginx snippet are not programs and are not listed. Where running a block exactly would take
minutes (the 200-game arena, the hours-long training recipe) the test says what it does
instead: fewer games, or each command line parsed by the program's own argument parser.
"""

from __future__ import annotations

import base64
import io
import json
import re
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from harness.browser import chromium, console_errors
from harness.client_gen import generate_python_client, import_python_client
from harness.processes import WorkerProcess, redis_server
from harness.web_server import LiveServer, review_worker
from tests.web.test_web_play import api, api_post

pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

ROOT = Path(__file__).resolve().parents[2]
PAGES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "bench/results/ai-recipe.md",
]
RUNNABLE = {"python", "bash", "sh", "js"}
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


@dataclass(frozen=True)
class Block:
    page: str  # path relative to the repository
    lang: str
    code: str

    @property
    def key(self) -> tuple[str, str]:
        """The page and the block's first line: what ``EXAMPLES`` names it by."""
        return self.page, self.code.splitlines()[0]


def blocks(lang: str | None = None) -> list[Block]:
    found = [
        Block(str(page.relative_to(ROOT)), m.group(1), m.group(2))
        for page in PAGES
        for m in FENCE.finditer(page.read_text())
    ]
    return [b for b in found if lang is None or b.lang == lang]


def block(page: str, first_line: str) -> str:
    (code,) = [b.code for b in blocks() if b.key == (page, first_line)]
    return code


#: Every runnable block of the pages, by its first line, and the test that runs it.
EXAMPLES: dict[tuple[str, str], str] = {
    ("README.md", "make run    # the server with a worker and scheduler, embedded mode (SQLite, its own Redis)"): "test_the_readmes_make_targets_exist",
    ("README.md", "API=localhost:8000/api/v1"): "test_the_readmes_api_example_plays_a_move",
    ("README.md", ".venv/bin/ursuppe simulate --players 4 --games 1000 --seed 1 --jobs 2   # random self-play, engine statistics"): "test_the_readmes_command_lines_run",
    ("README.md", "from engine import Game"): "test_the_python_examples_of_the_engine_run",
    ("docs/engine-api.md", "from engine import Game, Decision, EngineError, IllegalActionError, replay, rules_data"): "test_the_python_examples_of_the_engine_run",
    ("docs/engine-api.md", "import random"): "test_the_python_examples_of_the_engine_run",
    ("docs/engine-api.md", "from engine.chance import ScriptedDice"): "test_the_python_examples_of_the_engine_run",
    ("bench/results/ai-recipe.md", "# data: the search bot's self-play with the version-1 value (112 games were used)"): "test_the_ai_pages_recipe_is_accepted_by_its_programs",
    ("docs/api.md", "API=localhost:8000/api/v1"): "test_the_api_docs_seek_example_gets_a_game",
    ("docs/api.md", "from standardwebhooks import Webhook, WebhookVerificationError"): "test_the_webhook_receiver_example_verifies_and_deduplicates",
    ("docs/api.md", 'curl -s -XPOST $API/games/$GAME/seats/0/hint -H "Authorization: Bearer $TOKEN"   # 202, status pending'): "test_the_hint_example_asks_and_reads_a_hint",
    ("docs/deploy.md", "# machine A: humans only — their bots' replies never wait behind a tournament"): "test_the_deploy_pages_worker_commands_start_workers",
    ("docs/stream.md", "import json, requests"): "test_the_python_stream_client_follows_a_game_to_its_end",
    ("docs/stream.md", "import json"): "test_the_python_client_of_many_games_follows_them_to_their_end",
    ("docs/api.md", "import os"): "test_the_generated_python_client_example_plays_a_game",
    ("docs/deploy.md", 'ursuppe moderator grant "Ada Lovelace"   # a player\'s id, or a name exactly one player has'): "test_the_deploy_pages_moderator_commands_grant_list_and_revoke",
    ("docs/stream.md", "const source = new EventSource(`/api/v1/games/${gameId}/stream`);"): "test_the_browser_stream_client_prompts_its_seat",
    ("docs/api.md", "curl -s -XPOST $API/games/$GAME/review    # 202 status pending (200 when it exists)"): "test_the_review_example_asks_for_and_reads_a_review",
    ("docs/api.md", "BASE=http://localhost:8000"): "test_the_oauth_curl_example_acts_within_the_scopes_approved",
    ("docs/api.md", "import base64, hashlib, secrets"): "test_the_oauth_python_example_acts_within_the_scopes_approved",
}  # fmt: skip


def test_every_example_is_run() -> None:
    runnable = {b.key for b in blocks() if b.lang in RUNNABLE}
    assert runnable == set(EXAMPLES), {
        "not run by any test": sorted(runnable - set(EXAMPLES)),
        "named but gone": sorted(set(EXAMPLES) - runnable),
    }
    names = set(globals())
    assert set(EXAMPLES.values()) <= names


def test_the_json_examples_parse() -> None:
    examples = blocks("json")
    assert examples
    for b in examples:
        json.loads(b.code)


def test_the_json_examples_of_hints_and_reviews_match_the_spec() -> None:
    """The hint's and the review's answers on docs/api.md are ones the spec allows (the
    schemas forbid any member they do not name)."""
    schemas = {'"current_seq"': "Hint", '"accuracy_scale"': "Review"}
    checked = set()
    for b in blocks("json"):
        for marker, name in schemas.items():
            if b.page == "docs/api.md" and marker in b.code:
                _spec_validator(name).validate(json.loads(b.code))
                checked.add(name)
    assert checked == set(schemas.values())


def _spec_validator(schema: str):  # noqa: ANN202 - a jsonschema validator
    """A validator of the committed spec's ``components.schemas[schema]``, with its
    date-time formats checked."""
    from jsonschema import FormatChecker
    from openapi_schema_validator import OAS30ReadValidator

    document = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    root = {"$ref": f"#/components/schemas/{schema}", "components": document["components"]}
    return OAS30ReadValidator(root, format_checker=FormatChecker())


def _bash(script: str, *, cwd: Path = ROOT, timeout: float = 120) -> str:
    run = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        capture_output=True, text=True, timeout=timeout, check=False, cwd=cwd,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout


def _on(server: LiveServer, script: str) -> str:
    assert "localhost:8000" in script
    return script.replace("localhost:8000", server.base_url.removeprefix("http://"))


def test_the_readmes_make_targets_exist() -> None:
    code = block("README.md", next(k[1] for k in EXAMPLES if k[1].startswith("make run")))
    targets = [line.split()[1] for line in code.splitlines()]
    assert targets == ["run", "test"]
    _bash("make -n " + " ".join(targets) + " >/dev/null")


def test_the_readmes_api_example_plays_a_move(server: LiveServer) -> None:
    script = block("README.md", "API=localhost:8000/api/v1")
    *answer, game_id = _bash(_on(server, script) + "\necho; echo $GAME").strip().splitlines()
    applied = json.loads("\n".join(answer))
    assert "code" not in applied, applied  # not a problem document
    assert applied["seq"] >= 1
    log = api(server, f"/games/{game_id}/events")
    assert any(e["seat"] == 0 for e in log["items"] if e.get("action") is not None), log


def test_the_readmes_command_lines_run(tmp_path: Path) -> None:
    """The simulation runs as written; the arena plays 8 of its 200 games (about 20 s of CPU
    as written); ``make bench`` (every benchmark, many minutes) is checked with ``make -n``."""
    code = block("README.md", next(k[1] for k in EXAMPLES if "ursuppe simulate" in k[1]))
    simulate, arena, bench = (line.split("#")[0].strip() for line in code.splitlines())
    venv = str(ROOT / ".venv") + "/"
    out = _bash(simulate.replace(".venv/", venv), cwd=tmp_path)
    assert "how games ended" in out
    assert " -n 200 " in arena
    out = _bash(arena.replace(".venv/", venv).replace(" -n 200 ", " -n 8 "), cwd=tmp_path)
    assert list((tmp_path / "var" / "arena").glob("arena-greedy-random-random-random.json"))
    assert bench == "make bench"
    _bash("make -n bench >/dev/null")


def test_the_python_examples_of_the_engine_run() -> None:
    """The README's loop plays a whole game; engine-api.md's blocks run in order in one
    namespace, as a reader pasting them into one session would."""
    shown = io.StringIO()
    namespace: dict[str, object] = {}
    with redirect_stdout(shown):
        exec(block("README.md", "from engine import Game"), namespace)
    ranking = json.loads(shown.getvalue())
    assert sorted(ranking) == [0, 1, 2, 3]
    first, search, chance = [b.code for b in blocks("python") if b.page == "docs/engine-api.md"]
    page: dict[str, object] = {}
    exec(first, page)
    assert page["again"].to_dict() == page["game"].to_dict()  # type: ignore[attr-defined]
    exec(search, page)
    assert page["copy"].seq == page["game"].seq  # type: ignore[attr-defined]
    exec(chance, page)
    assert page["g"].chance.remaining == []  # type: ignore[attr-defined]  # the 3 was rolled
    (amoeba,) = page["g"].public_view()["seats"][0]["amoebas"]  # type: ignore[attr-defined]
    assert amoeba["field"] == "C2"  # "rolls a 3: East, to C2", as the page says


def _ai_recipe_commands() -> list[list[str]]:
    recipe = "bench/results/ai-recipe.md"
    code = block(recipe, next(k[1] for k in EXAMPLES if k[0] == recipe))
    joined = re.sub(r"\\\n\s*", "", code)
    return [shlex.split(line) for line in joined.splitlines() if line and not line.startswith("#")]


def test_the_ai_pages_recipe_is_accepted_by_its_programs() -> None:
    """The recipe runs for hours; each command line is parsed by its program's own parser
    (a renamed or removed option fails here), and each program is one the project has."""
    from ai.cli import build_parser as ursuppe
    from ai.fit_value import build_parser as fit_value
    from ai.value_pipeline import build_parser as value_pipeline
    from bench.ai_tables import build_parser as ai_tables
    from bench.playout_cpu import build_parser as playout_cpu
    from scripts.ladder import build_parser as ladder

    parsers: dict[str, Callable[[], object]] = {
        "ai.fit_value": fit_value, "scripts.ladder": ladder, "bench.ai_tables": ai_tables,
        "bench.playout_cpu": playout_cpu, "ai.value_pipeline": value_pipeline,
    }  # fmt: skip
    commands = _ai_recipe_commands()
    assert len(commands) == 64  # every line of the recipe, none lost to the parsing above
    for argv in commands:
        if argv[0] == "ursuppe":
            ursuppe().parse_args(argv[1:])
        else:
            assert argv[:2] == ["python", "-m"], argv
            parsers[argv[2]]().parse_args(argv[3:])  # type: ignore[attr-defined]


def test_the_api_docs_seek_example_gets_a_game(server: LiveServer) -> None:
    """Seeking alone, the program waits out the seek's 10 s and gets a game with two bots."""
    script = block("docs/api.md", "API=localhost:8000/api/v1")
    out = _bash(_on(server, script) + '\necho "$GAME $TOKEN"').strip().splitlines()
    summary, last = out[-2:]
    assert json.loads(summary) == ["active", ["human", "bot", "bot"]]
    game_id, token = last.split()
    # The token from GET /seeks/{id} is the seat's: it writes at the table as seat 0.
    said = api_post(server, f"/games/{game_id}/chat", {"text": "hello"}, token)
    assert said["seat"] == 0


def test_the_webhook_receiver_example_verifies_and_deduplicates() -> None:
    from standardwebhooks import Webhook

    secret = "whsec_" + base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()
    seen: set[str] = set()
    processed: list[dict] = []
    namespace: dict[str, object] = {
        "SECRET": secret,
        "already_processed": lambda delivery: delivery in seen or seen.add(delivery),
        "process": processed.append,
    }
    exec(
        block("docs/api.md", "from standardwebhooks import Webhook, WebhookVerificationError"),
        namespace,
    )
    handle = namespace["handle"]
    body = json.dumps({"type": "game.finished", "data": {"seq": 7}}).encode()
    now = time.time()
    signature = Webhook(secret).sign("msg_1", _utc(now), body.decode())
    headers = {
        "webhook-id": "msg_1",
        "webhook-timestamp": str(int(now)),
        "webhook-signature": signature,
    }
    assert handle(body, headers) == 200  # type: ignore[operator]
    assert handle(body, headers) == 200  # type: ignore[operator]  # the retry: not again
    assert processed == [{"type": "game.finished", "data": {"seq": 7}}]
    assert handle(body.replace(b"7", b"8"), headers) == 400  # type: ignore[operator]
    stale = {**headers, "webhook-timestamp": str(int(now) - 600)}
    assert handle(body, stale) == 400  # type: ignore[operator]
    assert len(processed) == 1


def _utc(seconds: float):  # noqa: ANN202 - a datetime for standardwebhooks' sign()
    from datetime import UTC, datetime

    return datetime.fromtimestamp(int(seconds), UTC)


def test_the_deploy_pages_worker_commands_start_workers(tmp_path: Path) -> None:
    """Both worker command lines start a worker that answers on the live queue (a private
    Redis, so the literal queue names cannot meet another test's)."""
    code = block("docs/deploy.md", next(k[1] for k in EXAMPLES if k[0] == "docs/deploy.md"
                                        and k[1].startswith("# machine A")))  # fmt: skip
    commands = [line for line in code.splitlines() if line.startswith("celery ")]
    assert len(commands) == 2
    with redis_server() as url:
        for i, line in enumerate(commands):
            worker = _WrittenWorker(
                {"REDIS_URL": url}, queue="ursuppe", workdir=tmp_path, name=f"deploy{i}"
            )
            worker.written = shlex.split(line)[1:]
            try:
                worker.start(timeout=60)
            finally:
                worker.stop()


class _WrittenWorker(WorkerProcess):
    """A worker started with a command line from the docs, through this interpreter."""

    written: list[str]

    def command(self) -> list[str]:
        return [sys.executable, "-m", "celery", *self.written]


def _bot_game(server: LiveServer, humans: int = 0, **extra: object) -> dict:
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "level": "random"}] * (3 - humans)
    return api_post(server, "/games", {"players": 3, "seats": seats, **extra})


def _until(predicate: Callable[[], object], what: str, timeout: float = 60) -> object:
    """Poll ``predicate`` (a read of the live server) until it holds."""
    deadline = time.monotonic() + timeout
    while not (value := predicate()):
        assert time.monotonic() < deadline, f"not within {timeout} s: {what}"
        time.sleep(0.1)
    return value


def test_the_hint_example_asks_and_reads_a_hint(server: LiveServer) -> None:
    """Seat 0 of an unrated game, at its turn, runs the page's two requests: the ask is
    pending (or already ready), the read names the same decision; the hint then comes."""
    game_id = _bot_game(server, humans=1, rated=False)["game"]["id"]
    token = api_post(server, f"/games/{game_id}/seats", {"name": "learner"})["token"]
    _until(
        lambda: api(server, f"/games/{game_id}/pending")["pending"]["player"] == 0, "seat 0's turn"
    )
    seq = api(server, f"/games/{game_id}/pending")["seq"]
    script = "API=localhost:8000/api/v1\n" + block(
        "docs/api.md", next(k[1] for k in EXAMPLES if "/hint" in k[1])
    )
    env = f"GAME={game_id}; TOKEN={token}\n"
    asked, read = (json.loads(line) for line in _bash(env + _on(server, script)).splitlines())
    assert asked["status"] in ("pending", "ready") and asked["seq"] == seq
    assert read["seq"] == seq
    url = f"/games/{game_id}/seats/0/hint"

    def ready() -> dict | None:
        req = urllib.request.Request(
            server.base_url + "/api/v1" + url, headers={"Authorization": f"Bearer {token}"}
        )
        with urllib.request.urlopen(req, timeout=10) as resp:
            hint = json.load(resp)
        return hint if hint["status"] == "ready" else None

    hint = _until(ready, "the hint computed")
    assert hint["action"] in api(server, f"/games/{game_id}/pending")["pending"]["actions"]


def test_the_review_example_asks_for_and_reads_a_review(server: LiveServer) -> None:
    """A finished game of bots, a review worker running: the first line asks (pending, or
    ready when another asked first), the second reads review_pending until the worker wrote
    it, then the review, as the spec describes it."""
    game_id = _bot_game(server)["game"]["id"]
    _until(lambda: api(server, f"/games/{game_id}")["status"] == "finished", "the bots' game")
    asking, reading = block(
        "docs/api.md", next(k[1] for k in EXAMPLES if k[1].endswith("(200 when it exists)"))
    ).splitlines()
    env = f"API=localhost:8000/api/v1; GAME={game_id}\n"
    with review_worker(server):
        asked = json.loads(_bash(_on(server, env + asking)))
        assert asked["status"] in ("pending", "ready") and asked["game_id"] == game_id

        def read() -> dict | None:
            answer = json.loads(_bash(_on(server, env + reading)))
            if answer.get("code") == "review_pending":
                return None
            return answer

        review = _until(read, "the review written", timeout=180)
    assert review["status"] == "ready" and len(review["players"]) == 3, review
    _spec_validator("Review").validate(review)


def _person_approves(server: LiveServer, authorize_url: str, name: str) -> dict[str, str]:
    """What the consent page does when a person (a new player) allows a site's request: the
    query the person is sent back to the site with."""
    query = urllib.parse.urlsplit(authorize_url).query
    person = api_post(server, "/players", {"name": name})
    shown = api(server, f"/oauth/authorization?{query}")
    assert shown["scopes"] == ["profile:read", "tournament:enter"], shown
    decided = _send(
        server, "POST", f"/oauth/authorization?{query}",
        {"approve": True, "consent": shown["consent"]}, person["token"],
    )  # fmt: skip
    back = urllib.parse.urlsplit(decided["redirect_to"])
    return {"player_id": person["player"]["id"], **dict(urllib.parse.parse_qsl(back.query))}


def _send(server: LiveServer, method: str, path: str, body: dict | None, token: str) -> dict:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    url = server.base_url + "/api/v1" + path
    req = urllib.request.Request(url, data, headers, method=method)
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.load(resp)


def _spring_cup(server: LiveServer) -> None:
    """The label the examples enter, owned by an organiser (entries need an owner): one made
    here, or the one an example before this one made."""
    organiser = api_post(server, "/players", {"name": "organiser"})["token"]
    try:
        _send(server, "PUT", "/labels/spring-cup", None, organiser)
    except urllib.error.HTTPError as err:
        assert (err.code, json.load(err)["code"]) == (403, "label_owned")


def _entrants(server: LiveServer) -> set[str]:
    return {e["player_id"] for e in api(server, "/labels/spring-cup/entries")}


def _status_of(server: LiveServer, path: str, token: str) -> int:
    try:
        _send(server, "GET", path, None, token)
    except urllib.error.HTTPError as err:
        return err.code
    return 200


def test_the_oauth_curl_example_acts_within_the_scopes_approved(server: LiveServer) -> None:
    """The site's commands up to the address it sends the person to; a person allows at the
    consent page; the rest with the code they came back with: the entry is made, creating a
    game is refused for its missing scope, and the revoked token no longer works."""
    _spring_cup(server)
    script = block("docs/api.md", "BASE=http://localhost:8000")
    before, _, after = script.partition("# The person opens")
    after = after.split("\n", 2)[2]  # past the two comment lines of the person's part
    *_, url, state, verifier = _bash(
        _on(server, before) + '\necho "$STATE"; echo "$VERIFIER"'
    ).splitlines()
    back = _person_approves(server, url, "curl-reader")
    assert back["state"] == state and back["iss"] == server.base_url
    env = f"BASE={server.base_url}; CODE={back['code']}; VERIFIER={verifier}\n"
    *answers, token = _bash(env + after + '\necho; echo "$TOKEN"').splitlines()
    assert token.startswith("player.")
    assert back["player_id"] in _entrants(server)
    assert "missing_scope" in "".join(answers), answers  # the game it may not create
    assert _status_of(server, "/players/me", token) == 401  # given back


def test_the_oauth_python_example_acts_within_the_scopes_approved(server: LiveServer) -> None:
    """The site's code: its login address, a person allowing it at the consent page, its
    callback exchanging the code, and its calls with the token it got."""
    _spring_cup(server)
    code = block("docs/api.md", "import base64, hashlib, secrets")
    site: dict[str, object] = {}
    exec(_on(server, code), site)
    back = _person_approves(server, str(site["login_url"]), "python-reader")
    assert back.pop("player_id") not in _entrants(server)
    token = site["callback"](back)  # type: ignore[operator]
    games = site["enter_and_list"](token)  # type: ignore[operator]
    assert games == []  # a new player: entered, in no game yet
    me = _send(server, "GET", "/players/me", None, token)
    assert me["id"] in _entrants(server) and me["name"] == "python-reader"


def test_the_generated_python_client_example_plays_a_game(
    server: LiveServer, tmp_path: Path
) -> None:
    """docs/api.md's client, generated as the page says, plays its seat to the game's end."""
    generate_python_client(tmp_path / "client")
    import_python_client(tmp_path / "client")
    code = block("docs/api.md", "import os").replace("https://ursuppe.example", server.base_url)
    shown = io.StringIO()
    with redirect_stdout(shown):
        exec(code, {})
    kinds = [line.split()[0] for line in shown.getvalue().splitlines()]
    # The seat's first decision is its start space, unless the bots took every space but
    # one (the engine places a marker with no choice left); it plays on to the end.
    assert kinds[0] in ("start_space", "place_amoeba") and "buy_genes" in kinds, kinds[:5]


def test_the_python_stream_client_follows_a_game_to_its_end(server: LiveServer) -> None:
    namespace: dict[str, object] = {}
    exec(block("docs/stream.md", "import json, requests"), namespace)
    game = _bot_game(server)["game"]
    shown = io.StringIO()
    with redirect_stdout(shown):  # from the first entry: random bots may be done already
        namespace["follow"](server.base_url, game["id"], 0)  # type: ignore[operator]
    lines = shown.getvalue().splitlines()
    assert lines[-1].startswith("over: "), lines[-3:]
    moves = [line for line in lines[:-1] if line.split()[0].isdigit()]
    assert len(moves) == api(server, f"/games/{game['id']}")["seq"]


def test_the_python_client_of_many_games_follows_them_to_their_end(server: LiveServer) -> None:
    """The stream-of-many-games client, from each game's first entry: it prints every entry
    of every game once, in order, and returns when all of them are over."""
    namespace: dict[str, object] = {}
    exec(block("docs/stream.md", "import json"), namespace)
    ids = [_bot_game(server)["game"]["id"] for _ in range(3)]
    shown = io.StringIO()
    with redirect_stdout(shown):
        namespace["follow_many"](server.base_url, ids, since={i: 0 for i in ids})  # type: ignore[operator]
    printed = [line.split()[:2] for line in shown.getvalue().splitlines()]
    for game_id in ids:
        seqs = [int(seq) for gid, seq in printed if gid == game_id]
        game = api(server, f"/games/{game_id}")
        assert game["status"] == "finished" and seqs == list(range(1, game["seq"] + 1)), seqs


def test_the_browser_stream_client_prompts_its_seat(server: LiveServer) -> None:
    """The page's snippet, with the page's own names (``gameId``, ``mySeat``, ``render``,
    ``applyEvents``, ``promptForMove``) defined as a client would: it prompts seat 0 when
    its turn comes, and again after the seat has played and the bots have answered."""
    created = _bot_game(server, humans=1)
    game_id = created["game"]["id"]
    joined = api_post(server, f"/games/{game_id}/seats", {"name": "reader"})
    snippet = block(
        "docs/stream.md", next(k[1] for k in EXAMPLES if k[1].startswith("const source"))
    )
    with chromium() as driver:
        driver.get(server.base_url + "/")
        driver.execute_script(
            "window.seen = {states: 0, entries: 0, prompts: 0};"
            "window.gameId = arguments[0]; window.mySeat = arguments[1];"
            "window.render = () => { seen.states += 1; };"
            "window.applyEvents = () => { seen.entries += 1; };"
            "window.promptForMove = () => { seen.prompts += 1; };" + snippet,
            game_id,
            joined["seat"],
        )
        seen = lambda d: d.execute_script("return window.seen")  # noqa: E731
        WebDriverWait(driver, 60).until(lambda d: seen(d)["prompts"] >= 1)
        first = seen(driver)
        pending = api(server, f"/games/{game_id}/pending")
        assert pending["pending"]["player"] == joined["seat"]
        api_post(
            server, f"/games/{game_id}/actions",
            {"action": pending["pending"]["actions"][0], "expected_seq": pending["seq"]},
            joined["token"],
        )  # fmt: skip
        WebDriverWait(driver, 60).until(
            lambda d: (
                seen(d)["prompts"] > first["prompts"]
                or api(server, f"/games/{game_id}")["status"] == "finished"
            )
        )
        after = seen(driver)
        assert after["states"] >= 1 and after["entries"] > first["entries"]
        assert not console_errors(driver)


def test_the_deploy_pages_moderator_commands_grant_list_and_revoke(server: LiveServer) -> None:
    """Each of the page's three lines, on the live server's database, for a player of its
    own (a name no other test gives, and that player's id for the page's sample id)."""
    code = block("docs/deploy.md", next(k[1] for k in EXAMPLES if "moderator" in k[1]))
    name = f"Ada Lovelace {time.monotonic_ns()}"
    made = api_post(server, "/players", {"name": name})
    player_id = made["player"]["id"]
    env = {**server.env, "URSUPPE_AUTO_MIGRATE": "0"}
    answers = []
    for line in code.splitlines():
        argv = shlex.split(line, comments=True)
        argv = [name if a == "Ada Lovelace" else player_id if a == "p3f9c2a1" else a for a in argv]
        assert argv[:2] == ["ursuppe", "moderator"], line
        done = subprocess.run(
            [sys.executable, "-m", "ai.cli", *argv[1:]], capture_output=True, text=True,
            env=env, cwd=ROOT, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, (line, done.stderr)
        answers.append(done.stdout)
    assert player_id in answers[1]  # listed after the grant
    listed = subprocess.run(
        [sys.executable, "-m", "ai.cli", "moderator", "list"], capture_output=True, text=True,
        env=env, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert player_id not in listed.stdout  # revoked
