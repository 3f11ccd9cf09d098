// Following a game: the live stream (Server-Sent Events, GET /games/{id}/stream, see
// docs/stream.md); on a server without it (the stream fails before its first message) the
// page polls the game document with If-None-Match instead. Either way the page hears "an
// entry arrived" and "the game document may have changed".
import { call } from "./api.js";

// With ``chatSince`` the stream also brings the table's chat (``onChat``), after that id;
// EventSource's reconnection resumes both the log and the chat (its ids hold both).
export function follow(gameId, sinceSeq, handlers, chatSince = null) {
  return new Promise((resolve) => {
    const chat = chatSince === null ? "" : `&chat_since=${chatSince}`;
    const es = new EventSource(`/api/v1/games/${encodeURIComponent(gameId)}/stream?since=${sinceSeq}${chat}`);
    let opened = false;
    es.onopen = () => { opened = true; resolve({ mode: "stream", close: () => es.close() }); };
    es.onerror = () => {
      if (!opened && es.readyState === EventSource.CLOSED) resolve(poll(gameId, handlers));
    };
    es.addEventListener("entry", (m) => handlers.onEntry(JSON.parse(m.data)));
    es.addEventListener("state", (m) => handlers.onChange(JSON.parse(m.data)));
    es.addEventListener("chat", (m) => handlers.onChat?.(JSON.parse(m.data)));
    es.addEventListener("end", (m) => { es.close(); handlers.onEnd(JSON.parse(m.data)); });
  });
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
  return { mode: "poll", close: () => { stopped = true; } };
}
