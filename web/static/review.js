// The review of a finished game in the replay (GET /games/{id}/review; docs/ai.md, "Game
// review"): each player's accuracy and flagged decisions, a list of those decisions that
// steps the replay to them, and the mark beside the replay's log entry with the action the
// search preferred. A game nobody had reviewed gets a button that asks for it (POST); while
// a worker reviews it the panel asks again every few seconds.
import { ApiError, call } from "./api.js";
import { h, put } from "./dom.js";
import { t } from "./i18n.js";
import { describeAction, seatName } from "./words.js";

const POLL_MS = 3000;
const POLLS = 100; // five minutes: a review's bound with room (docs/ai.md)
const CLASSES = ["blunder", "mistake", "inaccuracy"];

/** The review panel in `box`; `jump(seq)` steps the replay to a log entry. Returns
 * `marks(entry)`: the list items the replay adds under the entry's sentences. */
export function openReview(box, gameId, jump) {
  const flagged = new Map(); // seq -> decision
  const url = `/games/${gameId}/review`;
  let polls = 0;

  const summary = (doc) => {
    const head = ["th_player", "rv_accuracy", "rv_inaccuracies", "rv_mistakes", "rv_blunders"].map((k) => h("th", {}, t(k)));
    const rows = doc.players.map((p) => h("tr", { "data-seat": p.seat },
      h("td", {}, seatNameOfPlayer(doc, p.seat)),
      h("td", {}, p.accuracy == null ? "–" : `${p.accuracy.toFixed(1)}`),
      h("td", {}, String(p.inaccuracies)), h("td", {}, String(p.mistakes)), h("td", {}, String(p.blunders))));
    return h("table", { id: "rv-players" }, h("tr", {}, head), rows);
  };

  const list = (doc) => {
    const items = doc.decisions.filter((d) => d.class).map((d) => h("li", {},
      button({ class: `rv-jump rv-${d.class}`, "data-seq": d.seq }, () => jump(d.seq),
        t("rv_item", { seq: d.seq, seat: seatName(d.colour), what: t(`rv_${d.class}`), loss: d.loss.toFixed(2) }))));
    return items.length ? h("ol", { class: "log", id: "rv-flagged" }, items) : h("p", {}, t("rv_none"));
  };

  const ready = (doc) => {
    for (const d of doc.decisions) if (d.class) flagged.set(d.seq, d);
    put(box, h("h3", {}, t("rv_title")), h("p", { class: "muted" }, t("rv_explain", {
      inaccuracy: doc.thresholds.inaccuracy, mistake: doc.thresholds.mistake, blunder: doc.thresholds.blunder })),
    summary(doc), list(doc));
    box.dataset.review = "ready";
    document.dispatchEvent(new CustomEvent("review-ready"));
  };

  const pending = () => {
    put(box, h("h3", {}, t("rv_title")), h("p", { "aria-live": "polite" }, t("rv_pending")));
    box.dataset.review = "pending";
    if (polls++ < POLLS) setTimeout(load, POLL_MS);
  };

  const ask = async () => {
    try {
      const r = await call(url, { method: "POST" });
      if (r.data.status === "ready") return load();
      pending();
    } catch (err) {
      put(box, h("h3", {}, t("rv_title")), h("p", { role: "alert" }, err instanceof ApiError ? err.message : String(err)));
    }
  };

  async function load() {
    try {
      ready((await call(url)).data);
    } catch (err) {
      const code = err instanceof ApiError ? err.problem?.code : null;
      if (code === "review_pending") return pending();
      if (code === "review_not_found") {
        put(box, h("h3", {}, t("rv_title")), h("p", {}, t("rv_missing")),
          button({ id: "rv-ask" }, ask, t("rv_ask")));
        box.dataset.review = "missing";
        return;
      }
      put(box, h("h3", {}, t("rv_title")), h("p", { role: "alert" }, err instanceof ApiError ? err.message : String(err)));
    }
  }

  // Asked for, not loaded with the page: an unreviewed game answers 404 and one being
  // reviewed 409, which the browser reports as failed loads on every replay.
  put(box, h("h3", {}, t("rv_title")), button({ id: "rv-show" }, load, t("rv_show")));
  box.dataset.review = "closed";
  return {
    /** The mark of a flagged decision: its class, what it lost, the better action. */
    marks(entry) {
      const d = entry && flagged.get(entry.seq);
      if (!d) return [];
      const better = d.best ? describeAction(d.best) : "";
      return [h("li", { class: `review-mark rv-${d.class}`, "data-seq": d.seq },
        t("rv_mark", { what: t(`rv_${d.class}`), loss: d.loss.toFixed(2), better }))];
    },
  };
}

/** A button that runs `handler` when clicked (a listener: the CSP allows no inline ones). */
function button(attrs, handler, ...content) {
  const el = h("button", { type: "button", ...attrs }, ...content);
  el.addEventListener("click", handler);
  return el;
}

function seatNameOfPlayer(doc, seat) {
  const d = doc.decisions.find((x) => x.seat === seat);
  return d ? seatName(d.colour) : `#${seat + 1}`;
}
