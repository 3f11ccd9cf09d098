// The game page: board, players, ladder, market, log, the pending decision, live updates,
// the end and a replay. Playing needs this browser's seat token (kept by the lobby);
// without one the page watches, read-only.
import { ApiError, call, forgetSeat, newKey, rules as loadRules, seatFor } from "./api.js";
import { Board, chip, drawLadder } from "./board.js";
import { renderDecision, renderWaiting } from "./decisions.js";
import { follow } from "./live.js";
import { entryLines, geneName, sentence, seatName, setGenes, setSeatNames } from "./words.js";

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const watchOnly = new URLSearchParams(location.search).has("watch");
const $ = (id) => document.getElementById(id);

// For tests and measurements: what was drawn, when; which decision kinds were answered.
const trace = (window.ursuppe = { gameId, drawn: {}, answered: [], lastSeq: -1, mode: null, ready: false });

let rules, board, game = null, mine = null, lastSeq = 0, wasMyTurn = false, busy = false;
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

function renderPlayers() {
  const div = $("players");
  div.replaceChildren();
  const st = game.state;
  const table = document.createElement("table");
  table.innerHTML = "<tr><th>Seat</th><th>Score</th><th>BP</th><th>Genes</th><th>Amoebas</th></tr>";
  for (const seat of game.seats) {
    const p = st?.seats[seat.seat];
    const tr = document.createElement("tr");
    tr.dataset.seat = seat.seat;
    const name = document.createElement("td");
    const label = seat.name || (seat.kind === "bot" ? `bot ${seat.bot_level}` : "open seat");
    name.append(chip(seat.seat), " ", `${label}${mine && mine.seat === seat.seat ? " (you)" : ""}`);
    tr.append(name);
    tr.insertAdjacentHTML("beforeend", p
      ? `<td>${p.score}</td><td>${p.bp}</td><td>${p.genes.map(geneName).join(", ") || "—"}</td><td>${p.amoebas.length}</td>`
      : "<td colspan=4></td>");
    table.append(tr);
  }
  div.append(table);
}

function renderMarket() {
  const st = game.state;
  if (!st) return;
  const supply = st.gene_supply;
  const rows = rules.rules.genes.map((g) => `<tr><td>${geneName(g.id)}</td><td>${g.price} BP</td><td>${g.mp} MP</td><td>${supply[g.id] ?? 0} left</td></tr>`);
  $("market").innerHTML = `<table><tr><th>Gene</th><th>Price</th><th>Mutation</th><th>Cards</th></tr>${rows.join("")}</table>`;
}

function renderStatus() {
  const st = game.state;
  const env = st?.environment;
  $("status").textContent = `Game ${game.id.slice(0, 8)} · ${game.status}${st ? ` · round ${st.round}, phase ${st.phase}` : ""}`;
  $("environment").textContent = env?.current ? `Environment: drift ${env.current.drift}, ozone ${env.current.ozone} (${env.remaining} cards left)` : "";
  const p = game.status === "active" ? game.pending : null;
  $("whose-turn").textContent = p ? (mine && (p.player ?? p.seat) === mine.seat ? "Your turn" : `${seatName(p.seat)} to decide`) : "";
  $("role").textContent = mine ? `You play seat ${mine.seat + 1}` : "Watching (read-only)";
}

function tickCountdown() {
  const el = $("countdown");
  if (!game?.deadline_at || game.status !== "active") { el.textContent = ""; return; }
  const left = Math.max(0, Math.round((Date.parse(game.deadline_at) - Date.now()) / 1000));
  el.textContent = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
}

function turnNotice(myTurn) {
  $("turn-banner").classList.toggle("show", myTurn);
  document.title = myTurn ? "▶ Your turn — Ursuppe" : `Game — Ursuppe`;
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
    pending: p, panel, submit,
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
  const rows = res.ranking.map((s, i) => `<tr><td>${i + 1}.</td><td>${seatName(s)}</td><td>${res.scores[s]}</td></tr>`);
  box.innerHTML = `<h2>Final ranking</h2><table id="ranking"><tr><th>Place</th><th>Seat</th><th>Score</th></tr>${rows.join("")}</table>
    <p><button type="button" id="replay-open">Replay the game move by move</button></p>`;
  $("replay-open").onclick = () => import("./replay.js").then((m) => m.openReplay($("replay"), gameId, rules, game));
}

async function resign(button) {
  if (button.dataset.armed !== "1") {
    button.dataset.armed = "1";
    button.textContent = "Really resign? Click again";
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

async function main() {
  mine = watchOnly ? null : seatFor(gameId);
  // The rules, the game and its log load side by side: the page is drawn once all three are in.
  let log;
  [rules, game, log] = await Promise.all([loadRules(), call(`/games/${gameId}`).then((r) => r.data), loadEvents()]);
  setGenes(rules.rules.genes);
  learnNames();
  addLog(log.setup.map(sentence).filter(Boolean));
  log.items.forEach(onEntry);
  board = new Board($("board-wrap"), rules.rules);
  render();
  trace.interactiveAt = performance.now();
  setInterval(tickCountdown, 1000);
  const live = await follow(gameId, lastSeq, {
    onEntry: async (entry) => { onEntry(entry); await refresh(); },
    onChange: (doc) => refresh(doc),
    onEnd: (doc) => refresh(doc.seats ? doc : undefined),
  });
  trace.mode = live.mode;
  trace.ready = true;
  trace.readyAt = performance.now();
}

main().catch((err) => {
  $("status").textContent = err instanceof ApiError ? `Error: ${err.message}` : "Error loading the game";
  if (!(err instanceof ApiError)) throw err;
});
