// Following a game: the browser's one shared stream (shared-stream.js: every page of the
// site on one connection, docs/web.md, "One connection for every tab"), which brings the
// game's chat too when the page asks (``chatSince``: the last message it has); where the
// browser lacks SharedWorker, or the service refuses the stream, the page polls the game
// document with If-None-Match instead, and ``onPolling`` tells it to read its chat by
// polling as well. Either way the page hears "an entry arrived" and "the game document
// may have changed".
import { call } from "./api.js";
import { followGame } from "./shared-stream.js";

export function follow(gameId, sinceSeq, handlers, chatSince = null) {
  let current = null;
  const polling = () => {
    current = poll(gameId, handlers);
    handlers.onPolling?.();
    return current;
  };
  const shared = followGame(gameId, sinceSeq, { ...handlers, onFailed: polling }, chatSince);
  if (!shared) return Promise.resolve(polling());
  current = { mode: "stream", chat: chatSince !== null, close: () => shared.close() };
  return Promise.resolve({ mode: "stream", chat: chatSince !== null, close: () => current.close() });
}

function poll(gameId, { onChange, onEnd }) {
  let etag = null, stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      const r = await call(`/games/${encodeURIComponent(gameId)}`, { headers: etag ? { "If-None-Match": etag } : {} });
      if (!r.notModified) {
        etag = r.etag;
        await onChange(r.data);
        if (r.data.status === "finished" || r.data.status === "aborted") { stopped = true; onEnd(r.data); return; }
      }
    } catch (err) { console.warn("poll failed", err); }
    setTimeout(tick, 700);
  };
  tick();
  return { mode: "poll", chat: false, close: () => { stopped = true; } };
}
