// The game page: board, players, ladder, market, log, the pending decision, live updates,
// the end and a replay. Playing needs this browser's seat token (kept by the lobby) or its
// player holding a seat of the game; otherwise the page watches, read-only.
//
// This module starts the page and draws it from its state; the parts live in game/: the
// page's state (state.js, one object handed to every part), the log (log.js), pacing the
// live entries (pacing.js), the table around the board (table.js), clocks (clocks.js), the
// pending decision (decision.js) and its hint (hints.js), the seats (seats.js) and the end
// with its replay (result.js).
import { ApiError, call, rules as loadRules, seatIn } from "./api.js";
import { Board, drawLadder } from "./board.js";
import { renderRematch } from "./challenges.js";
import { drawBoardText } from "./board-text.js";
import { ChatPanel } from "./chat.js";
import { drawLegend, setTexts } from "./help.js";
import { t, translatePage } from "./i18n.js";
import { follow } from "./live.js";
import { followTurns, playingHere } from "./notify.js";
import { sentence, setGenes } from "./words.js";
import { tickClocks } from "./game/clocks.js";
import { Tone, renderDecisionPanel } from "./game/decision.js";
import { addLog, loadEvents, showEntry } from "./game/log.js";
import { Pacer } from "./game/pacing.js";
import { renderResult } from "./game/result.js";
import { renderOpenSeats, renderSeatTools } from "./game/seats.js";
import { $, createView } from "./game/state.js";
import { learnNames, renderMarket, renderPlayers, renderStatus } from "./game/table.js";

const view = createView();
const tone = new Tone();
const pacer = new Pacer(view, () => refresh());

function render() {
  const { game, trace } = view;
  learnNames(game);
  // Redraw the decision only when it changed: a field picked in it survives a repeated poll.
  const key = `${game.status}/${game.seq}/${game.pending?.kind}/${Boolean(view.mine)}`;
  if (game.status === "open") renderOpenSeats(view);
  else if (game.state && key !== view.shownDecision) { renderDecisionPanel(view, { refresh, tone }); view.shownDecision = key; }
  renderStatus(view); renderPlayers(view); renderMarket(view); renderResult(view); renderRematch(view.game); renderSeatTools(view, refresh);
  if (game.state) drawLadder($("ladder"), game.state);
  tickClocks(view);
  trace.lastSeq = game.seq;
  trace.drawn[game.seq] ??= performance.timeOrigin + performance.now();
  trace.status = game.status;
}

/** Bring the page up to the game document (``doc``, else fetched). Following the stream,
 * entries the page has not shown yet go through the pacer first (false: not drawn yet). */
async function refresh(doc) {
  const { gameId } = view;
  const fresh = doc && doc.seats && doc.state !== undefined ? doc : (await call(`/games/${gameId}`)).data;
  if (fresh.seq > view.lastSeq) {
    const page = (await call(`/games/${gameId}/events?since=${view.lastSeq}&limit=500`)).data;
    if (view.trace.mode === "stream" && (pacer.enqueue(page.items) || pacer.queue.length)) return false;
    page.items.forEach((entry) => showEntry(view, entry));
  }
  view.game = fresh;
  render();
  return true;
}

async function main() {
  const { gameId, trace } = view;
  translatePage(); // "Loading…" too, in the page's language, while the game loads
  followTurns();
  // The rules, the game and its log load side by side: the page is drawn once all three are in.
  const [rules, game, log] = await Promise.all([loadRules(), call(`/games/${gameId}`).then((r) => r.data), loadEvents(gameId)]);
  view.rules = rules;
  view.game = game;
  view.mine = view.watchOnly ? null : seatIn(game);
  if (view.mine) playingHere(gameId); // this game's turns are this page's own notice
  setTexts(rules.texts);
  setGenes(rules.texts.genes);
  learnNames(game);
  addLog(log.setup.map(sentence).filter(Boolean));
  log.items.forEach((entry) => showEntry(view, entry));
  view.board = new Board($("board-wrap"), rules.rules);
  view.board.last = view.lastMove;
  view.board.onDraw = (state, offered) => drawBoardText($("board-text"), state, offered, view.board);
  drawLegend($("legend"));
  render();
  trace.interactiveAt = performance.now();
  setInterval(() => tickClocks(view), 1000);
  const chat = (trace.chat = new ChatPanel(gameId, () => view.mine));
  const chatSince = await chat.load();
  $("skip-ahead").onclick = () => pacer.skip();
  // The chat rides the game's stream from the last message loaded; polled only without it.
  const live = await follow(gameId, view.lastSeq, {
    onEntry: (entry) => pacer.enqueue([entry]),
    onChat: (message) => chat.streamed(message),
    onChange: (doc) => (pacer.busy ? null : refresh(doc)),
    onEnd: (doc) => refresh(doc.seats ? doc : undefined),
    onPolling: () => chat.poll(),
  }, chatSince);
  trace.mode = live.mode;
  trace.ready = true;
  trace.readyAt = performance.now();
}

main().catch((err) => {
  $("status").textContent = err instanceof ApiError ? `${t("error")}: ${err.message}` : t("error_loading");
  if (!(err instanceof ApiError)) throw err;
});
