"""How the browser tests play: by clicking what the page offers, nothing else.

The page knows no rule and neither does this driver: it picks among the offered fields,
amoebas and action buttons (a field or an amoeba first when the board offers some), using
the keyboard for fields so the board is proven keyboard-usable.
"""

from __future__ import annotations

import random
import time
from typing import Any

from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

# Genes bought whenever offered: each opens decision kinds a plain game rarely reaches.
WISHED_GENES = ("movement_1", "speed", "tentacle", "holding", "defense", "escape",
                "struggle_for_survival", "persistence", "aggression", "movement_2")  # fmt: skip

# The page shows other seats' moves one at a time; the test player, in a hurry, skips ahead.
STATE_JS = """const t = window.ursuppe || {}; const p = document.getElementById('decision');
const skip = document.getElementById('skip-ahead'); if (skip && !skip.hidden) skip.click();
return {ready: Boolean(t.ready), status: t.status, seq: t.lastSeq, answered: (t.answered || []).length,
        kind: p && !p.hidden && !p.inert ? (p.dataset.kind || '') : '', renderer: p ? p.dataset.renderer : ''};"""


def page_state(driver: WebDriver) -> dict[str, Any]:
    return driver.execute_script(STATE_JS)


def wait_for(driver: WebDriver, predicate: Any, timeout: float, what: str) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        state = page_state(driver)
        if predicate(state):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; page state {state}")
        time.sleep(0.1)


def _press_enter_on(driver: WebDriver, element: Any) -> None:
    driver.execute_script("arguments[0].focus()", element)
    ActionChains(driver).send_keys(Keys.ENTER).perform()


def _wait_buttons(panel: Any, css: str) -> list[Any]:
    """The buttons a board pick revealed (drawn by the page's handler, at once)."""
    deadline = time.monotonic() + 3
    while not (found := panel.find_elements(By.CSS_SELECTOR, css)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return found


def answer_one(driver: WebDriver, rng: random.Random) -> str:
    """Answer the decision on screen by clicking (or Enter on a board field); its kind."""
    kind = page_state(driver)["kind"]
    if not kind:
        return ""  # the decision left the screen in the meantime
    assert driver.title.startswith("▶ "), driver.title  # the tab tells it too, in any language
    panel = driver.find_element(By.ID, "decision")
    fields = driver.find_elements(By.CSS_SELECTOR, "#board-wrap g.field.offered")
    amoebas = driver.find_elements(By.CSS_SELECTOR, "#board-wrap g.amoeba.offered")
    buttons = panel.find_elements(By.CSS_SELECTOR, "button.action")
    if fields and (rng.random() < 0.85 or not buttons):
        for _ in range(2):  # a second press if the first met a board being redrawn
            _press_enter_on(driver, rng.choice(fields))
            buttons = _wait_buttons(panel, ".field-choice button.action")
            if buttons:
                break
            fields = driver.find_elements(By.CSS_SELECTOR, "#board-wrap g.field.offered")
            if not fields:
                return ""  # the decision left the screen in the meantime
    elif amoebas and rng.random() < 0.7:
        rng.choice(amoebas).click()
        buttons = _wait_buttons(panel, ".target-choice button.action")
    if kind == "buy_genes":
        wished = [b for b in buttons if b.get_attribute("data-type") == "buy"
                  and b.get_attribute("data-gene") in WISHED_GENES]  # fmt: skip
        if wished:
            buttons = wished
    assert buttons, f"decision {kind!r} offers nothing to click"
    button = rng.choice(buttons)
    button.click()
    if button.get_attribute("data-armed") == "1":
        button.click()  # a buy that brings a gene defect asks once more: the player confirms
    return kind


def play_turns(
    driver: WebDriver, rng: random.Random, *, max_turns: int, timeout: float = 90.0
) -> list[str]:
    """Answer up to ``max_turns`` of our decisions (or until the game ends): kinds answered."""
    kinds: list[str] = []
    while len(kinds) < max_turns:
        state = wait_for(
            driver, lambda s: s["ready"] and (s["kind"] or s["status"] != "active"), timeout,
            "our decision or the end",
        )  # fmt: skip
        if state["status"] != "active":
            break
        try:
            kind = answer_one(driver, rng)
        except (
            StaleElementReferenceException,
            ElementNotInteractableException,
            ElementClickInterceptedException,
        ):
            continue  # the panel was redrawn under the click: look again
        if not kind:
            continue
        kinds.append(kind)
        wait_for(
            driver, lambda s, before=state: s["answered"] > before["answered"] or s["seq"] != before["seq"],
            30, "the answer to be applied",
        )  # fmt: skip
    return kinds


MOUNT_DECISION_JS = """
const [state, pending, lang, done] = arguments;
localStorage.setItem('ursuppe.lang', lang);
Promise.all([import('/web/static/board.js'), import('/web/static/decisions.js'),
             import('/web/static/words.js'), import('/web/static/help.js'),
             fetch('/api/v1/rules?lang=' + lang).then(r => r.json())])
.then(([{Board}, {renderDecision}, words, help, rules]) => {
  help.setTexts(rules.texts);
  words.setGenes(rules.texts.genes);
  document.body.innerHTML = '<div id="board-wrap"></div><section id="decision"></section>';
  const board = new Board(document.getElementById('board-wrap'), rules.rules);
  board.draw(state);
  window.submitted = [];
  renderDecision({pending, state, panel: document.getElementById('decision'),
    submit: (a) => window.submitted.push(a),
    drawBoard: (offered, selected) => board.draw(state, offered, selected),
    onField: (fn) => { board.onField = fn; }, onAmoeba: (fn) => { board.onAmoeba = fn; }});
  done({renderer: document.getElementById('decision').dataset.renderer, texts: rules.texts});
});
"""


def mount_decision(
    driver: WebDriver, state: dict[str, Any], pending: dict[str, Any], lang: str = "en"
) -> dict[str, Any]:
    """Draw ``state`` and the decision ``pending`` on a blank page with the client's own
    modules (in ``lang``): ``{renderer, texts}``; the page's answers land in
    ``window.submitted``. The page it replaces has finished drawing first (``data-ready``):
    its own script would otherwise write into a page that is gone."""
    WebDriverWait(driver, 30).until(
        lambda d: d.execute_script("return document.body && document.body.dataset.ready")
    )
    return driver.execute_async_script(MOUNT_DECISION_JS, state, pending, lang)
