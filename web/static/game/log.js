// The game's log: the entries as sentences in the log panel, what each entry touched on
// the board (the last move's outline), and the whole log loaded page by page.
import { call } from "../api.js";
import { h } from "../dom.js";
import { entryLines } from "../words.js";
import { $ } from "./state.js";

export function addLog(lines, seq) {
  const ol = $("log");
  for (const l of lines) {
    const li = h("li", {}, l);
    if (seq !== undefined) li.dataset.seq = seq;
    ol.append(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

/** The fields and amoebas an entry touched, for the board to outline as the last move. */
export function touched(entry) {
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

/** Show one entry (once: those at or before ``view.lastSeq`` are skipped). */
export function showEntry(view, entry) {
  if (entry.seq <= view.lastSeq) return;
  view.lastSeq = entry.seq;
  const last = touched(entry);
  if (last.fields.size || last.amoebas.size) {
    view.lastMove = last;
    if (view.board) view.board.last = last;
  }
  for (const e of entry.events || []) if (e.type === "game_ended") view.endReason = e.reason;
  // Another player decides after this entry: the turn has left this seat, so its next turn
  // is news (a tone), even when the bots answered before this page saw its own move's reply.
  const next = entry.pending;
  if (next && view.mine && (next.player ?? next.seat) !== view.mine.seat) view.wasMyTurn = false;
  addLog(entryLines(entry), entry.seq);
}

/** The whole log so far (set-up events and entries), to be shown once names are known. */
export async function loadEvents(gameId) {
  const log = { setup: [], items: [] };
  for (let since = 0; ;) {
    const page = (await call(`/games/${gameId}/events?since=${since}&limit=500`)).data;
    if (page.setup) log.setup = page.setup;
    log.items.push(...page.items);
    if (page.next_since === null || page.next_since === undefined) return log;
    since = page.next_since;
  }
}
