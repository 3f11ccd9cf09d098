"""A Python client generated from the committed spec by openapi-python-client, as a client
developer would make it (docs/api.md, "Generating a client"): it generates without one
warning and plays whole games against a live server, every decision read through its typed
models."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from harness.client_gen import (
    BIN,
    PYTHON_PACKAGE,
    ROOT,
    generate_python_client,
    import_python_client,
)
from harness.web_server import LiveServer


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    out = tmp_path_factory.mktemp("python-client") / "client"
    output = generate_python_client(out)
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    # The generator prints its warnings (a dropped model or response, a skipped operation) in
    # blocks; a clean run prints only what it generates.
    assert lines == [f"Generating {out}"], output
    return import_python_client(out)


def _module(name: str) -> Any:
    return importlib.import_module(f"{PYTHON_PACKAGE}.{name}")


def play_a_whole_game(client_pkg: ModuleType, base_url: str, players: int) -> dict[str, Any]:
    """Create, join every seat and play every decision with the generated functions; return
    what was seen."""
    models = _module("models")
    create_game = _module("api.games.create_game")
    get_game = _module("api.games.get_game")
    join_game = _module("api.seats.join_game")
    get_pending = _module("api.actions.get_pending_decision")
    submit_action = _module("api.actions.submit_action")
    anonymous = client_pkg.Client(base_url=base_url, raise_on_unexpected_status=True)

    created = create_game.sync(client=anonymous, body=models.GameCreate(players=players))
    assert isinstance(created, models.CreatedGame), created
    game_id = created.game.id
    assert created.game.status == models.GameStatus.OPEN
    seats: dict[int, Any] = {}
    for i in range(players):
        joined = join_game.sync(game_id, client=anonymous, body=models.Join(name=f"gen{i}"))
        assert isinstance(joined, models.Joined), joined
        seats[joined.seat] = client_pkg.AuthenticatedClient(
            base_url=base_url, token=joined.token, raise_on_unexpected_status=True
        )
    kinds: set[str] = set()
    action_types: set[str] = set()
    decisions = 0
    while True:
        pending = get_pending.sync(game_id, client=anonymous)
        assert isinstance(pending, models.Pending), pending
        decision = pending.pending
        if decision is None:
            break
        assert isinstance(decision, models.Decision)
        assert isinstance(decision.kind, models.DecisionKind)
        kinds.add(decision.kind.value)
        # Every legal action is one of the typed action models, never a bare dict.
        for action in decision.actions:
            assert type(action).__name__.endswith("Action"), action
            action_types.add(action.type_.value)
        result = submit_action.sync(
            game_id,
            client=seats[decision.seat],
            body=models.ActionSubmit(
                action=decision.actions[0], expected_seq=pending.seq, seat=decision.seat
            ),
        )
        assert isinstance(result, models.ActionResult), result
        assert result.seat == decision.seat and result.seq == pending.seq + 1
        decisions += 1
    game = get_game.sync(game_id, client=anonymous)
    assert isinstance(game, models.Game), game
    return {"game": game, "kinds": kinds, "types": action_types, "decisions": decisions}


@pytest.mark.parametrize("players", [4, 6])
def test_the_generated_python_client_plays_a_whole_game(
    generated: ModuleType, server: LiveServer, players: int
) -> None:
    seen = play_a_whole_game(generated, server.base_url, players)
    game = seen["game"]
    models = _module("models")
    assert game.status == models.GameStatus.FINISHED
    assert isinstance(game.result, models.GameResult)
    assert sorted(game.result.ranking) == list(range(players))
    assert len(game.result.scores) == players
    # A whole game meets the setup, movement, buying and dividing decisions (feeding is
    # asked only where there is a choice).
    assert {"start_space", "place_amoeba", "movement", "buy_genes", "divide"} <= seen["kinds"]
    assert seen["decisions"] > 10 * players


def _optional_token_modules() -> set[str]:
    """The generated module of each operation whose ``security`` lists the anonymous ``{}``."""
    spec = json.loads((ROOT / "openapi" / "openapi.json").read_text())
    return {
        re.sub(r"(?<!^)(?=[A-Z])", "_", operation["operationId"]).lower()
        for item in spec["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and {} in operation.get("security", [])
    }


def test_the_settings_hook_widens_every_operation_whose_token_is_optional(
    generated: ModuleType,
) -> None:
    settings = (ROOT / "openapi" / "python-client.yaml").read_text()
    listed = re.search(r"optional = \((.*?)\)", settings, re.S)
    assert listed is not None, "the post hook names the modules it widens"
    named = set(re.findall(r"'(\w+)'", listed.group(1)))
    assert named == _optional_token_modules()
    api = Path(generated.__file__).parent / "api"
    for name in named:
        (module,) = api.glob(f"*/{name}.py")
        assert "client: AuthenticatedClient | Client," in module.read_text(), name
    (required,) = api.glob("*/submit_action.py")  # a seat's token: never without one
    assert "    client: AuthenticatedClient,\n" in required.read_text()


def test_the_documented_example_type_checks_with_and_without_a_token(
    generated: ModuleType, tmp_path: Path
) -> None:
    """docs/api.md's example, as a client developer would paste it, passes ``mypy --strict``:
    creating and joining take a plain ``Client`` as well as an ``AuthenticatedClient``."""
    docs = (ROOT / "docs" / "api.md").read_text()
    (example,) = [
        block for block in re.findall(r"```python\n(.*?)```", docs, re.S)
        if f"from {PYTHON_PACKAGE} import" in block
    ]  # fmt: skip
    assert "Client(base_url=BASE)" in example and "AuthenticatedClient(" in example
    (tmp_path / "example.py").write_text(example)
    done = subprocess.run(
        [str(BIN / "mypy"), "--strict", "--follow-imports=silent", "--no-incremental",
         "--cache-dir", str(tmp_path / ".mypy_cache"), "example.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
        env={"MYPYPATH": str(Path(generated.__file__).parents[1]), "PATH": str(BIN)},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
