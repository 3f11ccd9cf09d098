// The hint under the seat's own decision, in a game whose options offer hints (never a
// rated one): on request the search bot's suggestion (a worker computes it: the page asks,
// then polls), its button marked among the decision's, and the search's reason in a line.
import { ApiError, call } from "../api.js";
import { markHint } from "../decisions.js";
import { h, put } from "../dom.js";
import { t } from "../i18n.js";
import { describeAction } from "../words.js";
import { $ } from "./state.js";

const HINT_POLL_MS = 500, HINT_POLLS = 60;

export function renderHintBox(view, panel, p) {
  const button = h("button", { type: "button", id: "hint-button" }, t("hint_button"));
  const text = h("p", { id: "hint-text", "aria-live": "polite" });
  panel.append(h("div", { class: "hint-box" }, button, text));
  button.onclick = () => askHint(view, p, button, text);
}

async function askHint(view, p, button, text) {
  button.disabled = true;
  text.textContent = t("hint_thinking");
  const { mine } = view;
  const url = `/games/${view.gameId}/seats/${mine.seat}/hint`;
  try {
    let hint = (await call(url, { method: "POST", token: mine.token })).data;
    for (let polls = 0; hint.status === "pending" && polls < HINT_POLLS; polls++) {
      await new Promise((resolve) => setTimeout(resolve, HINT_POLL_MS));
      hint = (await call(url, { token: mine.token })).data;
    }
    if (view.game.pending?.seq === p.seq) showHint(view.trace, hint, p, text); // else the decision is gone
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    text.textContent = err.message;
  } finally { button.disabled = false; }
}

/** An action's JSON with its keys sorted: the hint's action and an offered one compare equal. */
const canonical = (v) => (v && typeof v === "object" && !Array.isArray(v)
  ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(",")}}`
  : Array.isArray(v) ? `[${v.map(canonical).join(",")}]` : JSON.stringify(v));
const signed = (x) => (x > 0 ? `+${x}` : x < 0 ? `−${-x}` : "0");

function showHint(trace, hint, p, text) {
  trace.hint = { status: hint.status, index: -1, action: hint.action };
  if (hint.status !== "ready") { text.textContent = t(hint.status === "stale" ? "hint_stale" : "hint_slow"); return; }
  const ctx = p.context || {};
  const index = p.actions.findIndex((a) => canonical(a) === canonical(hint.action));
  if (index >= 0) markHint($("decision"), index);
  trace.hint.index = index;
  const r = hint.reason || {};
  let why = t("hint_only_choice");
  if (r.kind === "search" && r.alternative) {
    why = t("hint_reason", { value: signed(r.value), gain: signed(r.gain), alt: describeAction(r.alternative.action, ctx) });
  } else if (r.kind === "search") why = t("hint_reason_alone", { value: signed(r.value) });
  put(text, h("strong", {}, t("hint_suggests", { action: describeAction(hint.action, ctx) })), ` ${why}`);
}
