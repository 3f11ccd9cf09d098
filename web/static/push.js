// Web Push on this browser: the notices the player chose (its turn in a correspondence
// game, a game's end) shown by the service worker (sw.js) while no page of the site is
// open. The page asks the browser's permission once, when the player clicks; a "no" is
// kept and not asked again. localStorage "ursuppe.push" = the subscription's id here.
import { ApiError, call, myPlayer } from "./api.js";
import { h, put } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "ursuppe.push";

/** The VAPID key's base64url as the bytes PushManager.subscribe wants. */
function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

async function subscribe(player, publicKey) {
  if (await Notification.requestPermission() !== "granted") return;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const { data } = await call("/players/me/push-subscriptions", { method: "POST", token: player.token, body: subscription.toJSON() });
  localStorage.setItem(KEY, data.id);
}

async function unsubscribe(player) {
  const id = localStorage.getItem(KEY);
  localStorage.removeItem(KEY);
  const registration = await navigator.serviceWorker.ready;
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  if (id) {
    try { await call(`/players/me/push-subscriptions/${id}`, { method: "DELETE", token: player.token }); } catch (err) {
      if (!(err instanceof ApiError)) throw err; // already gone there
    }
  }
}

/** The push line of the account page in ``box``: a button, or how push stands here. */
export async function pushControl(box, available, fail) {
  const player = myPlayer();
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!player || !available || !supported) { put(box, h("span", { class: "muted" }, t("push_unsupported"))); return; }
  if (Notification.permission === "denied") { put(box, h("span", {}, t("push_blocked"))); return; }
  const redraw = () => pushControl(box, available, fail);
  const act = (fn) => async () => {
    try { await fn(); } catch (err) {
      if (err instanceof ApiError) fail(err);
      else put(box, h("span", {}, t("push_failed")));
      return;
    }
    await redraw();
  };
  if (localStorage.getItem(KEY) && Notification.permission === "granted") {
    const stop = h("button", { type: "button", id: "push-off" }, t("push_off"));
    stop.onclick = act(() => unsubscribe(player));
    put(box, h("span", { id: "push-status" }, t("push_on")), stop);
    return;
  }
  const start = h("button", { type: "button", id: "push-on" }, t("push_ask"));
  start.onclick = act(async () => {
    const { data } = await call("/notices/push-key");
    await subscribe(player, data.public_key);
  });
  put(box, start);
}
