// Your player on this browser: create one, sign in with a one-time code from another
// device, change the name, sign out; and the games and turns of the player, each of which
// can be continued here (the seat's token moves to this browser).
import { ApiError, call, forgetPlayer, keepPlayer, keepSeat, myPlayer, seatFor } from "./api.js";

const $ = (id) => document.getElementById(id);

function fail(err) {
  if (!(err instanceof ApiError)) throw err;
  $("account-error").textContent = err.message;
}

function cell(tr, content) {
  const td = document.createElement("td");
  td.append(content);
  tr.append(td);
}

/** A link that plays the seat here: with this browser's token, or a new one for it. */
function continueLink(gameId, seat, label) {
  const a = document.createElement("a");
  a.href = `/game/${gameId}`;
  a.textContent = label;
  a.onclick = async (ev) => {
    const kept = seatFor(gameId);
    if (kept && kept.seat === seat) return; // this browser already plays it
    ev.preventDefault();
    const player = myPlayer();
    try {
      const { data } = await call(`/games/${gameId}/seats/${seat}/token`, { method: "POST", token: player.token });
      keepSeat(gameId, seat, data.token, player.name);
      location.href = `/game/${gameId}`;
    } catch (err) { fail(err); }
  };
  return a;
}

async function lists(player) {
  const turns = (await call("/players/me/turns", { token: player.token })).data;
  const turnRows = $("my-turns");
  turnRows.innerHTML = turns.length ? "<tr><th>Game</th><th>Seat</th><th>Deadline</th></tr>" : "<tr><td class=muted>none</td></tr>";
  for (const t of turns) {
    const tr = document.createElement("tr");
    tr.className = "turn";
    cell(tr, continueLink(t.game_id, t.seat, `Play ${t.game_id.slice(0, 8)}`));
    cell(tr, `seat ${t.seat + 1}`);
    cell(tr, t.deadline_at ? new Date(t.deadline_at).toLocaleString() : "none");
    turnRows.append(tr);
  }
  const games = (await call("/players/me/games?page_size=20", { token: player.token })).data;
  const gameRows = $("player-games");
  gameRows.innerHTML = games.length ? "<tr><th>Game</th><th>Status</th></tr>" : "<tr><td class=muted>none</td></tr>";
  for (const g of games) {
    const tr = document.createElement("tr");
    const seat = g.seats.findIndex((s) => s.player_id === player.id);
    cell(tr, g.status === "finished" || seat < 0
      ? Object.assign(document.createElement("a"), { href: `/game/${g.id}?watch`, textContent: `View ${g.id.slice(0, 8)}` })
      : continueLink(g.id, seat, `Continue ${g.id.slice(0, 8)}`));
    cell(tr, g.status);
    gameRows.append(tr);
  }
  $("turns-card").hidden = $("games-card").hidden = false;
}

async function show() {
  $("account-error").textContent = "";
  const player = myPlayer();
  $("signed-out").hidden = Boolean(player);
  $("signed-in").hidden = !player;
  $("turns-card").hidden = $("games-card").hidden = true;
  if (!player) return;
  try {
    const { data } = await call("/players/me", { token: player.token });
    keepPlayer({ ...player, name: data.name });
    $("player-name").textContent = data.name;
    $("player-id").textContent = data.id;
    await lists(myPlayer());
  } catch (err) {
    if (err instanceof ApiError && err.problem?.code === "invalid_token") { forgetPlayer(); return show(); }
    fail(err);
  }
}

function main() {
  $("create-player").onsubmit = async (ev) => {
    ev.preventDefault();
    const name = $("new-name").value.trim();
    try {
      const { data } = await call("/players", { method: "POST", body: { name } });
      keepPlayer({ id: data.player.id, name, token: data.token });
      await show();
    } catch (err) { fail(err); }
  };
  $("signin").onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      const { data } = await call("/players/signin", { method: "POST", body: { code: $("signin-code").value } });
      keepPlayer({ id: data.player.id, name: data.player.name, token: data.token });
      await show();
    } catch (err) { fail(err); }
  };
  $("rename").onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      await call("/players/me", { method: "PATCH", token: myPlayer().token, body: { name: $("rename-name").value.trim() } });
      await show();
    } catch (err) { fail(err); }
  };
  $("issue-code").onclick = async () => {
    try {
      const { data } = await call("/players/me/signin-codes", { method: "POST", token: myPlayer().token });
      $("code").textContent = data.code;
      $("code-box").hidden = false;
    } catch (err) { fail(err); }
  };
  $("signout").onclick = async () => {
    try { await call("/players/me/token", { method: "DELETE", token: myPlayer().token }); } catch (err) { fail(err); }
    forgetPlayer();
    await show();
  };
  show().finally(() => { document.body.dataset.ready = "1"; });
}

main();
