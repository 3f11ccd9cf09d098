// The replay viewer of a game: steps through the log entry by entry and has the whole
// table (board, players, market, ladder: ``drawTable``) drawn as it stood after each one (GET /games/{id}/positions: the server replays the engine, so
// food, amoebas, damage, scores and the environment card are exact), with the entry's
// sentences beside it. Positions come a page at a time (up to 100 around the step asked
// for) and are kept, so stepping either way mostly costs no request.
import { call } from "./api.js";
import { h, put } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { openReview } from "./review.js";
import { entryLines } from "./words.js";

export async function openReplay(box, gameId, drawTable) {
  const entries = [];
  for (let since = 0; ;) {
    const page = (await call(`/games/${gameId}/events?since=${since}&limit=500`)).data;
    entries.push(...page.items);
    if (page.next_since == null) break;
    since = page.next_since;
  }
  box.hidden = false;
  const button = (id, ...content) => h("button", { type: "button", id }, ...content);
  put(box, h("h2", { id: "rp-heading" }, t("replay")),
    h("div", { class: "actions" }, button("rp-first", icon("first"), ` ${t("rp_start")}`), button("rp-prev", icon("prev"), ` ${t("rp_back")}`),
      " ", button("rp-next", `${t("rp_next")} `, icon("next")), button("rp-last", `${t("rp_end")} `, icon("last")),
      " ", h("span", { id: "rp-pos", "aria-live": "polite" })),
    " ", h("ol", { class: "log", id: "rp-log", tabindex: 0, "aria-labelledby": "rp-heading" }),
    h("div", { id: "rp-review" }));
  const positions = new Map();
  const position = async (seq) => {
    if (!positions.has(seq)) {
      const from = Math.max(0, seq - 50); // the server clips `to` at the log's end
      const page = (await call(`/games/${gameId}/positions?from=${from}&to=${from + 99}`)).data;
      for (const p of page.items) positions.set(p.seq, p.state);
    }
    return positions.get(seq);
  };
  let at = 0;
  let shown = -1;
  const show = async () => {
    const want = at;
    const seq = want ? entries[want - 1].seq : 0;
    const state = await position(seq);
    if (want !== at) return; // a later click already asked for another step
    drawTable(state, at ? entries[at - 1] : null);
    box.querySelector("#rp-pos").textContent = t("rp_pos", { at, of: entries.length });
    const entry = at ? entries[at - 1] : null;
    put(box.querySelector("#rp-log"), (entry ? entryLines(entry) : [t("rp_setup")]).map((l) => h("li", {}, l)), review.marks(entry));
    shown = at;
    box.dataset.shown = String(shown);
  };
  const go = (n) => { at = Math.max(0, Math.min(entries.length, n)); show(); };
  // The review's flagged decisions step the replay to their entry (the position after it,
  // with the mark and the better action under its sentences).
  const review = openReview(box.querySelector("#rp-review"), gameId, (seq) => go(entries.findIndex((e) => e.seq === seq) + 1));
  document.addEventListener("review-ready", () => { if (shown >= 0) show(); });
  box.querySelector("#rp-first").onclick = () => go(0);
  box.querySelector("#rp-prev").onclick = () => go(at - 1);
  box.querySelector("#rp-next").onclick = () => go(at + 1);
  box.querySelector("#rp-last").onclick = () => go(entries.length);
  box.addEventListener("keydown", (ev) => { if (ev.key === "ArrowRight") go(at + 1); if (ev.key === "ArrowLeft") go(at - 1); });
  await show();
  box.querySelector("#rp-next").focus();
}
