// The consent page of OAuth 2 (docs/api.md, "Acting for players: OAuth 2"): a site sent the
// person here with its request in the query string. The page shows which site asks, where
// the answer goes back to and what the site may then do, in plain words; the person answers
// as this browser's player (or signs in with a code first). The decision goes to the API
// with the player's token in the Authorization header and the ticket of the request shown;
// the answer says where to send the person: the site's address with the code, or with
// access_denied. A request that cannot be granted is never followed without a click.
import { ApiError, call, keepPlayer, myPlayer } from "./api.js";
import { h, put } from "./dom.js";
import { t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const QUERY = location.search;

/** A refusal in the page's language when the client knows its code, else the server's words. */
function fail(err) {
  if (!(err instanceof ApiError)) throw err;
  const key = `authorize_${err.problem?.code}`;
  const fallback = `account_${err.problem?.code}`;
  $("authorize-error").textContent = t(key) !== key ? t(key) : t(fallback) !== fallback ? t(fallback) : err.message;
}

/** Where the person goes back to, as people read addresses: the scheme and host. */
function origin(uri) {
  try { return new URL(uri).origin; } catch { return uri; }
}

function refused(err) {
  $("consent").hidden = true;
  $("refused").hidden = false;
  const problem = err.problem || {};
  $("refused-why").textContent = problem.detail || err.message;
  if (problem.redirect_to) {
    $("back").href = problem.redirect_to;
    $("back").hidden = false;
  }
}

async function decide(shown, approve) {
  $("authorize-error").textContent = "";
  for (const b of [$("approve"), $("deny")]) b.disabled = true;
  try {
    const { data } = await call(`/oauth/authorization${QUERY}`, {
      method: "POST",
      token: myPlayer().token,
      body: { approve, consent: shown.consent },
    });
    location.assign(data.redirect_to);
  } catch (err) {
    for (const b of [$("approve"), $("deny")]) b.disabled = false;
    fail(err);
  }
}

function showPlayer() {
  const player = myPlayer();
  $("signed-in").hidden = !player;
  $("signed-out").hidden = Boolean(player);
  if (player) put($("answer-as"), t("authorize_answer_as", { name: player.name }));
}

function show(shown) {
  const site = shown.client_name || shown.client_id;
  put($("asks"), t("authorize_asks", { site }));
  put($("site-note"), shown.registered
    ? t("authorize_registered", { id: shown.client_id })
    : t("authorize_unverified"));
  put($("back-to"), t("authorize_back_to"), " ", h("strong", { id: "redirect-origin" }, origin(shown.redirect_uri)));
  put($("scopes"), shown.scopes.map((s) => h("li", { "data-scope": s }, t(`scope_${s.replace(":", "_")}`))));
  $("consent").hidden = false;
  showPlayer();
  $("approve").onclick = () => decide(shown, true);
  $("deny").onclick = () => decide(shown, false);
  $("signin").onsubmit = async (ev) => {
    ev.preventDefault();
    $("authorize-error").textContent = "";
    try {
      const { data } = await call("/players/signin", { method: "POST", body: { code: $("signin-code").value } });
      keepPlayer({ id: data.player.id, name: data.player.name, token: data.token });
      showPlayer();
    } catch (err) { fail(err); }
  };
}

async function main() {
  translatePage();
  try {
    show((await call(`/oauth/authorization${QUERY}`)).data);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    refused(err);
  }
}

main().finally(() => { document.body.dataset.ready = "1"; });
