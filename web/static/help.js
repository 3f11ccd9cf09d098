// Teaching at the table: gene cards, each decision's help, the phase track, the legends and
// why the game ended. Every explanation is GET /rules `texts` in the page's language: this
// module knows where to show a text, never a rule.
import { t } from "./i18n.js";

let texts = null;
let genes = {};
const SEEN_KEY = "ursuppe.help.seen";

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

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
  const list = (ids) => ids.map((id) => esc(geneName(id))).join(", ");
  const extra = [
    `${t("acts_in")}: ${g.phases.map((p) => `${t("phase")} ${p} (${esc(phaseName(p))})`).join(", ")}`,
    g.replaces.length ? `${t("hands_in")}: ${list(g.replaces)}` : "",
    g.interacts.length ? `${t("works_with")}: ${list(g.interacts)}` : "",
  ].filter(Boolean);
  return `<strong>${esc(g.name)}</strong> <span class="gene-meta">${g.price} ${t("bp")} · ${g.mp} ${t("mp")}</span>
    <span class="gene-does">${esc(g.does)}</span>${extra.map((x) => `<span class="gene-extra">${x}</span>`).join("")}`;
}

/** A gene's name that opens its card on hover, on tap and on keyboard focus (HTML). */
export function geneRef(id) {
  const g = genes[id];
  if (!g) return esc(id);
  return `<span class="gene-ref" tabindex="0" data-gene="${esc(id)}">${esc(g.name)}<span class="gene-card" role="tooltip">${cardBody(g)}</span></span>`;
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
  box.innerHTML = `<summary>${esc(t("what_is_this"))}</summary>${paras.filter(Boolean).map((p) => `<p>${esc(p)}</p>`).join("")}`;
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
  el.innerHTML = texts.phases.map((p) => {
    const here = p.id === current;
    const label = p.id === "setup" ? esc(p.name) : `${p.id}. ${esc(p.name)}`;
    return `<li data-phase="${p.id}" title="${esc(p.purpose)}"${here ? ' class="current" aria-current="step"' : ""}>${label}</li>`;
  }).join("");
}

/** What the marks on the board mean: damage and food (with the own-colour rule). */
export function drawLegend(el) {
  if (!texts) return;
  el.innerHTML = `<h2>${esc(t("legend"))}</h2><dl class="legend">
    <dt><span class="dp-mark">+</span></dt><dd>${esc(texts.topics.damage)}</dd>
    <dt><svg class="icon" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true"><circle cx="8" cy="8" r="6" class="s1" stroke="#222"/></svg> 3</dt>
    <dd>${esc(t("food_legend"))} ${esc(texts.topics.feeding)}</dd></dl>`;
}

/** Why a game ended, from its game_ended event's reason, and how the scores came about. */
export function endExplanation(reason) {
  if (!texts) return "";
  const why = texts.end_reasons[reason];
  return `${why ? `<p class="end-reason">${esc(why)}</p>` : ""}<p class="muted">${esc(texts.topics.scoring)}</p>`;
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
