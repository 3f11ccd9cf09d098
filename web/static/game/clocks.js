// The players' clocks: each human seat's time in its row, and the deciding seat's countdown
// under the board, redrawn every second from the server's numbers (deadline_at, the bank).
import { put } from "../dom.js";
import { t } from "../i18n.js";
import { icon } from "../icons.js";
import { $ } from "./state.js";

/** m:ss, h:mm:ss, or days and hours for a correspondence clock. */
export function clockText(seconds) {
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
function seatClock(game, seat) {
  const tc = game.time_control;
  if (seat.kind !== "human" || !allowance(tc) || game.status === "finished" || game.status === "aborted") return null;
  const running = game.status === "active" && game.pending_seat === seat.seat && Boolean(game.deadline_at);
  const left = running ? (Date.parse(game.deadline_at) - Date.now()) / 1000 : tc.type === "bank" ? seat.bank : allowance(tc);
  if (left === null || left === undefined) return null;
  return { left: Math.max(0, left), running, low: left <= Math.max(10, allowance(tc) * 0.1) };
}

/** Redraw every clock (game.js calls it every second and after each redraw). */
export function tickClocks(view) {
  const { game, mine } = view;
  const el = $("countdown");
  if (!game) return;
  const clocks = {};
  for (const seat of game.seats) {
    const clock = seatClock(game, seat);
    clocks[seat.seat] = clock && { ...clock, text: clockText(clock.left) };
    const cell = document.querySelector(`#players td.clock[data-seat="${seat.seat}"]`);
    if (!cell) continue;
    cell.textContent = clock ? clockText(clock.left) : "";
    cell.classList.toggle("running", Boolean(clock?.running));
    cell.classList.toggle("low", Boolean(clock?.low));
  }
  view.trace.clocks = clocks;
  const deciding = game.status === "active" ? clocks[game.pending_seat] : null;
  el.classList.toggle("low", Boolean(deciding?.low));
  if (!deciding?.running) { el.textContent = ""; return; }
  const mineLow = deciding.low && mine && mine.seat === game.pending_seat;
  put(el, icon("clock"), ` ${mineLow ? t("clock_low", { time: deciding.text }) : t("time_left", { time: deciding.text })}`);
  el.setAttribute("role", mineLow ? "alert" : "status");
}
