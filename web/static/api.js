// The REST API as the client uses it, and the seat tokens this browser keeps.
import { lang } from "./i18n.js";

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
/** GET /rules once per page: the board, compass, genes and bot levels, and the rules
 * explained (`texts`) in the page's language. */
export function rules() {
  rulesPromise ??= call(`/rules?lang=${lang()}`).then((r) => r.data);
  return rulesPromise;
}

// Seat tokens: localStorage "ursuppe.seats" = {gameId: {seat, token, name, joined}}.
const KEY = "ursuppe.seats";
export function mySeats() {
  try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; }
}
export function seatFor(gameId) { return mySeats()[gameId] || null; }
/** The seat this browser plays in ``game``: its kept seat token, else a seat its player
 * holds, played with the player token (which acts in every seat its player holds). */
export function seatIn(game) {
  const kept = seatFor(game.id);
  if (kept) return kept;
  const player = myPlayer();
  const held = player?.token && game.seats.find((s) => s.player_id === player.id && !s.resigned);
  return held ? { seat: held.seat, token: player.token, name: player.name } : null;
}
export function keepSeat(gameId, seat, token, name) {
  const all = mySeats();
  all[gameId] = { seat, token, name, joined: new Date().toISOString() };
  localStorage.setItem(KEY, JSON.stringify(all));
}
export function forgetSeat(gameId) {
  const all = mySeats(); delete all[gameId]; localStorage.setItem(KEY, JSON.stringify(all));
}

// Invitation codes of the private games this browser created: localStorage
// "ursuppe.invitations" = {gameId: [{seat, code}]} (the server shows them only once).
const INVITES = "ursuppe.invitations";
export function keepInvitations(gameId, invitations) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(INVITES)) || {}; } catch { all = {}; }
  all[gameId] = invitations;
  localStorage.setItem(INVITES, JSON.stringify(all));
}
export function invitationsFor(gameId) {
  try { return (JSON.parse(localStorage.getItem(INVITES)) || {})[gameId] || null; } catch { return null; }
}

// Creator tokens of the games this browser created: localStorage "ursuppe.created" =
// {gameId: token} (shown once by POST /games; the creator's switches need it).
const CREATED = "ursuppe.created";
export function keepCreatorToken(gameId, token) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(CREATED)) || {}; } catch { all = {}; }
  all[gameId] = token;
  localStorage.setItem(CREATED, JSON.stringify(all));
}
export function creatorTokenFor(gameId) {
  try { return (JSON.parse(localStorage.getItem(CREATED)) || {})[gameId] || null; } catch { return null; }
}

export function newKey() {
  return crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2) + Date.now();
}

// This browser's player: localStorage "ursuppe.player" = {id, name, token}. Created on the
// first game this browser creates (games with search bots need a player, docs/api.md).
const PLAYER_KEY = "ursuppe.player";
export function myPlayer() {
  try { return JSON.parse(localStorage.getItem(PLAYER_KEY)); } catch { return null; }
}
export function keepPlayer(player) { localStorage.setItem(PLAYER_KEY, JSON.stringify(player)); }
export function forgetPlayer() { localStorage.removeItem(PLAYER_KEY); }
export async function playerToken(name) {
  const kept = myPlayer();
  if (kept?.token) return kept.token;
  const created = (await call("/players", { method: "POST", body: { name } })).data;
  keepPlayer({ id: created.player.id, name, token: created.token });
  return created.token;
}
/** ``call`` as this browser's player; a player the server no longer knows is made anew once. */
export async function callAsPlayer(path, options, name) {
  try {
    return await call(path, { ...options, token: await playerToken(name) });
  } catch (err) {
    if (!(err instanceof ApiError) || err.problem?.code !== "invalid_token") throw err;
    forgetPlayer();
    return call(path, { ...options, token: await playerToken(name) });
  }
}

/** Every player this browser's player blocked (GET /players/me/blocks, all its pages):
 * [{player_id, name, created_at}], the latest first. */
export async function myBlocks(token) {
  const blocks = [];
  for (let page = 1; ; page++) {
    const items = (await call(`/players/me/blocks?page=${page}&page_size=100`, { token })).data;
    blocks.push(...items);
    if (items.length < 100) return blocks;
  }
}
