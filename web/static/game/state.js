// The game page's state: one object, made once by game.js and handed to every part of the
// page (log, pacing, table, clocks, decision, hints, seats, result). Nothing else on the
// page keeps mutable state of its own, except the pacer's queue (pacing.js) and the
// decision's tone, each held by an object game.js owns.

/** The page's state for the game in this URL. ``trace`` is also ``window.ursuppe``: what
 * was drawn and when, which decisions were answered (for tests and measurements). */
export function createView() {
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const trace = (window.ursuppe = { gameId, drawn: {}, answered: [], lastSeq: -1, mode: null, ready: false });
  return {
    gameId,
    watchOnly: new URLSearchParams(location.search).has("watch"),
    trace,
    rules: null, // GET /rules
    board: null, // the Board (board.js), once the rules are in
    game: null, // the game document, as last drawn
    mine: null, // this browser's seat { seat, token }, or null: watching
    lastSeq: 0, // the newest log entry shown
    lastMove: { fields: new Set(), amoebas: new Set() }, // what the newest entry touched
    endReason: null, // the game_ended event's reason, once the log has shown it
    wasMyTurn: false, // the turn notice's last state: a tone only when the turn arrives
    busy: false, // an action is being sent
    shownDecision: null, // the key of the decision panel on screen
  };
}

export const $ = (id) => document.getElementById(id);
