"""Every decision kind the engine has, rendered in Chromium and answered by a click.

The live game (test_web_play) reaches the common kinds; some need rare genes and dice
(escape, persistence, aggression). Here each kind is drawn from a decision the engine
posed in random play, or, for a kind random play did not reach, one built after the
context table in docs/engine-api.md, on a real public state. For each kind the test checks
that every offered action can be reached by clicks (buttons, board fields or amoebas)
and that a click answers with exactly the offered action.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from harness.browser import chromium, console_errors
from harness.web_play import mount_decision
from harness.web_server import LiveServer
from tests.web.test_web_play import engine_decision_kinds

pytestmark = pytest.mark.integration


def _ref(state: dict[str, Any], seat: int, which: int = 0) -> dict[str, Any]:
    amoeba = state["seats"][seat]["amoebas"][which]
    return {"seat": seat, "number": amoeba["number"], "field": amoeba["field"]}


def _built(kind: str, state: dict[str, Any]) -> dict[str, Any]:
    """A decision of ``kind`` on ``state`` with the actions and context the engine gives it."""
    me, other = _ref(state, 0), _ref(state, 1)
    target = {"seat": other["seat"], "number": other["number"]}
    actions, context = {
        "escape_move": ([{"type": "move"}], {"amoeba": me}),
        "attack_retry": ([{"type": "starve"}, {"type": "attack", "target": target}],
                         {"amoeba": me, "phase": 1}),
        "aggression": ([{"type": "pass"}, {"type": "attack", "attacker": me["number"],
                                           "target": target}], {}),
        "defend": ([{"type": "accept"}, {"type": "defend"}, {"type": "escape"}],
                   {"attacker": other, "target": me, "phase": 1, "fight_lost": False}),
        "tentacle": ([{"type": "tentacle", "take": [0, 0, 0]}, {"type": "tentacle", "take": [1, 0, 1]}],
                     {"amoeba": me, "from": me["field"], "to": other["field"], "limit": 2}),
        "second_move": ([{"type": "skip"}, {"type": "move"}], {"amoeba": me}),
        "cling": ([{"type": "let_go"}, {"type": "cling"}],
                  {"amoeba": me, "leaving": other, "to": other["field"]}),
        "choose_die": ([{"type": "die", "face": 2}, {"type": "die", "face": 6}],
                       {"amoeba": me, "dice": [2, 6]}),
        "choose_direction": ([{"type": "direction", "direction": d} for d in "WNES"], {"amoeba": me}),
        "pay_defect": ([{"type": "pay_bp", "amount": 1}], {"remaining": 1}),
    }[kind]  # fmt: skip
    return {"seat": 0, "kind": kind, "actions": actions, "context": context, "seq": state["seq"]}


def sample_decisions() -> tuple[dict[str, tuple[dict[str, Any], dict[str, Any]]], set[str]]:
    """kind -> (public state, pending decision): from random play, then built; the built kinds."""
    from engine import Game

    found: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    for seed in range(6):
        game, rng = Game.new(3, seed), random.Random(seed)
        while not game.is_over:
            if game.pending.kind not in found:
                view = game.public_view()
                found[game.pending.kind] = (view, view["pending"])
            game.apply(rng.choice(game.legal_actions()))
    state = found["feed"][0]  # mid-game: amoebas of every seat are on the board
    built = engine_decision_kinds() - found.keys()
    for kind in built:
        found[kind] = (state, _built(kind, state))
    return found, built


def _indices(panel: Any, css: str) -> set[int]:
    return {int(b.get_attribute("data-index")) for b in panel.find_elements(By.CSS_SELECTOR, css)}


def test_every_decision_kind_is_rendered_and_answered_by_a_click(server: LiveServer) -> None:
    samples, built = sample_decisions()
    assert samples.keys() == engine_decision_kinds()
    with chromium() as driver:
        driver.get(server.base_url + "/")
        for kind, (state, pending) in sorted(samples.items()):
            renderer = mount_decision(driver, state, pending)["renderer"]
            assert renderer == "dedicated", kind
            panel = driver.find_element(By.ID, "decision")
            reachable = _indices(panel, "button.action")
            for css, choice in (("g.field.offered", ".field-choice"),
                                ("g.amoeba.offered", ".target-choice")):  # fmt: skip
                for i in range(len(driver.find_elements(By.CSS_SELECTOR, f"#board-wrap {css}"))):
                    driver.find_elements(By.CSS_SELECTOR, f"#board-wrap {css}")[i].click()
                    reachable |= _indices(panel, f"{choice} button.action")
                    shown = [b.get_attribute("data-index") for b in panel.find_elements(
                        By.CSS_SELECTOR, "button.action") if b.is_displayed()]  # fmt: skip
                    assert len(shown) == len(set(shown)), f"{kind}: a button shows twice"
            assert reachable == set(range(len(pending["actions"]))), kind
            button = [
                b for b in panel.find_elements(By.CSS_SELECTOR, "button.action") if b.is_displayed()
            ][-1]
            index = int(button.get_attribute("data-index"))
            button.click()
            submitted = driver.execute_script("return window.submitted")
            assert submitted == [pending["actions"][index]], kind
        assert console_errors(driver) == []
    print("decision kinds built after docs/engine-api.md, not from play:", sorted(built))
