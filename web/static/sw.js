// The service worker: the site's static files (scripts, styles, icons, the offline page)
// from a cache, so that a page opens at once and its scripts load without the network; the
// pages themselves from the network, with the offline page instead of the browser's error
// when there is none. Everything else (the API, its live streams) never passes through
// here: the worker does not answer those requests, so the browser sends them as without it.
// It also shows the player's Web Push notices (a turn, a game's end) and opens the game
// when one is clicked (docs/api.md, "Notices by email and push").
const CACHE = "ursuppe-static-v2";
const STATIC = "/web/static/";
const VENDOR = "/web/vendor/"; // the npm packages the client loads (Fluent), served by web/__init__.py
const OFFLINE = "/web/static/offline.html";
// What the offline page needs, cached when the worker installs.
const OFFLINE_FILES = [
  OFFLINE, "/web/static/offline.js", "/web/static/i18n.js", "/web/static/style.css",
  "/web/static/favicon.svg", ...["en", "de", "nl", "es", "fr"].map((l) => `/web/static/lang/${l}.ftl`),
  ...["index", "bundle", "resource", "resolver", "scope", "types", "builtins", "memoizer"]
    .map((m) => `/web/vendor/fluent/${m}.js`),
];
// The pages (answered by web/__init__.py): every other same-origin navigation is left alone.
const PAGES = /^\/(lobby|account|leaderboard|email|tournaments(\/[^/]+)?|players\/[^/]+|game\/[^/]+)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(OFFLINE_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

/** A static file: the cached copy at once, refreshed from the network for the next time
 * (stale-while-revalidate); the network's answer when there is no copy yet. */
async function staticFile(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request, { ignoreSearch: true });
  const fresh = fetch(event.request).then((resp) => {
    if (resp.ok) cache.put(event.request, resp.clone());
    return resp;
  });
  if (!cached) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return cached;
}

/** A page: from the network; the offline page when the network cannot be reached. */
async function page(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE)) ?? Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PAGES.test(url.pathname)) event.respondWith(page(request));
  else if (url.pathname.startsWith(STATIC) || url.pathname.startsWith(VENDOR)) event.respondWith(staticFile(event));
});

/** A push from the server (service/notices.py): {title, body, url, tag}, already in the
 * player's language. One notice per tag: a newer one about the same game replaces it. */
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data?.text() }; }
  event.waitUntil(self.registration.showNotification(data.title || "Ursuppe", {
    body: data.body || "", tag: data.tag, data: { url: data.url || "/account" },
    icon: "/web/static/icons/icon-192.png", badge: "/web/static/favicon.svg",
  }));
});

/** A click on a notice: the game's tab if one is open, else a new one. */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/account", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
    const open = tabs.find((tab) => tab.url === url);
    return open ? open.focus() : self.clients.openWindow(url);
  }));
});
