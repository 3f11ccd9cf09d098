// Following moves as they happen: the stream's entries are shown one at a time, PACE ms
// apart, each on the board as it stood after it (GET /games/{id}/positions/{seq}), with a
// "skip ahead" button while some wait; the last one brings the game document up to date.
import { call } from "../api.js";
import { showEntry } from "./log.js";
import { $ } from "./state.js";
import { drawTable } from "./table.js";

export const PACE = 800;

export class Pacer {
  /** ``refresh()`` brings the page up to the game document once the queue is empty (false:
   * more entries arrived meanwhile). */
  constructor(view, refresh) {
    this.view = view;
    this.refresh = refresh;
    this.queue = [];
    this.pacing = false;
    this.skipping = false;
    this.wake = null;
    this.shownAt = 0;
  }

  /** Whether entries wait or are being shown: the game document waits for them. */
  get busy() { return this.pacing || this.queue.length > 0; }

  pause(ms) {
    return new Promise((resolve) => { const id = setTimeout(resolve, ms); this.wake = () => { clearTimeout(id); resolve(); }; });
  }

  /** Queue entries to be shown in turn (those already shown or queued are left out);
   * how many were new. */
  enqueue(entries) {
    let added = 0;
    for (const e of entries) if (e.seq > Math.max(this.view.lastSeq, this.queue.at(-1)?.seq ?? 0)) { this.queue.push(e); added++; }
    this.pump();
    return added;
  }

  /** Show the waiting entries at once (the "skip ahead" button). */
  skip() {
    const trace = this.view.trace;
    trace.skips = [...(trace.skips || []), { at: performance.now(), waiting: this.queue.length }];
    this.skipping = true;
    this.wake?.();
  }

  async pump() {
    if (this.pacing) return;
    this.pacing = true;
    const view = this.view, trace = view.trace;
    $("decision").inert = true; // a decision on screen waits until the moves before it are shown
    let more = false;
    try {
      while (this.queue.length) {
        $("skip-ahead").hidden = this.skipping;
        const wait = this.shownAt + PACE - performance.now();
        if (!this.skipping && wait > 0) await this.pause(wait);
        const entry = this.queue.shift();
        if (entry.seq <= view.lastSeq) continue;
        showEntry(view, entry);
        this.shownAt = performance.now();
        (trace.shown ||= []).push({ seq: entry.seq, at: this.shownAt });
        trace.drawn[entry.seq] ??= performance.timeOrigin + this.shownAt;
        if (this.queue.length && !this.skipping) {
          const state = (await call(`/games/${view.gameId}/positions/${entry.seq}`)).data.state;
          drawTable(view, state, view.lastMove);
        }
      }
      this.skipping = false;
      $("skip-ahead").hidden = true;
      more = !(await this.refresh());
    } finally {
      this.pacing = false;
      $("decision").inert = false;
    }
    if (more || this.queue.length) this.pump();
  }
}
