"""The turn notice: when a decision becomes the person's, the tab title says so and the
page sounds a short tone (once the person has touched the page, as browsers require
before any sound). The tone is counted by wrapping the page's AudioContext before the
page's own scripts run."""

from __future__ import annotations

import random

import pytest

from harness.browser import chromium, console_errors
from harness.screenshots import create_in_lobby
from harness.web_play import play_turns, wait_for
from harness.web_server import LiveServer

pytestmark = pytest.mark.integration

COUNT_TONES = """
window.__tones = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() {
    const osc = super.createOscillator();
    const start = osc.start.bind(osc);
    osc.start = (...args) => { window.__tones += 1; return start(...args); };
    return osc;
  }
};
"""


def test_the_turn_is_announced_in_the_title_and_by_a_tone(server: LiveServer) -> None:
    with chromium() as player:
        player.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_TONES})
        create_in_lobby(player, server.base_url, "Ada")
        wait_for(player, lambda s: s["ready"] and s["kind"], 60, "our first decision")
        assert player.title.startswith("▶ Your turn")
        assert player.execute_script("return window.__tones") == 0  # no gesture yet: silent
        # The tone sounds when the turn comes back after the bots' moves; several of our
        # decisions may follow one another first (the game's dice decide): play on until
        # one does.
        rng = random.Random(2)
        for _ in range(40):
            if player.execute_script("return window.__tones") >= 1:
                break
            if not play_turns(player, rng, max_turns=1):
                break  # the game ended
        assert player.execute_script("return window.__tones") >= 1
        state = wait_for(player, lambda s: s["ready"] and (s["kind"] or s["status"] != "active"),
                         60, "our next decision")  # fmt: skip
        if state["status"] == "active":
            assert player.title.startswith("▶ Your turn")
        assert console_errors(player) == []
