// Teaching at the table: gene cards, each decision's help, the phase track, the legends and
// why the game ended. Every explanation is GET /rules `texts` in the page's language: this
// module knows where to show a text, never a rule.
import { frag, h, put } from "./dom.js";
import { foodMark } from "./icons.js";
import { t } from "./i18n.js";

let texts = null;
let genes = {};
const SEEN_KEY = "ursuppe.help.seen";

/** Use the texts of one GET /rules answer (its `texts`). */
export function setTexts(tx) {
  texts = tx;
  genes = Object.fromEntries(tx.genes.map((g) => [g.id, g]));
}
export const textsLoaded = () => Boolean(texts);

/** A gene's name as this language's rule text prints it. */
export function geneName(id) { return genes[id]?.name ?? id; }

/** A gene's row of GET /rules `texts.genes` (price, mp, replaces, ...). */
export const geneInfo = (id) => genes[id];

/** Mutation points of a list of gene ids. */
export function mpOf(ids) { return ids.reduce((sum, id) => sum + (genes[id]?.mp ?? 0), 0); }

export function phaseName(id) {
  return texts?.phases.find((p) => p.id === String(id))?.name ?? String(id);
}

function cardBody(g) {
  const list = (ids) => ids.map(geneName).join(", ");
  const extra = [
    `${t("acts_in")}: ${g.phases.map((p) => `${t("phase")} ${p} (${phaseName(p)})`).join(", ")}`,
    g.replaces.length ? `${t("hands_in")}: ${list(g.replaces)}` : "",
    g.interacts.length ? `${t("works_with")}: ${list(g.interacts)}` : "",
  ].filter(Boolean);
  return [h("strong", {}, g.name), " ", h("span", { class: "gene-meta" }, `${g.price} ${t("bp")} · ${g.mp} ${t("mp")}`),
    h("span", { class: "gene-does" }, g.does), extra.map((x) => h("span", { class: "gene-extra" }, x))];
}

/** A gene's name that opens its card on hover, on tap and on keyboard focus (an element). */
export function geneRef(id) {
  const g = genes[id];
  if (!g) return document.createTextNode(id);
  return h("span", { class: "gene-ref", tabindex: "0", "data-gene": id }, g.name, h("span", { class: "gene-card", role: "tooltip" }, cardBody(g)));
}

/** Several genes' names (each opening its card), comma-separated; ``empty`` when none. */
export function geneRefs(ids, empty = "") {
  return ids.length ? frag(ids.map((id, i) => [i ? ", " : null, geneRef(id)])) : empty;
}

export function decisionTitle(kind) { return texts?.decisions[kind]?.title ?? kind; }

// Which general topic each decision kind is also explained by.
const TOPICS = { feed: ["feeding"], place_amoeba: ["placement", "first_amoebas"], divide: ["placement"],
  pay_defect: ["defects"], buy_genes: ["mutation_points", "ozone", "defects"], start_space: ["scoring"] };

function seen() { try { return new Set(JSON.parse(localStorage.getItem(SEEN_KEY)) || []); } catch { return new Set(); } }

/** Forget which helps were dismissed, so every kind explains itself again ("Learn to play"). */
export function resetHelp() { localStorage.removeItem(SEEN_KEY); }

/** The help of a decision kind: open until dismissed once on this browser, then folded. */
export function decisionHelp(kind) {
  const box = document.createElement("details");
  box.className = "help";
  box.dataset.help = kind;
  box.open = !seen().has(kind);
  const paras = [texts?.decisions[kind]?.purpose, ...(TOPICS[kind] || []).map((k) => texts?.topics[k])];
  box.append(h("summary", {}, t("what_is_this")), ...paras.filter(Boolean).map((p) => h("p", {}, p)));
  const ok = document.createElement("button");
  ok.type = "button";
  ok.className = "got-it";
  ok.textContent = t("got_it");
  ok.onclick = () => {
    const all = seen(); all.add(kind);
    localStorage.setItem(SEEN_KEY, JSON.stringify([...all]));
    box.open = false;
  };
  box.append(ok);
  return box;
}

/** The phases of a round as a track, the current one marked. */
export function drawPhaseTrack(el, state, finished) {
  if (!texts || !state) { el.replaceChildren(); return; }
  const current = finished ? null : state.round === 0 ? "setup" : String(state.phase);
  put(el, texts.phases.map((p) => {
    const here = p.id === current;
    const label = p.id === "setup" ? p.name : `${p.id}. ${p.name}`;
    return h("li", { "data-phase": p.id, title: p.purpose, ...(here ? { class: "current", "aria-current": "step" } : {}) }, label);
  }));
}

/** What the marks on the board mean: damage and food (with the own-colour rule). */
export function drawLegend(el) {
  if (!texts) return;
  put(el, h("h2", {}, t("legend")), h("dl", { class: "legend" },
    h("dt", {}, h("span", { class: "dp-mark" }, "+")), h("dd", {}, texts.topics.damage),
    h("dt", {}, foodMark(), " 3"), h("dd", {}, `${t("food_legend")} ${texts.topics.feeding}`)));
}

/** Why a game ended, from its game_ended event's reason, and how the scores came about. */
export function endExplanation(reason) {
  if (!texts) return null;
  const why = texts.end_reasons[reason];
  return frag(why ? h("p", { class: "end-reason" }, why) : null, h("p", { class: "muted" }, texts.topics.scoring));
}

export const botLevelText = (level) => texts?.bot_levels[level] ?? "";
export const variantText = (id) => texts?.variants[id] ?? "";
export const topic = (key) => texts?.topics[key] ?? "";

/** Open cards are placed by the viewport (fixed), beside their name, so that no scrolling
 * panel clips them: below the name when there is room, else above it. */
function placeCard(ref) {
  const card = ref.querySelector(".gene-card");
  if (!card) return;
  const r = ref.getBoundingClientRect();
  const width = Math.min(304, window.innerWidth * 0.85);
  card.style.left = `${Math.max(8, Math.min(r.left, window.innerWidth - width - 8))}px`;
  const below = r.bottom + 260 < window.innerHeight;
  card.style.top = below ? `${r.bottom + 4}px` : "auto";
  card.style.bottom = below ? "auto" : `${window.innerHeight - r.top + 4}px`;
}
for (const type of ["mouseover", "focusin"]) {
  document.addEventListener(type, (ev) => {
    const ref = ev.target.closest?.(".gene-ref");
    if (ref) placeCard(ref);
  });
}
// A scrolled page moves a focused name: its card follows.
document.addEventListener("scroll", () => {
  if (document.activeElement?.classList.contains("gene-ref")) placeCard(document.activeElement);
}, { passive: true, capture: true });
