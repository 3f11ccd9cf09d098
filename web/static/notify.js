// Turn notices across all of the player's games (docs/web.md, "Your turns everywhere").
// Every page of a browser that has a player follows the player's notices (on the
// browser's one shared stream, shared-stream.js, else by polling); on each event
// it reads GET /players/me/turns again, puts the number of games waiting for the person
// in the tab title, and for a new turn shows a notification through the browser's
// Notification API when the person allowed it.
import { call, myPlayer, seatFor } from "./api.js";
import { t } from "./i18n.js";
import { followNotices } from "./shared-stream.js";

const NOTIFIED = "ursuppe.notified"; // the turns already notified, across pages: "game:seq"
const listeners = new Set();
let pageTitle = document.title;
let here = null; // the game this page plays: its turns are the page's own notice
let turns = [];
let following = null; // the notices followed: { close }
const POLL_MS = 15000;

/** The page's own title; the number of turns elsewhere goes in front of it. */
export function setTitle(text) {
  pageTitle = text;
  drawTitle();
}

/** This page plays ``gameId``: its turns are left to the page (title, banner, tone). */
export function playingHere(gameId) {
  here = gameId;
  drawTitle();
}

/** ``fn(turns, event)`` after each event of the player stream, with the turns owed now. */
export function onTurns(fn) {
  listeners.add(fn);
}

function drawTitle() {
  const waiting = turns.filter((turn) => turn.game_id !== here).length;
  document.title = waiting ? `▶ (${waiting}) ${pageTitle}` : pageTitle;
}

function notified() {
  try { return JSON.parse(localStorage.getItem(NOTIFIED)) || []; } catch { return []; }
}

/** A notification for a turn not notified yet (on any page of this browser), unless the
 * person looks at that very game. Clicking it opens the game where this browser plays the
 * seat, else the account page, whose "My turns" continues it here. */
function notify(turn) {
  const key = `${turn.game_id}:${turn.seq}`;
  const seen = notified();
  if (seen.includes(key)) return;
  localStorage.setItem(NOTIFIED, JSON.stringify([...seen, key].slice(-200)));
  if (turn.game_id === here && document.visibilityState === "visible") return;
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  const label = turn.label || turn.game_id.slice(0, 8);
  const note = new Notification(t("notice_title"), {
    body: t("notice_body", { game: label, seat: turn.seat + 1 }),
    tag: `ursuppe-turn-${turn.game_id}`,
    icon: "/web/static/favicon.svg",
  });
  note.onclick = () => {
    window.focus();
    const kept = seatFor(turn.game_id);
    location.href = kept && kept.seat === turn.seat ? `/game/${turn.game_id}` : "/account";
  };
}

async function update(event) {
  const player = myPlayer();
  if (!player?.token) return;
  turns = (await call("/players/me/turns", { token: player.token })).data;
  drawTitle();
  if (event.type === "your_turn") notify(event.data);
  for (const fn of listeners) fn(turns, event);
}

/** Follow the player's notices while this browser has a player: on the browser's one
 * shared stream (shared-stream.js), or where the browser lacks it by reading the turns
 * every ``POLL_MS`` (a new one is notified once, as from the stream). */
export function followTurns() {
  stopFollowing();
  const player = myPlayer();
  if (!player?.token) return;
  const onMessage = (message) => update(message).catch((err) => console.warn("turns", err));
  const shared = followNotices(player.token, onMessage);
  if (shared) {
    following = shared;
    onMessage({ type: "open" }); // the connection may be open already: no hello for this page
    return;
  }
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      await update({ type: "poll" });
      turns.forEach(notify);
    } catch (err) { console.warn("turns", err); }
    setTimeout(tick, POLL_MS);
  };
  tick();
  following = { close: () => { stopped = true; } };
}

// The stream names new turns only: a turn answered on another device leaves the count
// until the next event, so a page the person comes back to reads the turns again.
document.addEventListener("visibilitychange", () => {
  if (following && document.visibilityState === "visible") update({ type: "visible" }).catch(() => {});
});

/** Stop following (before signing out: the token is about to stop working). */
export function stopFollowing() {
  following?.close();
  following = null;
  turns = [];
  drawTitle();
}

/** A button that asks for permission to notify, or a line saying how notices stand. */
export function permissionControl(box) {
  box.replaceChildren();
  if (!("Notification" in window)) { box.textContent = t("notice_unsupported"); return; }
  if (Notification.permission === "granted") { box.textContent = t("notice_on"); return; }
  if (Notification.permission === "denied") { box.textContent = t("notice_blocked"); return; }
  const button = document.createElement("button");
  button.type = "button";
  button.id = "allow-notices";
  button.textContent = t("notice_allow");
  button.onclick = async () => { await Notification.requestPermission(); permissionControl(box); };
  box.append(button);
}
