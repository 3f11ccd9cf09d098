// This page's side of the browser's one shared connection (stream-worker.js): the games the
// page follows and whether it wants the player's notices. When the page is hidden for good
// or put into the back/forward cache (pagehide) it lets all of them go; when it comes back
// from the cache (pageshow) it follows them again from the last entry it has, so it catches
// up exactly. ``null`` from ``followGame``/``followNotices`` means the browser has no
// SharedWorker: the caller polls instead.

let port; // undefined: not tried yet; null: no SharedWorker here
const games = new Map(); // gameId -> { since, handlers }
let notices = null; // { token, onMessage }

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
  return port;
}

window.addEventListener("pagehide", () => port?.postMessage({ op: "bye" }));
// Back from the cache: connect again (the worker may have ended meanwhile, when no other
// page needed it) and follow from the last entry this page has.
window.addEventListener("pageshow", (e) => {
  if (!e.persisted || !port) return;
  port = undefined;
  connection();
  for (const [game, followed] of games) port.postMessage({ op: "follow", game, since: followed.since });
  if (notices) port.postMessage({ op: "notices", token: notices.token });
});

function receive(message) {
  const { type, data } = message;
  if (type === "failed") {
    const failed = [...games.values()];
    games.clear();
    for (const followed of failed) followed.handlers.onFailed();
    return;
  }
  if (type === "entry" || type === "state" || type === "end") {
    const followed = games.get(type === "entry" ? data.game_id : data.id);
    if (!followed) return;
    if (type === "entry") {
      followed.since = data.seq;
      followed.handlers.onEntry(data);
    } else if (type === "state") followed.handlers.onChange(data);
    else {
      games.delete(data.id);
      followed.handlers.onEnd(data);
    }
    return;
  }
  notices?.onMessage(message);
}

/** Follow ``gameId`` after entry ``since``: ``onEntry``, ``onChange`` (the document),
 * ``onEnd`` and ``onFailed`` (the service refused: poll instead). A handle with
 * ``close()``, or null without SharedWorker. */
export function followGame(gameId, since, handlers) {
  if (!connection()) return null;
  games.set(gameId, { since, handlers });
  port.postMessage({ op: "follow", game: gameId, since });
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
