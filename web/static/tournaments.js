// The tournaments page (GET /tournaments): upcoming, running and finished ones, each name
// linking to its page; private ones appear to their organiser and entrants (the request
// carries this browser's player token when it has one). The organiser's form to create
// one is tournament-form.js's.
import { call, myPlayer } from "./api.js";
import { h, put } from "./dom.js";
import { t, translatePage } from "./i18n.js";
import { followTurns, setTitle } from "./notify.js";
import { setUpOrganiseForm } from "./tournament-form.js";
import { formatText, termsText, when } from "./tournament-words.js";

const $ = (id) => document.getElementById(id);

async function section(status) {
  const token = myPlayer()?.token;
  const items = (await call(`/tournaments?status=${status}`, { token })).data.items;
  const table = $(status).querySelector("table");
  if (!items.length) {
    put(table, h("tr", {}, h("td", { class: "muted" }, t("tn_none"))));
    return;
  }
  put(table,
    h("tr", {}, ["tn_th_name", "tn_th_format", "tn_th_game", "tn_th_when", "tn_th_entrants"].map((k) => h("th", {}, t(k)))),
    items.map((x) => h("tr", { class: "tournament", "data-id": x.id },
      h("td", {}, h("a", { href: `/tournaments/${x.id}` }, x.name)),
      h("td", {}, formatText(x)),
      h("td", {}, termsText(x)),
      h("td", {}, when(status === "finished" ? x.finished_at : status === "running" ? x.started_at : x.starts_at)),
      h("td", { class: "num" }, String(x.entrants)))));
}

async function main() {
  translatePage();
  setTitle(document.title);
  followTurns();
  setUpOrganiseForm();
  await Promise.all(["upcoming", "running", "finished"].map(section));
  document.body.dataset.ready = "1";
}

main();
