// This page's side of the browser's one shared connection (stream-worker.js): the games the
// page follows (with their chat or without), whether it wants the player's notices and
// whether the lobby's seeks. When the page is hidden for good or put into the back/forward
// cache (pagehide) it lets all of them go; when it comes back from the cache (pageshow) it
// follows them again from the last entry and chat message it has, so it catches up
// exactly. A page that ends without saying so is found by the Web Lock it holds while it
// lives (``alive``). ``null`` from ``followGame``/``followNotices``/``followLobby`` means the
// browser has no SharedWorker: the caller polls instead.

let port; // undefined: not tried yet; null: no SharedWorker here
const games = new Map(); // gameId -> { since, chat, handlers }
let notices = null; // { token, onMessage }
let lobby = null; // { onMessage, onFailed }
// What this page received, for the browser tests: each entry and chat message (game and
// position), the connection's drops and the page's restores from the cache.
const trace = (window.ursuppeStream = { entries: [], chat: [], drops: 0, restores: 0 });
const LOBBY = new Set(["seeks", "seek_added", "seek_matched", "seek_removed"]);

function connection() {
  if (port !== undefined) return port;
  port = null;
  if (!window.SharedWorker || !window.TextDecoderStream) return null;
  try {
    port = new SharedWorker("/web/static/stream-worker.js", { name: "ursuppe-stream" }).port;
  } catch (err) {
    console.warn("no shared stream", err);
    return null;
  }
  port.onmessage = (e) => receive(e.data);
  port.start();
  const mine = port;
  alive().then((lock) => { if (lock) mine.postMessage({ op: "alive", lock }); });
  return port;
}

let life; // a promise of the name of the Web Lock this page holds while it lives (null: no locks)

/** This page's life as a Web Lock it holds until it is gone: the worker waits for the lock,
 * so a page that ends without its "bye" (a crash, a tab the browser discards while frozen)
 * still lets its games go. Taken once; a page back from the cache holds it still. */
function alive() {
  life ??= new Promise((resolve) => {
    if (!navigator.locks || !self.crypto?.randomUUID) return resolve(null);
    const name = `ursuppe-page-${crypto.randomUUID()}`;
    navigator.locks.request(name, () => { resolve(name); return new Promise(() => {}); })
      .catch(() => resolve(null));
  });
  return life;
}

const followMessage = (game, followed) => ({ op: "follow", game, since: followed.since, chat: followed.chat });

window.addEventListener("pagehide", () => port?.postMessage({ op: "bye" }));
// Back from the cache: connect again (the worker may have ended meanwhile, when no other
// page needed it) and follow from the last entry and chat message this page has.
window.addEventListener("pageshow", (e) => {
  if (!e.persisted || !port) return;
  trace.restores++;
  port = undefined;
  connection();
  for (const [game, followed] of games) port.postMessage(followMessage(game, followed));
  if (notices) port.postMessage({ op: "notices", token: notices.token });
  if (lobby) port.postMessage({ op: "lobby", on: true });
});

function receive(message) {
  const { type, data } = message;
  if (type === "failed") {
    const failed = [...games.values()];
    games.clear();
    for (const followed of failed) followed.handlers.onFailed();
    const lost = lobby;
    lobby = null;
    lost?.onFailed();
    return;
  }
  if (type === "dropped") { trace.drops++; return; }
  if (type === "entry" || type === "chat" || type === "state" || type === "end") {
    const followed = games.get(type === "entry" || type === "chat" ? data.game_id : data.id);
    if (!followed) return;
    if (type === "entry") {
      trace.entries.push([data.game_id, data.seq]);
      followed.since = data.seq;
      followed.handlers.onEntry(data);
    } else if (type === "chat") {
      trace.chat.push([data.game_id, data.id]);
      followed.chat = data.id;
      followed.handlers.onChat?.(data);
    } else if (type === "state") followed.handlers.onChange(data);
    else {
      games.delete(data.id);
      followed.handlers.onEnd(data);
    }
    return;
  }
  if (LOBBY.has(type)) { lobby?.onMessage(message); return; }
  notices?.onMessage(message);
}

/** Follow ``gameId`` after entry ``since`` (and with ``chat``, the id of the last chat
 * message the page has, its chat to ``onChat``): ``onEntry``, ``onChange`` (the document),
 * ``onEnd`` and ``onFailed`` (the service refused: poll instead). A handle with
 * ``close()``, or null without SharedWorker. */
export function followGame(gameId, since, handlers, chat = null) {
  if (!connection()) return null;
  const followed = { since, chat, handlers };
  games.set(gameId, followed);
  port.postMessage(followMessage(gameId, followed));
  return {
    close() {
      if (games.delete(gameId)) port.postMessage({ op: "unfollow", game: gameId });
    },
  };
}

/** The player's notices (the player stream's messages) to ``onMessage``; null without
 * SharedWorker. */
export function followNotices(token, onMessage) {
  if (!connection()) return null;
  notices = { token, onMessage };
  port.postMessage({ op: "notices", token });
  return {
    close() {
      notices = null;
      port.postMessage({ op: "notices", token: null });
    },
  };
}

/** The lobby stream's messages (``seeks`` first and after every reconnection, then
 * ``seek_added``, ``seek_matched``, ``seek_removed``) to ``onMessage``; ``onFailed`` when
 * the service refuses the stream. Null without SharedWorker. */
export function followLobby(onMessage, onFailed) {
  if (!connection()) return null;
  lobby = { onMessage, onFailed };
  port.postMessage({ op: "lobby", on: true });
  return {
    close() {
      lobby = null;
      port.postMessage({ op: "lobby", on: false });
    },
  };
}
