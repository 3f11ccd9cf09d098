// The game page: board, players, ladder, market, log, the pending decision, live updates,
// the end and a replay. Playing needs this browser's seat token (kept by the lobby);
// without one the page watches, read-only.
import { ApiError, call, forgetSeat, invitationsFor, newKey, rules as loadRules, seatFor } from "./api.js";
import { Board, chip, drawLadder } from "./board.js";
import { markHint, renderDecision, renderWaiting } from "./decisions.js";
import { ChatPanel } from "./chat.js";
import { h, put } from "./dom.js";
import { decisionTitle, drawLegend, drawPhaseTrack, endExplanation, geneRef, geneRefs, phaseName, setTexts } from "./help.js";
import { languageSwitcher, t } from "./i18n.js";
import { icon } from "./icons.js";
import { follow } from "./live.js";
import { followTurns, playingHere, setTitle } from "./notify.js";
import { colour, describeAction, entryLines, sentence, seatName, setGenes, setSeatNames } from "./words.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const watchOnly = new URLSearchParams(location.search).has("watch");
const $ = (id) => document.getElementById(id);

// For tests and measurements: what was drawn, when; which decision kinds were answered.
const trace = (window.ursuppe = { gameId, drawn: {}, answered: [], lastSeq: -1, mode: null, ready: false });

let rules, board, game = null, mine = null, lastSeq = 0, wasMyTurn = false, busy = false;
let lastMove = { fields: new Set(), amoebas: new Set() }; // what the newest entry touched
let endReason = null; // the game_ended event's reason, once the log has shown it
let audio = null;
document.addEventListener("pointerdown", () => { audio ??= new AudioContext(); }, { once: true });
document.addEventListener("keydown", () => { audio ??= new AudioContext(); }, { once: true });

function beep() {
  if (!audio) return;
  const o = audio.createOscillator(), g = audio.createGain();
  o.frequency.value = 660; g.gain.value = 0.08;
  o.connect(g).connect(audio.destination); o.start(); o.stop(audio.currentTime + 0.18);
}

function addLog(lines, seq) {
  const ol = $("log");
  for (const l of lines) {
    const li = h("li", {}, l);
    if (seq !== undefined) li.dataset.seq = seq;
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

/** The fields and amoebas an entry touched, for the board to outline as the last move. */
function touched(entry) {
  const fields = new Set(), amoebas = new Set();
  const amoeba = (a) => { if (a && a.seat !== undefined && a.number !== undefined) amoebas.add(`${a.seat}:${a.number}`); if (a?.field) fields.add(a.field); };
  for (const e of entry.events || []) {
    if (e.type === "cubes_placed") continue; // food everywhere at a round's start: no move
    for (const k of ["field", "to_field"]) if (e[k]) fields.add(e[k]);
    if (e.type !== "amoeba_died") amoeba(e);
    amoeba(e.attacker); amoeba(e.target); amoeba(e.amoeba);
  }
  if (entry.action?.field) fields.add(entry.action.field);
  return { fields, amoebas };
}

function onEntry(entry) {
  if (entry.seq <= lastSeq) return;
  lastSeq = entry.seq;
  const last = touched(entry);
  if (last.fields.size || last.amoebas.size) {
    lastMove = last;
    if (board) board.last = last;
  }
  for (const e of entry.events || []) if (e.type === "game_ended") endReason = e.reason;
  // Another player decides after this entry: the turn has left this seat, so its next turn
  // is news (a tone), even when the bots answered before this page saw its own move's reply.
  const next = entry.pending;
  if (next && mine && (next.player ?? next.seat) !== mine.seat) wasMyTurn = false;
  addLog(entryLines(entry), entry.seq);
}

// Following moves as they happen: the stream's entries are shown one at a time, PACE ms
// apart, each on the board as it stood after it (GET /games/{id}/positions/{seq}), with a
// "skip ahead" button while some wait; the last one brings the game document up to date.
const PACE = 800;
const queue = [];
let pacing = false, skipping = false, wake = null, shownAt = 0;

function pause(ms) {
  return new Promise((resolve) => { const id = setTimeout(resolve, ms); wake = () => { clearTimeout(id); resolve(); }; });
}

/** Queue entries to be shown in turn (those already shown or queued are left out);
 * how many were new. */
function enqueue(entries) {
  let added = 0;
  for (const e of entries) if (e.seq > Math.max(lastSeq, queue.at(-1)?.seq ?? 0)) { queue.push(e); added++; }
  pump();
  return added;
}

async function pump() {
  if (pacing) return;
  pacing = true;
  $("decision").inert = true; // a decision on screen waits until the moves before it are shown
  let more = false;
  try {
    while (queue.length) {
      $("skip-ahead").hidden = skipping;
      const wait = shownAt + PACE - performance.now();
      if (!skipping && wait > 0) await pause(wait);
      const entry = queue.shift();
      if (entry.seq <= lastSeq) continue;
      onEntry(entry);
      shownAt = performance.now();
      (trace.shown ||= []).push({ seq: entry.seq, at: shownAt });
      trace.drawn[entry.seq] ??= performance.timeOrigin + shownAt;
      if (queue.length && !skipping) {
        const state = (await call(`/games/${gameId}/positions/${entry.seq}`)).data.state;
        game = { ...game, state };
        board.last = lastMove;
        board.draw(state);
        renderPlayers(); renderMarket(); renderStatus(); drawLadder($("ladder"), state);
      }
    }
    skipping = false;
    $("skip-ahead").hidden = true;
    more = !(await refresh());
  } finally {
    pacing = false;
    $("decision").inert = false;
  }
  if (more || queue.length) pump();
}

/** The whole log so far (set-up events and entries), to be shown once names are known. */
async function loadEvents() {
  const log = { setup: [], items: [] };
  for (let since = 0; ;) {
    const page = (await call(`/games/${gameId}/events?since=${since}&limit=500`)).data;
    if (page.setup) log.setup = page.setup;
    log.items.push(...page.items);
    if (page.next_since === null || page.next_since === undefined) return log;
    since = page.next_since;
  }
}

/** A player's name: a bot without a name of its own is "Bot 2 (greedy)", so two bots of one
 * level stay apart; an open seat says so. */
function playerName(seat) {
  if (seat.kind === "bot" && (!seat.name || seat.name.startsWith("bot:"))) return t("bot_n", { n: seat.seat + 1, level: seat.bot_level });
  return seat.name || t("open_seat");
}

/** The colours (the state's seats) with the player controlling each: in the 2-player
 * variants a player holds two colours, and the decoy colour has none. */
function colours() {
  return (game.state?.seats || game.seats.map((s) => ({ seat: s.seat, player: s.seat }))).map((c) => ({
    colour: c.seat, player: c.decoy ? null : (c.player ?? c.seat), decoy: Boolean(c.decoy), state: game.state ? c : null,
  }));
}

/** The player whose turn it is (pending.player answers for the colour pending.seat). */
const pendingPlayer = (p) => game.seats[p.player ?? p.seat];

function learnNames() {
  setSeatNames(colours().map((c) => (c.decoy ? t("decoy") : playerName(game.seats[c.player]))));
}

/** Put ``node`` in a panel only when it differs from what is there (compared by its
 * serialized form): an open gene card in it stays open. */
function setIfChanged(el, node) {
  const markup = node.outerHTML;
  if (el.dataset.markup === markup) return;
  el.dataset.markup = markup;
  el.replaceChildren(node);
}

/** One row per colour, grouped under its player (the decoy last, marked). */
function renderPlayers() {
  const all = colours();
  const groups = game.seats.map((seat) => ({ seat, list: all.filter((c) => c.player === seat.seat) }));
  const decoys = all.filter((c) => c.decoy);
  // A colour's row: its mark and name with its genes beneath, then score, BP and amoebas
  // (four narrow columns: the table fits a phone without scrolling sideways).
  const row = (c, attrs) => {
    const st = c.state;
    const num = (n) => h("td", { class: "num" }, n);
    const genes = st ? h("div", { class: "genes" }, geneRefs(st.genes, "—")) : null;
    const cells = st ? [num(st.score), num(st.bp), num(st.amoebas.length)] : h("td", { colspan: 3 });
    return h("tr", { class: "colour", "data-colour": c.colour, ...attrs }, h("td", { title: seatName(c.colour) }, chip(c.colour), ` ${colour(c.colour)}`, genes), cells);
  };
  const table = h("table", {}, h("tr", {}, h("th", {}, `${t("th_colour")} · ${t("th_genes")}`), h("th", {}, t("th_score")), h("th", {}, t("bp")), h("th", {}, t("th_amoebas"))));
  for (const { seat, list } of groups) {
    const you = mine && mine.seat === seat.seat ? t("you_suffix") : "";
    // The player's clock (tickClocks fills it): a bank or a deadline belongs to the player.
    table.append(h("tr", { class: "player-row", "data-player": seat.seat }, h("th", { colspan: 3 }, playerName(seat) + you),
      h("td", { class: "clock", "data-seat": seat.seat, title: t("th_clock") })));
    table.append(...list.map((c) => row(c, { "data-player": seat.seat })));
  }
  if (decoys.length) {
    table.append(h("tr", { class: "player-row decoy", "data-decoy": "1" }, h("th", { colspan: 4 }, t("decoy_group"))));
    table.append(...decoys.map((c) => row(c, { "data-decoy": "1" })));
  }
  setIfChanged($("players"), table);
}

function renderMarket() {
  const st = game.state;
  if (!st) return;
  const supply = st.gene_supply;
  const rows = rules.texts.genes.map((g) => h("tr", { "data-gene": g.id }, h("td", {}, geneRef(g.id)), h("td", {}, `${g.price} ${t("bp")}`),
    h("td", {}, `${g.mp} ${t("mp")}`), h("td", {}, t("cards_left", { n: supply[g.id] ?? 0 }))));
  const head = ["th_gene", "th_price", "th_mutation", "th_cards"].map((k) => h("th", {}, t(k)));
  setIfChanged($("market"), h("table", {}, h("tr", {}, head), rows));
}

function renderStatus() {
  const st = game.state;
  const env = st?.environment;
  const where = st && game.status === "active" ? ` · ${t("round_n", { n: st.round })}, ${st.round ? phaseName(st.phase) : phaseName("setup")}` : "";
  $("status").textContent = `${t("game_n", { id: game.id.slice(0, 8) })} · ${t(`status_${game.status}`)}${where}`;
  $("environment").textContent = env?.current ? t("environment", { dir: t(`dir_${env.current.drift}`), ozone: env.current.ozone, left: env.remaining }) : "";
  const p = game.status === "active" ? game.pending : null;
  $("whose-turn").textContent = p ? (mine && (p.player ?? p.seat) === mine.seat ? t("your_turn") : t("to_decide", { seat: seatName(p.seat) })) : "";
  $("whose-turn").classList.toggle("thinking", Boolean(p && pendingPlayer(p)?.kind === "bot"));
  $("role").textContent = mine ? t("you_play_seat", { n: mine.seat + 1 }) : t("watching");
  drawPhaseTrack($("phase-track"), st, game.status !== "active");
}

/** m:ss, h:mm:ss, or days and hours for a correspondence clock. */
function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const two = (n) => String(n).padStart(2, "0");
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/** The time a seat gets per decision (or in its bank at the start), to judge "low" by. */
function allowance(tc) {
  if (tc?.type === "bank") return tc.initial;
  if (tc?.type === "per_decision") return tc.seconds;
  if (tc?.type === "correspondence") return tc.days * 86400;
  return null;
}

/** A human seat's clock now, from the server's numbers: the deciding seat's runs out at
 * deadline_at; a bank that is not running shows what is in it; under a per-decision or
 * correspondence clock a waiting seat shows what its next decision will get. Null: no clock. */
function seatClock(seat) {
  const tc = game.time_control;
  if (seat.kind !== "human" || !allowance(tc) || game.status === "finished" || game.status === "aborted") return null;
  const running = game.status === "active" && game.pending_seat === seat.seat && Boolean(game.deadline_at);
  const left = running ? (Date.parse(game.deadline_at) - Date.now()) / 1000 : tc.type === "bank" ? seat.bank : allowance(tc);
  if (left === null || left === undefined) return null;
  return { left: Math.max(0, left), running, low: left <= Math.max(10, allowance(tc) * 0.1) };
}

function tickCountdown() {
  const el = $("countdown");
  if (!game) return;
  const clocks = {};
  for (const seat of game.seats) {
    const clock = seatClock(seat);
    clocks[seat.seat] = clock && { ...clock, text: clockText(clock.left) };
    const cell = document.querySelector(`#players td.clock[data-seat="${seat.seat}"]`);
    if (!cell) continue;
    cell.textContent = clock ? clockText(clock.left) : "";
    cell.classList.toggle("running", Boolean(clock?.running));
    cell.classList.toggle("low", Boolean(clock?.low));
  }
  trace.clocks = clocks;
  const deciding = game.status === "active" ? clocks[game.pending_seat] : null;
  el.classList.toggle("low", Boolean(deciding?.low));
  if (!deciding?.running) { el.textContent = ""; return; }
  const mineLow = deciding.low && mine && mine.seat === game.pending_seat;
  put(el, icon("clock"), ` ${mineLow ? t("clock_low", { time: deciding.text }) : t("time_left", { time: deciding.text })}`);
  el.setAttribute("role", mineLow ? "alert" : "status");
}

function turnNotice(myTurn) {
  $("turn-banner").classList.toggle("show", myTurn);
  setTitle(myTurn ? `▶ ${t("your_turn")} — Ursuppe` : `${t("game")} — Ursuppe`);
  if (myTurn && !wasMyTurn) beep();
  wasMyTurn = myTurn;
}

async function submit(action) {
  if (busy) return;
  busy = true;
  const kind = game.pending.kind;
  try {
    const expected = game.pending.seq ?? game.seq;
    await call(`/games/${gameId}/actions`, { method: "POST", token: mine.token, body: { action, expected_seq: expected }, headers: { "Idempotency-Key": newKey() } });
    await refresh();
    trace.answered.push(kind);
  } catch (err) {
    if (err instanceof ApiError) {
      const code = err.problem.code;
      if (code === "invalid_token" || code === "seat_resigned") { forgetSeat(gameId); mine = null; }
      $("decision").append(h("p", { role: "alert", class: "muted" }, err.message));
      await refresh();
    } else throw err;
  } finally { busy = false; }
}

function renderDecisionPanel() {
  const panel = $("decision");
  panel.inert = false; // drawn after the moves before it: it may take focus now
  const p = game.status === "active" ? game.pending : null;
  const myTurn = Boolean(p && mine && (p.player ?? p.seat) === mine.seat);
  turnNotice(myTurn);
  const noOffer = { fields: new Set(), amoebas: new Set() };
  if (!p) { panel.hidden = true; board.draw(game.state, noOffer); return; }
  panel.hidden = false;
  if (!myTurn) { renderWaiting(panel, p, pendingPlayer(p)?.kind === "bot"); board.draw(game.state, noOffer); return; }
  let drawn = false;
  renderDecision({
    pending: p, panel, submit, state: game.state,
    drawBoard: (offered, selected) => { drawn = true; board.draw(game.state, offered, selected); },
    onField: (fn) => { board.onField = fn; },
    onAmoeba: (fn) => { board.onAmoeba = fn; },
  });
  if (!drawn) board.draw(game.state, noOffer);
  if (game.options?.hints) renderHintBox(panel, p);
  // A decision of ours came: focus its first choice and say so to a screen reader.
  $("announce").textContent = `${t("your_turn")}: ${decisionTitle(p.kind)}`;
  (panel.querySelector("button.action, #board-wrap [role=button]") || document.querySelector("#board-wrap [role=button]"))?.focus();
}

/** The hint under the seat's own decision, in a game whose options offer hints (never a
 * rated one): on request the search bot's suggestion (a worker computes it: the page asks,
 * then polls), its button marked among the decision's, and the search's reason in a line. */
function renderHintBox(panel, p) {
  const button = h("button", { type: "button", id: "hint-button" }, t("hint_button"));
  const text = h("p", { id: "hint-text", "aria-live": "polite" });
  panel.append(h("div", { class: "hint-box" }, button, text));
  button.onclick = () => askHint(p, button, text);
}

const HINT_POLL_MS = 500, HINT_POLLS = 60;

async function askHint(p, button, text) {
  button.disabled = true;
  text.textContent = t("hint_thinking");
  const url = `/games/${gameId}/seats/${mine.seat}/hint`;
  try {
    let hint = (await call(url, { method: "POST", token: mine.token })).data;
    for (let polls = 0; hint.status === "pending" && polls < HINT_POLLS; polls++) {
      await new Promise((resolve) => setTimeout(resolve, HINT_POLL_MS));
      hint = (await call(url, { token: mine.token })).data;
    }
    if (game.pending?.seq === p.seq) showHint(hint, p, text); // else the decision is gone
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

function showHint(hint, p, text) {
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

/** An open game: "waiting for players" and, for each open seat, a link to the lobby that
 * joins it (with the seat's invitation code when this browser created a private game). */
function renderOpenSeats() {
  const panel = $("decision");
  const open = game.seats.filter((s) => s.kind === "human" && !s.occupied);
  const codes = Object.fromEntries((invitationsFor(gameId) || []).map((i) => [i.seat, i.code]));
  const key = `open/${open.map((s) => s.seat).join(",")}`;
  if (panel.dataset.markup === key) return;
  panel.dataset.markup = key;
  panel.hidden = false;
  panel.dataset.kind = "";
  const items = open.map((s) => {
    const url = new URL("/lobby", location.origin);
    url.searchParams.set("join", gameId);
    url.searchParams.set("seat", s.seat);
    if (codes[s.seat]) url.searchParams.set("invite", codes[s.seat]);
    const code = codes[s.seat] ? [" ", h("span", { class: "code" }, t("invitation_code", { code: codes[s.seat] }))] : null;
    return h("li", { class: "seat-link", "data-seat": s.seat }, chip(s.seat), ` ${t("seat_link", { n: s.seat + 1 })}`, code, " ",
      h("input", { readonly: true, class: "invite-url", value: url.href, "aria-label": t("seat_link", { n: s.seat + 1 }) }), " ",
      h("button", { type: "button", class: "copy" }, t("copy_link")));
  });
  put(panel, h("h2", { class: "thinking" }, t("waiting_players")), h("p", {}, t("open_seats_intro")), h("ul", { class: "seat-links" }, items));
  for (const b of panel.querySelectorAll("button.copy")) {
    b.onclick = async () => {
      const input = b.previousElementSibling;
      input.select();
      try { await navigator.clipboard.writeText(input.value); } catch { document.execCommand("copy"); }
      b.textContent = t("copied");
    };
  }
}

function renderResult() {
  const res = game.result;
  const box = $("result");
  if (game.status !== "finished" || !res) { box.hidden = true; return; }
  box.hidden = false;
  const all = colours();
  const rows = res.ranking.map((player, i) => {
    const own = all.filter((c) => c.player === player);
    const sum = (f) => own.reduce((n, c) => n + (f(c.state) ?? 0), 0);
    return h("tr", { "data-player": player }, h("td", {}, `${i + 1}.`), h("td", {}, own.map((c) => chip(c.colour)), ` ${playerName(game.seats[player])}`),
      h("td", {}, own.map((c) => res.scores[c.colour]).join(" / ")), h("td", {}, sum((s) => s?.amoebas.length)), h("td", {}, sum((s) => s?.genes.length)));
  });
  const head = ["th_place", "th_player", "th_score", "th_amoebas", "th_genes"].map((k) => h("th", {}, t(k)));
  put(box, h("h2", {}, t("final_ranking")), endExplanation(endReason), h("table", { id: "ranking" }, h("tr", {}, head), rows),
    h("p", {}, h("button", { type: "button", id: "replay-open" }, t("replay_open"))));
  $("replay-open").onclick = () => import("./replay.js").then((m) => m.openReplay($("replay"), gameId, showPosition));
}

/** The replay's position on the whole table: board, players, market and ladder. The game is
 * over, so nothing live draws over it. */
function showPosition(state, entry) {
  game = { ...game, state };
  const last = entry ? touched(entry) : { fields: new Set(), amoebas: new Set() };
  board.last = last;
  board.draw(state);
  renderPlayers(); renderMarket(); renderStatus(); drawLadder($("ladder"), state);
}

async function resign(button) {
  if (button.dataset.armed !== "1") {
    button.dataset.armed = "1";
    button.textContent = t("really_resign");
    return;
  }
  await call(`/games/${gameId}/seats/${mine.seat}/resign`, { method: "POST", token: mine.token });
  forgetSeat(gameId);
  mine = null;
  shownDecision = null;
  await refresh();
}

function renderSeatTools() {
  $("seat-tools").hidden = !(mine && game.status === "active");
  $("resign").onclick = (ev) => resign(ev.currentTarget);
}

let shownDecision = null;

function render() {
  learnNames();
  // Redraw the decision only when it changed: a field picked in it survives a repeated poll.
  const key = `${game.status}/${game.seq}/${game.pending?.kind}/${Boolean(mine)}`;
  if (game.status === "open") renderOpenSeats();
  else if (game.state && key !== shownDecision) { renderDecisionPanel(); shownDecision = key; }
  renderStatus(); renderPlayers(); renderMarket(); renderResult(); renderSeatTools();
  if (game.state) drawLadder($("ladder"), game.state);
  tickCountdown();
  trace.lastSeq = game.seq;
  trace.drawn[game.seq] ??= performance.timeOrigin + performance.now();
  trace.status = game.status;
}

/** Bring the page up to the game document (``doc``, else fetched). Following the stream,
 * entries the page has not shown yet go through the queue first (false: not drawn yet). */
async function refresh(doc) {
  const fresh = doc && doc.seats && doc.state !== undefined ? doc : (await call(`/games/${gameId}`)).data;
  if (fresh.seq > lastSeq) {
    const page = (await call(`/games/${gameId}/events?since=${lastSeq}&limit=500`)).data;
    if (trace.mode === "stream" && (enqueue(page.items) || queue.length)) return false;
    page.items.forEach(onEntry);
  }
  game = fresh;
  render();
  return true;
}

/** The page's fixed words (elements marked data-t) in the chosen language, and the switcher. */
function translatePage() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  document.querySelector("header.top").append(languageSwitcher());
}

async function main() {
  mine = watchOnly ? null : seatFor(gameId);
  if (mine) playingHere(gameId); // this game's turns are this page's own notice
  followTurns();
  // The rules, the game and its log load side by side: the page is drawn once all three are in.
  let log;
  [rules, game, log] = await Promise.all([loadRules(), call(`/games/${gameId}`).then((r) => r.data), loadEvents()]);
  setTexts(rules.texts);
  setGenes(rules.texts.genes);
  translatePage();
  learnNames();
  addLog(log.setup.map(sentence).filter(Boolean));
  log.items.forEach(onEntry);
  board = new Board($("board-wrap"), rules.rules);
  board.last = lastMove;
  drawLegend($("legend"));
  render();
  trace.interactiveAt = performance.now();
  setInterval(tickCountdown, 1000);
  const chat = (trace.chat = new ChatPanel(gameId, () => mine));
  await chat.load();
  $("skip-ahead").onclick = () => {
    trace.skips = [...(trace.skips || []), { at: performance.now(), waiting: queue.length }];
    skipping = true; wake?.();
  };
  const live = await follow(gameId, lastSeq, {
    onEntry: (entry) => enqueue([entry]),
    onChange: (doc) => (queue.length || pacing ? null : refresh(doc)),
    onEnd: (doc) => refresh(doc.seats ? doc : undefined),
  });
  if (!live.chat) chat.poll(); // the chat is not on the shared stream: read it now and then
  trace.mode = live.mode;
  trace.ready = true;
  trace.readyAt = performance.now();
}

main().catch((err) => {
  $("status").textContent = err instanceof ApiError ? `${t("error")}: ${err.message}` : t("error_loading");
  if (!(err instanceof ApiError)) throw err;
});
