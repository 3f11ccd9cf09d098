// The pending decision: this seat's choices (decisions.js draws them, on the board too),
// or whose turn it is; the turn notice (banner, title, a tone when the turn arrives) and
// sending the chosen action.
import { ApiError, call, forgetSeat, newKey } from "../api.js";
import { renderDecision, renderWaiting } from "../decisions.js";
import { h } from "../dom.js";
import { decisionTitle } from "../help.js";
import { t } from "../i18n.js";
import { setTitle } from "../notify.js";
import { renderHintBox } from "./hints.js";
import { $ } from "./state.js";
import { isMine, pendingPlayer } from "./table.js";

/** A short tone when this seat's turn arrives; the browser allows sound only after the
 * player touched the page, so the audio context is made on the first pointer or key. */
export class Tone {
  constructor() {
    this.audio = null;
    const start = () => { this.audio ??= new AudioContext(); };
    document.addEventListener("pointerdown", start, { once: true });
    document.addEventListener("keydown", start, { once: true });
  }

  beep() {
    const audio = this.audio;
    if (!audio) return;
    const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = 660; g.gain.value = 0.08;
    o.connect(g).connect(audio.destination); o.start(); o.stop(audio.currentTime + 0.18);
  }
}

function turnNotice(view, tone, myTurn) {
  $("turn-banner").classList.toggle("show", myTurn);
  setTitle(myTurn ? `▶ ${t("your_turn")} — Ursuppe` : `${t("game")} — Ursuppe`);
  if (myTurn && !view.wasMyTurn) tone.beep();
  view.wasMyTurn = myTurn;
}

/** Send ``action`` for the pending decision, then bring the page up to date (``refresh``);
 * a refused action says why in the panel, and a seat that is no longer ours is forgotten. */
async function submit(view, refresh, action) {
  if (view.busy) return;
  view.busy = true;
  const { game, mine, gameId } = view;
  const kind = game.pending.kind;
  try {
    const expected = game.pending.seq ?? game.seq;
    await call(`/games/${gameId}/actions`, { method: "POST", token: mine.token, body: { action, expected_seq: expected }, headers: { "Idempotency-Key": newKey() } });
    await refresh();
    view.trace.answered.push(kind);
  } catch (err) {
    if (err instanceof ApiError) {
      const code = err.problem.code;
      if (code === "invalid_token" || code === "seat_resigned") { forgetSeat(gameId); view.mine = null; }
      $("decision").append(h("p", { role: "alert", class: "muted" }, err.message));
      await refresh();
    } else throw err;
  } finally { view.busy = false; }
}

export function renderDecisionPanel(view, { refresh, tone }) {
  const { game, board } = view;
  const panel = $("decision");
  panel.inert = false; // drawn after the moves before it: it may take focus now
  const p = game.status === "active" ? game.pending : null;
  const myTurn = isMine(view, p);
  turnNotice(view, tone, myTurn);
  const noOffer = { fields: new Set(), amoebas: new Set() };
  if (!p) { panel.hidden = true; board.draw(game.state, noOffer); return; }
  panel.hidden = false;
  if (!myTurn) { renderWaiting(panel, p, pendingPlayer(game, p)?.kind === "bot"); board.draw(game.state, noOffer); return; }
  let drawn = false;
  renderDecision({
    pending: p, panel, submit: (action) => submit(view, refresh, action), state: game.state,
    drawBoard: (offered, selected) => { drawn = true; board.draw(game.state, offered, selected); },
    onField: (fn) => { board.onField = fn; },
    onAmoeba: (fn) => { board.onAmoeba = fn; },
  });
  if (!drawn) board.draw(game.state, noOffer);
  if (game.options?.hints) renderHintBox(view, panel, p);
  // A decision of ours came: focus its first choice and say so to a screen reader.
  $("announce").textContent = `${t("your_turn")}: ${decisionTitle(p.kind)}`;
  (panel.querySelector("button.action, #board-wrap [role=button]") || document.querySelector("#board-wrap [role=button]"))?.focus();
}
