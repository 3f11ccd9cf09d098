// The browser's one connection to the service's live stream, shared by every page of the
// site (a SharedWorker; docs/web.md, "One connection for every tab"). A browser gives one
// host six HTTP/1.1 connections across all its tabs: a stream per page used them up, and
// the seventh page never loaded. Here every page tells this worker which games it follows
// (with their chat or without), whether it wants the player's notices and whether the
// lobby's seeks; the worker holds one stream of many games (POST /api/v1/stream, ndjson)
// for all of them and hands each page its own messages.
//
// Exactly once per page: each page says which entry and which chat message it has of each
// game (``since``, ``chat``), the worker passes it only those after that, and every
// (re)connection resumes from the oldest position any page has, so a page that joins late
// or a connection that drops loses nothing and repeats nothing. The connection changes
// when the set of games does (a page opened, closed or went into the back/forward cache)
// and closes when no page needs it. A page says "bye" when it is hidden for good or cached; one
// that ends without it (a crash, a discarded tab) is known by the Web Lock it held ("alive").
"use strict";

const pages = new Map(); // port -> { games: Map<gameId, { seq, chat }>, token, lobby }
let current = null; // the open connection: { key, controller, games: Set, at, chatAt }
let planned = null; // a pending reconciliation (pages change in bursts)
let pause = 1000; // the wait before a reconnection after an error

// The lobby stream's messages (the quick-play seeks): to the pages that follow the lobby.
const LOBBY = new Set(["seeks", "seek_added", "seek_matched", "seek_removed"]);

self.onconnect = (event) => {
  const port = event.ports[0];
  pages.set(port, { games: new Map(), token: null, lobby: false });
  port.onmessage = (e) => receive(port, e.data);
  port.start();
};

/** Whether a page's position (``mine``; null: not followed) lies before the connection's. */
const behind = (mine, at) => mine !== null && mine < (at ?? Infinity);

function receive(port, message) {
  const page = pages.get(port);
  if (!page) return;
  if (message.op === "follow") {
    const chat = message.chat ?? null; // null: this page does not follow the game's chat
    page.games.set(message.game, { seq: message.since, chat });
    // A page further back than the connection: reconnect from there (others skip repeats).
    if (current?.games.has(message.game)
      && (behind(message.since, current.at.get(message.game)) || behind(chat, current.chatAt.get(message.game)))) current.key = null;
  } else if (message.op === "unfollow") page.games.delete(message.game);
  else if (message.op === "notices") page.token = message.token || null;
  else if (message.op === "lobby") page.lobby = Boolean(message.on);
  else if (message.op === "bye") return gone(port); // pagehide: closed, or into the cache
  else if (message.op === "alive") {
    // Granted once the page has let its lock go, which it does only by ending: closed,
    // crashed, or discarded while frozen, with or without its "bye".
    navigator.locks?.request(message.lock, () => gone(port));
  }
  plan();
}

/** A page that has gone: its games, notices and lobby go with it. */
function gone(port) {
  if (!pages.delete(port)) return;
  // The last page may be frozen right after: let the connection go now, not in 30 ms.
  if (!pages.size) return reconcile();
  plan();
}

function plan() {
  if (planned === null) planned = setTimeout(() => { planned = null; reconcile(); }, 30);
}

/** What the pages need now: the games, the oldest position per game (and, for a game whose
 * chat a page follows, the oldest chat id), the player token, the lobby. */
function wanted() {
  const since = new Map(), chat = new Map();
  let token = null, lobby = false;
  for (const page of pages.values()) {
    for (const [game, have] of page.games) {
      since.set(game, Math.min(have.seq, since.get(game) ?? Infinity));
      if (have.chat !== null) chat.set(game, Math.min(have.chat, chat.get(game) ?? Infinity));
    }
    if (page.token) token = page.token;
    lobby ||= page.lobby;
  }
  const key = JSON.stringify([[...since.keys()].sort(), [...chat.keys()].sort(), token, lobby]);
  return { since, chat, token, lobby, key };
}

function reconcile() {
  const want = wanted();
  if (current && current.key === want.key) return;
  current?.controller.abort();
  current = null;
  if (!want.since.size && !want.token && !want.lobby) return; // no page needs a stream: none is held
  open(want);
}

function open(want) {
  const controller = new AbortController();
  const conn = (current = {
    key: want.key, controller, games: new Set(want.since.keys()), at: new Map(want.since), chatAt: new Map(want.chat),
  });
  const headers = { Accept: "application/x-ndjson", "Content-Type": "application/json" };
  if (want.token) headers.Authorization = `Bearer ${want.token}`;
  const body = JSON.stringify({
    games: [...want.since.keys()], since: Object.fromEntries(want.since), chat: Object.fromEntries(want.chat), lobby: want.lobby,
  });
  read(conn, fetch("/api/v1/stream", { method: "POST", headers, body, signal: controller.signal }));
}

async function read(conn, request) {
  let failed = null;
  try {
    const resp = await request;
    if (resp.status === 204) { // every game over, and the pages had all of it
      drop(conn, [...conn.games]);
      if (conn === current) current = null;
      return;
    }
    if (resp.status >= 400 && resp.status < 500 && resp.status !== 429) failed = resp.status;
    else if (resp.ok && resp.body) {
      const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        // Only whole lines count: a line cut off by a dropped connection is read again
        // after the resume, from the positions the whole ones moved.
        while ((end = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, end).trim();
          buffer = buffer.slice(end + 1);
          if (line && conn === current) deliver(conn, JSON.parse(line));
        }
        pause = 1000;
      }
    }
  } catch (err) {
    if (conn.controller.signal.aborted) return;
  }
  if (conn !== current) return;
  current = null;
  if (failed) {
    // Refused for good (an unknown game, a token no longer valid): the pages poll instead.
    for (const port of pages.keys()) port.postMessage({ type: "failed", status: failed });
    return;
  }
  for (const port of pages.keys()) port.postMessage({ type: "dropped" });
  setTimeout(reconcile, pause); // dropped or ended: resume from the pages' positions
  pause = Math.min(pause * 2, 30000);
}

/** One message of the stream to the pages it concerns. */
function deliver(conn, message) {
  const { type, data } = message;
  if (type === "heartbeat" || type === "following") return;
  if (type === "entry") {
    conn.at.set(data.game_id, data.seq);
    for (const [port, page] of pages) {
      const have = page.games.get(data.game_id);
      if (have === undefined || have.seq >= data.seq) continue; // not followed here, or had it
      have.seq = data.seq;
      port.postMessage(message);
    }
  } else if (type === "chat") {
    conn.chatAt.set(data.game_id, data.id);
    for (const [port, page] of pages) {
      const have = page.games.get(data.game_id);
      if (have === undefined || have.chat === null || have.chat >= data.id) continue;
      have.chat = data.id;
      port.postMessage(message);
    }
  } else if (type === "state" || type === "end") {
    for (const [port, page] of pages) if (page.games.has(data.id)) port.postMessage(message);
    if (type === "end") drop(conn, [data.id]);
  } else if (LOBBY.has(type)) {
    for (const [port, page] of pages) if (page.lobby) port.postMessage(message);
  } else {
    for (const [port, page] of pages) if (page.token) port.postMessage(message); // notices
  }
}

/** Games the server stopped following (ended): no page follows them on this connection. */
function drop(conn, games) {
  for (const game of games) {
    conn.games.delete(game);
    for (const page of pages.values()) page.games.delete(game);
  }
  conn.key = wanted().key; // the set shrank on both sides: no reconnection for that
}
