"""A table that teaches, in each language: every gene's card shows
its text from GET /rules, every decision kind shows its explanation, a purchase that lifts
the mutation points above the ozone warns before it is made, and no icon needs an emoji
font."""

from __future__ import annotations

import copy
import json
import re
import time
import urllib.request
from typing import Any

import pytest
from selenium.webdriver import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from harness.browser import chromium, console_errors
from harness.web_play import mount_decision, wait_for
from harness.web_server import LiveServer
from tests.web.catalogue import LANGUAGES, messages
from tests.web.test_web_decisions import sample_decisions
from tests.web.test_web_play import api_post

pytestmark = pytest.mark.integration


# Code points a browser draws from an emoji font when it has one (and as empty boxes when it
# has none): misc technical (⏱ ⏮ ⏭), misc symbols and dingbats (⚀ ✚), arrows-supplement and
# the emoji planes, plus the emoji presentation selector.
EMOJI = re.compile("[\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\ufe0f\U0001f000-\U0001faff]")


def _texts(server: LiveServer, lang: str) -> dict[str, Any]:
    url = f"{server.base_url}/api/v1/rules?lang={lang}"
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.load(resp)["texts"]


def _until_our_turn(server: LiveServer, game_id: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{server.base_url}/api/v1/games/{game_id}") as resp:
            pending = json.load(resp).get("pending") or {}
        if pending.get("player", pending.get("seat")) == 0:
            return
        time.sleep(0.1)
    raise AssertionError("the bots did not hand the turn to seat 0")


def _no_emoji(text: str) -> None:
    found = sorted({f"U+{ord(c):04X}" for c in EMOJI.findall(text)})
    assert found == [], f"characters that need an emoji font: {found}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_gene_card_opens_on_focus_and_hover_with_its_text(
    server: LiveServer, lang: str
) -> None:
    """The market names every gene; each name opens its card from the keyboard (focus) and
    the mouse (hover), showing what GET /rules says the gene does in this language."""
    texts = _texts(server, lang)
    game = api_post(server, "/games", {"players": 3, "time_limit": 600, "seats": [
        {"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]})  # fmt: skip
    game_id = game["game"]["id"]
    api_post(server, f"/games/{game_id}/seats", {"name": "Ada", "seat": 0})
    _until_our_turn(server, game_id)  # the bots wait for us: the page stands still
    with chromium() as driver:
        driver.get(server.base_url + "/")
        driver.execute_script("localStorage.setItem('ursuppe.lang', arguments[0])", lang)
        driver.get(f"{server.base_url}/game/{game_id}?watch")
        wait_for(driver, lambda s: s["ready"], 30, "the game page")
        assert driver.execute_script("return document.documentElement.lang") == lang
        for gene in texts["genes"]:
            ref = driver.find_element(
                By.CSS_SELECTOR, f"#market .gene-ref[data-gene='{gene['id']}']"
            )
            card = ref.find_element(By.CSS_SELECTOR, ".gene-card")
            assert not card.is_displayed()
            driver.execute_script("arguments[0].focus()", ref)
            assert card.is_displayed(), gene["id"]
            assert gene["does"] in card.text and gene["name"] in card.text
            assert str(gene["price"]) in card.text and str(gene["mp"]) in card.text
        driver.execute_script("document.activeElement.blur()")
        last = texts["genes"][-1]["id"]
        ref = driver.find_element(By.CSS_SELECTOR, f"#market .gene-ref[data-gene='{last}']")
        ActionChains(driver).move_to_element(ref).perform()
        assert ref.find_element(By.CSS_SELECTOR, ".gene-card").is_displayed()
        # The phase track names the phases in this language, the current one marked.
        track = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#phase-track li")]
        assert [t.split(". ")[-1] for t in track] == [p["name"] for p in texts["phases"]]
        assert len(driver.find_elements(By.CSS_SELECTOR, "#phase-track li.current")) == 1
        legend = driver.find_element(By.ID, "legend").text
        assert texts["topics"]["damage"] in legend and texts["topics"]["feeding"] in legend
        _no_emoji(driver.execute_script("return document.body.innerText"))
        assert driver.find_elements(By.CSS_SELECTOR, "#countdown svg.icon")
        assert console_errors(driver) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_decision_kind_shows_its_explanation(server: LiveServer, lang: str) -> None:
    samples, _ = sample_decisions()
    with chromium() as driver:
        driver.get(server.base_url + "/")
        for kind, (state, pending) in sorted(samples.items()):
            texts = mount_decision(driver, state, pending, lang)["texts"]
            panel = driver.find_element(By.ID, "decision")
            assert panel.find_element(By.TAG_NAME, "h2").text == texts["decisions"][kind]["title"]
            help_box = panel.find_element(By.CSS_SELECTOR, f"details.help[data-help='{kind}']")
            assert help_box.get_attribute("open") is not None, kind  # unseen kinds open
            assert texts["decisions"][kind]["purpose"] in help_box.text, kind
            if kind == "feed":  # the own-colour rule is said where food is offered
                assert texts["topics"]["feeding"] in help_box.text
            reason = (pending.get("context") or {}).get("reason")
            if reason:  # why the decision came, in this language: not the engine's word
                assert f": {reason}" not in panel.text, (kind, panel.text)
            _no_emoji(driver.execute_script("return document.body.innerText"))
        # Dismissed once, a kind's help stays folded on this browser.
        help_box.find_element(By.CSS_SELECTOR, "button.got-it").click()
        mount_decision(driver, state, pending, lang)
        again = driver.find_element(By.CSS_SELECTOR, f"details.help[data-help='{kind}']")
        assert again.get_attribute("open") is None
        assert console_errors(driver) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_buy_above_the_ozone_warns_before_it_is_made(server: LiveServer, lang: str) -> None:
    samples, _ = sample_decisions()
    state, pending = copy.deepcopy(samples["buy_genes"])
    texts = {g["id"]: g for g in _texts(server, lang)["genes"]}
    held = sum(texts[g]["mp"] for g in state["seats"][pending["seat"]]["genes"])
    buys = [(i, a) for i, a in enumerate(pending["actions"]) if a["type"] == "buy"]
    raising = [(i, a) for i, a in buys if texts[a["gene"]]["mp"] > 0]
    assert raising, "the sample offers a gene with mutation points"
    # The ozone right at the buyer's MP now: any gene with MP takes them above it.
    state["environment"]["current"]["ozone"] = held
    with chromium() as driver:
        driver.get(server.base_url + "/")
        mount_decision(driver, state, pending, lang)
        index, action = raising[0]
        button = driver.find_element(By.CSS_SELECTOR, f"#decision button[data-index='{index}']")
        price = str(texts[action["gene"]]["price"])
        assert price in button.text  # the Buy button says its price
        row = button.find_element(By.XPATH, "./..")
        assert "warn" in row.get_attribute("class")
        assert str(held + texts[action["gene"]]["mp"]) in row.text  # MP after the buy
        button.click()
        assert driver.execute_script("return window.submitted") == []  # not bought yet
        warning = row.find_element(By.CSS_SELECTOR, "[role=alert]")
        assert str(texts[action["gene"]]["mp"]) in warning.text  # the excess to pay
        button.click()
        assert driver.execute_script("return window.submitted") == [action]
        # A buy that stays within the ozone is made at the first click.
        state["environment"]["current"]["ozone"] = held + 100
        mount_decision(driver, state, pending, lang)
        button = driver.find_element(By.CSS_SELECTOR, f"#decision button[data-index='{index}']")
        button.click()
        assert driver.execute_script("return window.submitted") == [action]
        assert console_errors(driver) == []


def test_the_language_switcher_is_remembered(server: LiveServer) -> None:
    with chromium() as driver:
        game = api_post(
            server, "/games", {"players": 3, "seats": [{"kind": "bot", "level": "random"}] * 3}
        )
        driver.get(f"{server.base_url}/game/{game['game']['id']}?watch")
        wait_for(driver, lambda s: s["ready"], 30, "the game page")
        Select(driver.find_element(By.ID, "language")).select_by_value("de")
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script("return document.documentElement.lang") == "de"
        )
        wait_for(driver, lambda s: s["ready"], 30, "the page in German")
        de = _texts(server, "de")
        market = driver.find_element(By.ID, "market").text
        assert all(g["name"] in market for g in de["genes"])
        heading = driver.find_element(By.CSS_SELECTOR, "h2[data-t='market']").text
        # The lobby remembers the language too, and explains each bot level in it.
        driver.get(server.base_url + "/lobby")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        assert driver.execute_script("return document.documentElement.lang") == "de"
        levels = driver.execute_script("return document.getElementById('bot-levels').textContent")
        assert all(text in levels for text in de["bot_levels"].values())
        driver.get(f"{server.base_url}/game/{game['game']['id']}?watch")
        wait_for(driver, lambda s: s["ready"], 30, "the page again")
        assert driver.find_element(By.CSS_SELECTOR, "h2[data-t='market']").text == heading
        assert console_errors(driver) == []


def test_every_client_string_exists_in_every_language(server: LiveServer) -> None:
    """web/static/lang/*.ftl: each language has every message English has, and a text of its
    own for most of them (a message merely copied from English would pass silently
    otherwise); and Fluent in the browser reads every file without an error."""
    en = messages("en")
    for lang in LANGUAGES[1:]:
        other = messages(lang)
        assert other.keys() == en.keys(), (lang, other.keys() ^ en.keys())
        assert all(other.values()), lang
        same = [k for k in en if other[k] == en[k]]
        assert len(same) < len(en) / 5, (lang, same)
    with chromium() as driver:
        driver.get(server.base_url + "/")
        errors = driver.execute_async_script(
            "const [langs, done] = arguments;"
            "import('/web/vendor/fluent/index.js').then(({FluentBundle, FluentResource}) =>"
            " Promise.all(langs.map(l => fetch(`/web/static/lang/${l}.ftl`).then(r => r.text())"
            "  .then(text => new FluentBundle(l).addResource(new FluentResource(text)).map(String)))))"
            ".then(done);",
            list(LANGUAGES),
        )
    assert errors == [[] for _ in LANGUAGES]


def test_learn_to_play_starts_a_game_whose_decisions_explain_themselves(
    server: LiveServer,
) -> None:
    """ "Learn to play" in the lobby: an unrated 3-player game against two random bots, and
    the first decision opens with its help even where this browser had dismissed it before."""
    with chromium() as driver:
        driver.get(server.base_url + "/lobby")
        WebDriverWait(driver, 30).until(
            lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
        )
        kinds = driver.execute_script(
            "const k = ['start_space', 'place_amoeba', 'movement', 'feed'];"
            "localStorage.setItem('ursuppe.help.seen', JSON.stringify(k)); return k"
        )
        driver.find_element(By.ID, "learn-button").click()
        WebDriverWait(driver, 30).until(lambda d: "/game/" in d.current_url)
        state = wait_for(driver, lambda s: s["ready"] and s["kind"], 60, "the first decision")
        assert state["kind"] in kinds
        game_id = driver.current_url.rsplit("/", 1)[-1]
        with urllib.request.urlopen(f"{server.base_url}/api/v1/games/{game_id}") as resp:
            game = json.load(resp)
        assert [s.get("bot_level") for s in game["seats"][1:]] == ["random", "random"]
        # Unrated, so that a learner may ask for hints (tests/web/test_web_hints.py).
        assert game["rated"] is False and game["options"]["hints"] is True
        assert driver.find_element(By.ID, "hint-button").is_displayed()
        help_box = driver.find_element(By.CSS_SELECTOR, "#decision details.help")
        assert help_box.get_attribute("open") is not None
        assert console_errors(driver) == []
