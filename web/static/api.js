// The REST API as the client uses it, and the seat tokens this browser keeps.
const BASE = "/api/v1";

export class ApiError extends Error {
  constructor(problem) { super(problem.detail || problem.title || "request failed"); this.problem = problem; }
}

export async function call(path, { method = "GET", body, token, headers = {} } = {}) {
  const h = { Accept: "application/json", ...headers };
  if (body !== undefined) h["Content-Type"] = "application/json";
  if (token) h.Authorization = `Bearer ${token}`;
  const resp = await fetch(BASE + path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
  if (resp.status === 304) return { notModified: true, etag: resp.headers.get("ETag") };
  const data = resp.status === 204 ? null : await resp.json();
  if (!resp.ok) throw new ApiError(data || { title: resp.statusText });
  return { data, etag: resp.headers.get("ETag"), headers: resp.headers };
}

let rulesPromise = null;
/** GET /rules once per page: the board, compass, genes and bot levels. */
export function rules() {
  rulesPromise ??= call("/rules").then((r) => r.data);
  return rulesPromise;
}

// Seat tokens: localStorage "ursuppe.seats" = {gameId: {seat, token, name, joined}}.
const KEY = "ursuppe.seats";
export function mySeats() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}
export function seatFor(gameId) { return mySeats()[gameId] || null; }
export function keepSeat(gameId, seat, token, name) {
  const all = mySeats();
  all[gameId] = { seat, token, name, joined: new Date().toISOString() };
  localStorage.setItem(KEY, JSON.stringify(all));
}
export function forgetSeat(gameId) {
  const all = mySeats(); delete all[gameId]; localStorage.setItem(KEY, JSON.stringify(all));
}

export function newKey() {
  return crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now();
}
