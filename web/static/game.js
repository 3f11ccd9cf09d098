// The game page: board, players, ladder, market, log, the pending decision, live updates,
// the end and a replay. Playing needs this browser's seat token (kept by the lobby);
// without one the page watches, read-only.
import { ApiError, call, forgetSeat, newKey, rules as loadRules, seatFor } from "./api.js";
import { Board, chip, drawLadder } from "./board.js";
import { renderDecision, renderWaiting } from "./decisions.js";
import { ChatPanel } from "./chat.js";
import { drawLegend, drawPhaseTrack, endExplanation, geneRef, phaseName, setTexts } from "./help.js";
import { languageSwitcher, t } from "./i18n.js";
import { icon } from "./icons.js";
import { follow } from "./live.js";
import { entryLines, sentence, seatName, setGenes, setSeatNames } from "./words.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const watchOnly = new URLSearchParams(location.search).has("watch");
const $ = (id) => document.getElementById(id);

// For tests and measurements: what was drawn, when; which decision kinds were answered.
const trace = (window.ursuppe = { gameId, drawn: {}, answered: [], lastSeq: -1, mode: null, ready: false });

let rules, board, game = null, mine = null, lastSeq = 0, wasMyTurn = false, busy = false;
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
    const li = document.createElement("li");
    li.innerHTML = l;
    if (seq !== undefined) li.dataset.seq = seq;
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

function onEntry(entry) {
  if (entry.seq <= lastSeq) return;
  lastSeq = entry.seq;
  for (const e of entry.events || []) if (e.type === "game_ended") endReason = e.reason;
  addLog(entryLines(entry), entry.seq);
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

function learnNames() {
  setSeatNames(game.seats.map((s) => s.name || (s.kind === "bot" ? `Bot ${s.seat + 1}` : null)));
}

/** Replace a panel's markup only when it changed: an open gene card in it stays open. */
function setIfChanged(el, markup) {
  if (el.dataset.markup === markup) return;
  el.dataset.markup = markup;
  el.innerHTML = markup;
}

function renderPlayers() {
  const st = game.state;
  const table = document.createElement("table");
  table.innerHTML = `<tr><th>${t("th_seat")}</th><th>${t("th_clock")}</th><th>${t("th_score")}</th><th>${t("bp")}</th><th>${t("th_genes")}</th><th>${t("th_amoebas")}</th></tr>`;
  for (const seat of game.seats) {
    const p = st?.seats[seat.seat];
    const tr = document.createElement("tr");
    tr.dataset.seat = seat.seat;
    const name = document.createElement("td");
    const label = seat.name || (seat.kind === "bot" ? t("bot_level", { level: seat.bot_level }) : t("open_seat"));
    name.append(chip(seat.seat), " ", `${label}${mine && mine.seat === seat.seat ? t("you_suffix") : ""}`);
    tr.append(name);
    // Filled and counted down by tickClocks: this markup stays the same from second to second.
    tr.insertAdjacentHTML("beforeend", `<td class="clock" data-seat="${seat.seat}"></td>`);
    tr.insertAdjacentHTML("beforeend", p
      ? `<td>${p.score}</td><td>${p.bp}</td><td>${p.genes.map(geneRef).join(", ") || "—"}</td><td>${p.amoebas.length}</td>`
      : "<td colspan=4></td>");
    table.append(tr);
  }
  setIfChanged($("players"), table.outerHTML);
}

function renderMarket() {
  const st = game.state;
  if (!st) return;
  const supply = st.gene_supply;
  const rows = rules.texts.genes.map((g) => `<tr data-gene="${g.id}"><td>${geneRef(g.id)}</td><td>${g.price} ${t("bp")}</td><td>${g.mp} ${t("mp")}</td><td>${t("cards_left", { n: supply[g.id] ?? 0 })}</td></tr>`);
  setIfChanged($("market"), `<table><tr><th>${t("th_gene")}</th><th>${t("th_price")}</th><th>${t("th_mutation")}</th><th>${t("th_cards")}</th></tr>${rows.join("")}</table>`);
}

function renderStatus() {
  const st = game.state;
  const env = st?.environment;
  const where = st && game.status === "active" ? ` · ${t("round_n", { n: st.round })}, ${st.round ? phaseName(st.phase) : phaseName("setup")}` : "";
  $("status").textContent = `${t("game_n", { id: game.id.slice(0, 8) })} · ${t(`status_${game.status}`)}${where}`;
  $("environment").textContent = env?.current ? t("environment", { dir: t(`dir_${env.current.drift}`), ozone: env.current.ozone, left: env.remaining }) : "";
  const p = game.status === "active" ? game.pending : null;
  $("whose-turn").textContent = p ? (mine && (p.player ?? p.seat) === mine.seat ? t("your_turn") : t("to_decide", { seat: seatName(p.seat) })) : "";
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
  el.innerHTML = `${icon("clock")} ${mineLow ? t("clock_low", { time: deciding.text }) : t("time_left", { time: deciding.text })}`;
  el.setAttribute("role", mineLow ? "alert" : "status");
}

function turnNotice(myTurn) {
  $("turn-banner").classList.toggle("show", myTurn);
  document.title = myTurn ? `▶ ${t("your_turn")} — Ursuppe` : `${t("game")} — Ursuppe`;
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
      $("decision").insertAdjacentHTML("beforeend", `<p role="alert" class="muted">${err.message}</p>`);
      await refresh();
    } else throw err;
  } finally { busy = false; }
}

function renderDecisionPanel() {
  const panel = $("decision");
  const p = game.status === "active" ? game.pending : null;
  const myTurn = Boolean(p && mine && (p.player ?? p.seat) === mine.seat);
  turnNotice(myTurn);
  const noOffer = { fields: new Set(), amoebas: new Set() };
  if (!p) { panel.hidden = true; board.draw(game.state, noOffer); return; }
  panel.hidden = false;
  if (!myTurn) { renderWaiting(panel, p); board.draw(game.state, noOffer); return; }
  let drawn = false;
  renderDecision({
    pending: p, panel, submit, state: game.state,
    drawBoard: (offered, selected) => { drawn = true; board.draw(game.state, offered, selected); },
    onField: (fn) => { board.onField = fn; },
    onAmoeba: (fn) => { board.onAmoeba = fn; },
  });
  if (!drawn) board.draw(game.state, noOffer);
}

function renderResult() {
  const res = game.result;
  const box = $("result");
  if (game.status !== "finished" || !res) { box.hidden = true; return; }
  box.hidden = false;
  const seats = game.state?.seats || [];
  const rows = res.ranking.map((s, i) => `<tr><td>${i + 1}.</td><td>${seatName(s)}</td><td>${res.scores[s]}</td><td>${seats[s]?.amoebas.length ?? ""}</td><td>${seats[s]?.genes.length ?? ""}</td></tr>`);
  box.innerHTML = `<h2>${t("final_ranking")}</h2>${endExplanation(endReason)}<table id="ranking"><tr><th>${t("th_place")}</th><th>${t("th_seat")}</th><th>${t("th_score")}</th><th>${t("th_amoebas")}</th><th>${t("th_genes")}</th></tr>${rows.join("")}</table>
    <p><button type="button" id="replay-open">${t("replay_open")}</button></p>`;
  $("replay-open").onclick = () => import("./replay.js").then((m) => m.openReplay($("replay"), gameId, rules, game));
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
  if (game.state && key !== shownDecision) { renderDecisionPanel(); shownDecision = key; }
  renderStatus(); renderPlayers(); renderMarket(); renderResult(); renderSeatTools();
  if (game.state) drawLadder($("ladder"), game.state);
  tickCountdown();
  trace.lastSeq = game.seq;
  trace.drawn[game.seq] ??= performance.timeOrigin + performance.now();
  trace.status = game.status;
}

async function refresh(doc) {
  game = doc && doc.seats && doc.state !== undefined ? doc : (await call(`/games/${gameId}`)).data;
  if (game.seq > lastSeq) {
    const page = (await call(`/games/${gameId}/events?since=${lastSeq}&limit=500`)).data;
    page.items.forEach(onEntry);
  }
  render();
}

/** The page's fixed words (elements marked data-t) in the chosen language, and the switcher. */
function translatePage() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  document.querySelector("header.top").append(languageSwitcher());
}

async function main() {
  mine = watchOnly ? null : seatFor(gameId);
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
  drawLegend($("legend"));
  render();
  trace.interactiveAt = performance.now();
  setInterval(tickCountdown, 1000);
  const chat = (trace.chat = new ChatPanel(gameId, () => mine));
  const chatSince = await chat.load();
  const live = await follow(gameId, lastSeq, {
    onEntry: async (entry) => { onEntry(entry); await refresh(); },
    onChange: (doc) => refresh(doc),
    onEnd: (doc) => refresh(doc.seats ? doc : undefined),
    onChat: (message) => chat.add(message),
  }, chatSince);
  if (live.mode === "poll") chat.poll();
  trace.mode = live.mode;
  trace.ready = true;
  trace.readyAt = performance.now();
}

main().catch((err) => {
  $("status").textContent = err instanceof ApiError ? `${t("error")}: ${err.message}` : t("error_loading");
  if (!(err instanceof ApiError)) throw err;
});
