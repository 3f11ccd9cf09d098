// What acts for this browser's player: its sign-ins on devices, the sites it approved
// (OAuth 2; a site approved again is still one row) and its personal access tokens, each with what it may do, when it was made and
// last used, and a button that revokes it at once; a form that makes a personal access
// token with the scopes chosen (shown once); and the sites the player registered (OAuth
// clients that keep a secret), with a form that registers one (its secret shown once).
// docs/api.md, "Acting for players: OAuth 2".
import { ApiError, call, myPlayer } from "./api.js";
import { h, put, tn } from "./dom.js";
import { lang, t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SCOPES = [
  "profile:read", "profile:write", "game:create", "game:play", "seek:write", "challenge:read", "challenge:write",
  "tournament:enter", "tournament:organise", "label:organise", "webhook:manage", "bot:play",
];

/** A refusal in the page's words where it has some for the code (``tokens_<code>``, or
 * ``clients_<code>`` for the sites' form), else the service's message. */
function fail(err, form = "tokens") {
  if (!(err instanceof ApiError)) throw err;
  const key = `${form}_${err.problem?.code}`;
  $("tokens-error").textContent = t(key) === key ? err.message : t(key);
}

const words = (scope) => t(`scope_${scope.replace(":", "_")}`);
const when = (iso) => (iso ? new Date(iso).toLocaleString(lang()) : t("tokens_never"));

function what(token) {
  if (token.kind === "device") return token.current ? t("tokens_this_browser") : t("tokens_kind_device");
  if (token.kind === "personal") return t("tokens_kind_personal", { label: token.label || "" });
  const site = token.client_name || token.client_id;
  let where = "";
  try { where = token.redirect_uri ? new URL(token.redirect_uri).host : ""; } catch { where = ""; }
  const named = t("tokens_kind_oauth", { site, where });
  // Only a site approved twice or more says how often (so the words need no singular).
  return token.ids.length > 1 ? `${named} · ${t("tokens_approved", { n: token.ids.length })}` : named;
}

/** The tokens as the page lists them: a site approved more than once is one row (each
 * approval gave it a token): what any of them may do, the first made, the last used; its
 * "Revoke" revokes them all. ``ids``: the tokens a row stands for. */
function grouped(tokens) {
  const rows = [], sites = new Map();
  for (const token of tokens) {
    const same = token.kind === "oauth" ? sites.get(token.client_id) : undefined;
    if (!same) {
      const row = { ...token, ids: [token.id] };
      rows.push(row);
      if (token.kind === "oauth") sites.set(token.client_id, row);
      continue;
    }
    same.ids.push(token.id);
    same.scopes = same.scopes && token.scopes ? [...new Set([...same.scopes, ...token.scopes])] : null;
    if (token.created_at < same.created_at) same.created_at = token.created_at;
    if ((token.last_used_at || "") > (same.last_used_at || "")) same.last_used_at = token.last_used_at;
  }
  return rows;
}

// Each cell names its column too: a narrow screen shows a row as a card (style.css).
const cell = (key, content) => h("td", { "data-label": key ? t(key) : null }, content);
/** A table's header row from its columns' text keys ("": a column without a heading). */
const headRow = (keys) => h("tr", {}, keys.map((k) => h("th", {}, k ? t(k) : "")));

function row(token) {
  const scopes = token.scopes
    ? h("ul", { class: "scopes" }, token.scopes.map((s) => h("li", {}, words(s))))
    : t("tokens_all_scopes");
  const revoke = token.current
    ? ""
    : h("button", { type: "button", class: "revoke", "data-token": token.id }, t("tokens_revoke"));
  if (revoke) revoke.onclick = () => revokeTokens(token.ids);
  return h("tr", { class: `token token-${token.kind}`, "data-token": token.id },
    cell(null, what(token)), cell("tokens_th_scopes", scopes),
    cell("tokens_th_created", when(token.created_at)),
    cell("tokens_th_last_used", when(token.last_used_at)), cell(null, revoke));
}

async function list() {
  const { data } = await call("/players/me/tokens", { token: myPlayer().token });
  const head = headRow(["tokens_th_what", "tokens_th_scopes", "tokens_th_created", "tokens_th_last_used", ""]);
  put($("tokens"), head, grouped(data).map(row));
}

async function revokeTokens(ids) {
  $("tokens-error").textContent = "";
  try {
    for (const id of ids) {
      await call(`/players/me/tokens/${encodeURIComponent(id)}`, { method: "DELETE", token: myPlayer().token });
    }
    await list();
  } catch (err) { fail(err); }
}

function scopeChoice() {
  const box = $("token-scopes");
  for (const scope of SCOPES) {
    const id = `scope-${scope.replace(":", "-")}`;
    box.append(h("label", { class: "scope-option" }, h("input", { type: "checkbox", id, value: scope }), " ", words(scope)));
  }
}

async function create(ev) {
  ev.preventDefault();
  $("tokens-error").textContent = "";
  const scopes = [...$("token-scopes").querySelectorAll("input:checked")].map((i) => i.value);
  try {
    const { data } = await call("/players/me/tokens", {
      method: "POST",
      token: myPlayer().token,
      body: { label: $("token-label").value.trim(), scopes },
    });
    put($("new-token-box"), tn("tokens_created", { token: h("code", { id: "new-token-value", class: "code" }, data.token) }));
    $("new-token-box").hidden = false;
    $("new-token").reset();
    await list();
  } catch (err) { fail(err); }
}

/** A registered site: its client id, redirect addresses and a button that deletes it
 * (every token it was given stops working). */
function clientRow(c) {
  const remove = h("button", { type: "button", class: "delete-client", "data-client": c.client_id }, t("clients_delete"));
  remove.onclick = () => deleteClient(c.client_id);
  return h("tr", { class: "client", "data-client": c.client_id },
    cell(null, c.name), cell("clients_th_id", h("code", {}, c.client_id)),
    cell("clients_th_redirects", h("ul", { class: "scopes" }, c.redirect_uris.map((u) => h("li", {}, u)))),
    cell("tokens_th_created", when(c.created_at)), cell(null, remove));
}

/** The sites this player registered. */
async function listClients() {
  const { data } = await call("/players/me/oauth-clients", { token: myPlayer().token });
  const head = headRow(["clients_th_site", "clients_th_id", "clients_th_redirects", "tokens_th_created", ""]);
  put($("clients"), data.length ? [head, data.map(clientRow)] : h("tr", {}, h("td", { class: "muted" }, t("clients_none"))));
}

async function deleteClient(id) {
  $("tokens-error").textContent = "";
  try {
    await call(`/players/me/oauth-clients/${encodeURIComponent(id)}`, { method: "DELETE", token: myPlayer().token });
    $("new-client-box").hidden = true;
    await Promise.all([listClients(), list()]);
  } catch (err) { fail(err); }
}

async function register(ev) {
  ev.preventDefault();
  $("tokens-error").textContent = "";
  const redirects = $("client-redirects").value.split("\n").map((u) => u.trim()).filter(Boolean);
  try {
    const { data } = await call("/players/me/oauth-clients", {
      method: "POST",
      token: myPlayer().token,
      body: { name: $("client-name").value.trim(), redirect_uris: redirects },
    });
    put($("new-client-box"), tn("clients_created", {
      id: h("code", { id: "new-client-id" }, data.client.client_id),
      secret: h("code", { id: "new-client-secret", class: "code" }, data.client_secret),
    }));
    $("new-client-box").hidden = false;
    $("new-client").reset();
    await listClients();
  } catch (err) { fail(err, "clients"); }
}

async function main() {
  translatePage();
  const player = myPlayer();
  $("signed-out").hidden = Boolean(player);
  if (!player) return;
  scopeChoice();
  $("new-token").onsubmit = create;
  $("new-client").onsubmit = register;
  try {
    await Promise.all([list(), listClients()]);
    $("tokens-card").hidden = $("new-card").hidden = $("clients-card").hidden = false;
  } catch (err) { fail(err); }
}

main().finally(() => { document.body.dataset.ready = "1"; });
