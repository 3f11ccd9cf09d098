// "Play now" in the lobby (quick play, docs/api.md "Quick play"): one click posts a seek
// with the remembered preferences, the card shows the wait and a cancel button, and the
// page goes to the table once the seek is matched. The seeks waiting now are listed
// live from the lobby stream's messages, on the browser's shared connection
// (shared-stream.js) or, without one, from GET /seeks/stream.
import { ApiError, call, callAsPlayer, keepSeat, myPlayer } from "./api.js";
import { h, put } from "./dom.js";
import { t } from "./i18n.js";
import { playerOptions } from "./pools.js";
import { followLobby } from "./shared-stream.js";

const $ = (id) => document.getElementById(id);
const PREFS = "ursuppe.quickplay"; // {players, clock, wait, bot, rated}
const SEEK = "ursuppe.seek"; // the id of this browser's waiting seek
const POLL_MS = 1000;

// The clocks offered: a few common ones (POST /games takes any).
const CLOCKS = {
  "bank:300:5": { type: "bank", initial: 300, increment: 5 },
  "bank:180:2": { type: "bank", initial: 180, increment: 2 },
  "bank:900:10": { type: "bank", initial: 900, increment: 10 },
  "per_decision:60": { type: "per_decision", seconds: 60 },
  "per_decision:600": { type: "per_decision", seconds: 600 },
  "correspondence:3": { type: "correspondence", days: 3 },
};

function clockText(tc) {
  if (!tc) return "";
  if (tc.type === "bank") return t("qp_bank", { m: Math.round(tc.initial / 60), s: tc.increment || 0 });
  if (tc.type === "per_decision") return t("qp_per_move", { s: tc.seconds });
  if (tc.type === "correspondence") return t("qp_days", { n: tc.days });
  return t("tc_none");
}

function loadPrefs() {
  try { return JSON.parse(localStorage.getItem(PREFS)) || {}; } catch { return {}; }
}

function savePrefs() {
  const prefs = { players: $("qp-players").value, clock: $("qp-clock").value, wait: $("qp-wait").value,
    bot: $("qp-bot").value, rated: $("qp-rated").checked };
  localStorage.setItem(PREFS, JSON.stringify(prefs));
  return prefs;
}

/** The seek's body from the form: "4" or "2:<variant>" as in the create form. */
function seekBody(prefs) {
  const [n, variant] = prefs.players.split(":");
  return { ...(variant ? { variant } : { players: Number(n) }), time_control: CLOCKS[prefs.clock],
    wait: Number(prefs.wait), bot_level: prefs.bot, rated: prefs.rated };
}

function setSelect(sel, value) {
  if (value !== undefined && [...sel.options].some((o) => o.value === String(value))) sel.value = String(value);
}

let timer = null;
let countdown = null;

function waitingState(seek) {
  $("play-now").hidden = true;
  $("qp-waiting").hidden = false;
  $("qp-error").textContent = "";
  const tick = () => {
    const left = Math.max(0, Math.ceil((Date.parse(seek.expires_at) - Date.now()) / 1000));
    $("qp-status").textContent = left > 0 ? t("qp_waiting", { s: left }) : t("qp_filling");
  };
  tick();
  clearInterval(countdown);
  countdown = setInterval(tick, 1000);
}

function idleState(message = "") {
  clearInterval(countdown);
  clearTimeout(timer);
  localStorage.removeItem(SEEK);
  $("play-now").hidden = false;
  $("qp-waiting").hidden = true;
  $("qp-error").textContent = message;
}

async function token() {
  return myPlayer()?.token;
}

/** Follow the seek until it is matched (then take the seat and go to the table). */
async function follow(seekId) {
  clearTimeout(timer);
  let read;
  try {
    read = (await call(`/seeks/${seekId}`, { token: await token() })).data;
  } catch (err) {
    if (err instanceof ApiError && err.problem?.status === 404) return idleState();
    timer = setTimeout(() => follow(seekId), POLL_MS * 3); // the server is away: keep trying
    return;
  }
  if (read.status === "matched" && read.token) {
    keepSeat(read.game_id, read.seat, read.token, read.name);
    localStorage.removeItem(SEEK);
    location.href = `/game/${read.game_id}`;
    return;
  }
  if (read.status !== "waiting") return idleState();
  localStorage.setItem(SEEK, read.id);
  waitingState(read);
  timer = setTimeout(() => follow(seekId), POLL_MS);
}

async function playNow() {
  const prefs = savePrefs();
  $("play-now").disabled = true;
  try {
    const name = $("qp-name").value.trim() || $("qp-name").placeholder;
    const seek = (await callAsPlayer("/seeks", { method: "POST", body: seekBody(prefs) }, name)).data;
    askName();
    await follow(seek.id);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.problem?.code === "seek_exists") await follow(err.problem.seek_id);
    else idleState(err.message);
  } finally {
    $("play-now").disabled = false;
  }
}

async function cancel() {
  const seekId = localStorage.getItem(SEEK);
  if (!seekId) return idleState();
  clearTimeout(timer);
  try {
    await call(`/seeks/${seekId}`, { method: "DELETE", token: await token() });
    idleState(t("qp_cancelled"));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await follow(seekId); // matched first: the game is ours
  }
}

// ------------------------------------------------------------------ the seeks waiting now

const waiting = new Map();

function gameText(s) {
  return s.variant ? s.variant : t("qp_players_n", { n: s.players });
}

function drawList() {
  const el = $("seek-list");
  el.replaceChildren();
  if (!waiting.size) {
    el.append(h("tr", {}, h("td", { class: "muted" }, t("qp_nobody"))));
    return;
  }
  const head = document.createElement("tr");
  for (const h of [t("th_player"), t("game"), t("time_control"), ""]) { const th = document.createElement("th"); th.textContent = h; head.append(th); }
  el.append(head);
  for (const s of waiting.values()) {
    const tr = document.createElement("tr");
    tr.dataset.seek = s.id;
    const mine = s.player_id === myPlayer()?.id;
    for (const text of [mine ? t("name_you", { name: s.name }) : s.name, gameText(s), clockText(s.time_control), s.rated ? t("qp_rated") : t("qp_unrated")]) {
      const td = document.createElement("td"); td.textContent = text; tr.append(td);
    }
    el.append(tr);
  }
}

/** The waiting seeks, live: on the browser's shared connection (shared-stream.js) where it
 * has one, else on a lobby stream of its own (EventSource). */
function followList() {
  const on = {
    seeks: (data) => { waiting.clear(); for (const s of data.items) waiting.set(s.id, s); },
    seek_added: (s) => waiting.set(s.id, s),
    seek_matched: (data) => waiting.delete(data.id),
    seek_removed: (data) => waiting.delete(data.id),
  };
  const shared = followLobby(({ type, data }) => { on[type]?.(data); drawList(); }, ownStream);
  if (!shared) ownStream();

  function ownStream() {
    if (!window.EventSource) return;
    const source = new EventSource("/api/v1/seeks/stream");
    for (const [kind, apply] of Object.entries(on)) {
      source.addEventListener(kind, (e) => { apply(JSON.parse(e.data)); drawList(); });
    }
    window.addEventListener("pagehide", () => source.close());
  }
}

/** Ask for a name once: while this browser has no player, the card shows a name field,
 * its placeholder a friendly name of the page's language that is taken when the field is
 * left empty; once the player exists (its name chosen), the field is gone. */
function askName() {
  const row = $("qp-name-row");
  row.hidden = Boolean(myPlayer()?.token);
  if (!row.hidden && !$("qp-name").placeholder) {
    $("qp-name").placeholder = t("qp_default_name", { n: 10 + Math.floor(Math.random() * 90) });
  }
}

/** Fill the card's choices (``rules``: GET /rules), restore the remembered preferences and a
 * seek this browser was waiting on, and start following the list. */
export function quickPlay(rules) {
  put($("qp-players"), playerOptions(rules, (n) => t("qp_players_n", { n })));
  $("qp-players").value = "4";
  put($("qp-clock"), Object.entries(CLOCKS).map(([k, tc]) => h("option", { value: k }, clockText(tc))));
  put($("qp-wait"), [10, 30, 60, 120, 300].map((s) => h("option", { value: s }, s < 60 ? t("qp_seconds", { s }) : t("qp_minutes", { m: s / 60 }))));
  $("qp-wait").value = "60";
  put($("qp-bot"), ["greedy", "random"].map((l) => h("option", { value: l }, l)));
  const prefs = loadPrefs();
  setSelect($("qp-players"), prefs.players);
  setSelect($("qp-clock"), prefs.clock);
  setSelect($("qp-wait"), prefs.wait);
  setSelect($("qp-bot"), prefs.bot);
  if (prefs.rated !== undefined) $("qp-rated").checked = Boolean(prefs.rated);
  askName();
  $("play-now").onclick = () => playNow().catch((err) => idleState(err.message));
  $("qp-cancel").onclick = () => cancel().catch((err) => idleState(err.message));
  const kept = localStorage.getItem(SEEK);
  if (kept && myPlayer()) follow(kept);
  drawList();
  followList();
}
