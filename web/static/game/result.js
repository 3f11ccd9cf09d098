// The end: the final ranking with why the game ended, and the replay (replay.js) drawing
// its positions on the whole table.
import { chip } from "../board.js";
import { h, put } from "../dom.js";
import { endExplanation } from "../help.js";
import { t } from "../i18n.js";
import { touched } from "./log.js";
import { $ } from "./state.js";
import { colours, drawTable, playerName } from "./table.js";

export function renderResult(view) {
  const { game, gameId } = view;
  const res = game.result;
  const box = $("result");
  if (game.status !== "finished" || !res) { box.hidden = true; return; }
  box.hidden = false;
  const all = colours(game);
  const rows = res.ranking.map((player, i) => {
    const own = all.filter((c) => c.player === player);
    const sum = (f) => own.reduce((n, c) => n + (f(c.state) ?? 0), 0);
    return h("tr", { "data-player": player }, h("td", {}, `${i + 1}.`), h("td", {}, own.map((c) => chip(c.colour)), ` ${playerName(game.seats[player])}`),
      h("td", {}, own.map((c) => res.scores[c.colour]).join(" / ")), h("td", {}, sum((s) => s?.amoebas.length)), h("td", {}, sum((s) => s?.genes.length)));
  });
  const head = ["th_place", "th_player", "th_score", "th_amoebas", "th_genes"].map((k) => h("th", {}, t(k)));
  put(box, h("h2", {}, t("final_ranking")), endExplanation(view.endReason), h("table", { id: "ranking" }, h("tr", {}, head), rows),
    h("p", {}, h("button", { type: "button", id: "replay-open" }, t("replay_open"))));
  $("replay-open").onclick = () => import("../replay.js").then((m) => m.openReplay($("replay"), gameId, (state, entry) => showPosition(view, state, entry)));
}

/** The replay's position on the whole table: board, players, market and ladder. The game is
 * over, so nothing live draws over it. */
function showPosition(view, state, entry) {
  drawTable(view, state, entry ? touched(entry) : { fields: new Set(), amoebas: new Set() });
}
