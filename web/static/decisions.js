// The pending decision as interaction. Everything offered comes from pending.actions (the
// page knows no rule): each renderer only arranges those actions, using pending.context to
// explain them. A kind without a renderer of its own gets the generic list of actions.
// Each decision opens with its help (help.js: what this kind of decision is for).
import { h, tn } from "./dom.js";
import { decisionHelp, decisionTitle, geneInfo, geneRef, geneRefs, mpOf } from "./help.js";
import { t } from "./i18n.js";
import { amoebaName, cubes, describeAction, dice, dir, geneName, seatName } from "./words.js";

/** The class of an action's button: a hint's suggestion (``panel.dataset.hint``, the index
 * game.js sets) is marked wherever its button is drawn, also after a field or target pick. */
const actionClass = (ctx, i) => (ctx.panel.dataset.hint === String(i) ? "action hinted" : "action");

/** Buttons for the given [action, index] pairs; a click submits that action. */
function actionButton(ctx, a, i) {
  const b = h("button", { type: "button", class: actionClass(ctx, i), "data-index": String(i), "data-type": a.type });
  b.append(a.type === "die" ? dice([a.face]) : describeAction(a, ctx.pending.context || {}));
  b.onclick = () => ctx.submit(a);
  return b;
}

function actionButtons(ctx, pairs) {
  const row = h("div", { class: "actions" });
  for (const [a, i] of pairs) row.append(actionButton(ctx, a, i));
  return row;
}

const indexed = (p) => p.actions.map((a, i) => [a, i]);

/** A line of explanation: text, or nodes (dice, gene cards) among text. */
function explain(ctx, ...content) { ctx.panel.append(h("p", {}, ...content)); }

/** Kinds whose actions name a field: click an offered field, then choose among its actions. */
function fieldPick(ctx) {
  const pairs = indexed(ctx.pending);
  const onField = pairs.filter(([a]) => a.field);
  const others = pairs.filter(([a]) => !a.field);
  const fields = new Set(onField.map(([a]) => a.field));
  const choice = h("div", { class: "field-choice" });
  const pick = (name) => {
    choice.replaceChildren(h("p", {}, t("on_field", { field: name })), actionButtons(ctx, onField.filter(([a]) => a.field === name)));
    ctx.drawBoard({ fields, amoebas: new Set() }, name);
    choice.querySelector("button")?.focus();
  };
  ctx.onField(pick);
  ctx.drawBoard({ fields, amoebas: new Set() }, null);
  explain(ctx, t("offered_fields", { fields: [...fields].join(", ") }));
  ctx.panel.append(choice);
  if (others.length) ctx.panel.append(actionButtons(ctx, others));
}

/** Kinds whose actions name a target amoeba: click it on the board or pick from the list. */
function targetPick(ctx) {
  const pairs = indexed(ctx.pending);
  const key = (a) => `${a.target.seat}:${a.target.number}`;
  const targets = new Set(pairs.filter(([a]) => a.target).map(([a]) => key(a)));
  const choice = h("div", { class: "target-choice" });
  const list = actionButtons(ctx, pairs.filter(([a]) => a.target));
  ctx.onAmoeba((am) => {
    // The picked amoeba's actions replace the list of every target: no button shows twice.
    choice.replaceChildren(actionButtons(ctx, pairs.filter(([a]) => a.target && key(a) === `${am.seat}:${am.number}`)));
    list.hidden = true;
    choice.querySelector("button")?.focus();
  });
  ctx.drawBoard({ fields: new Set(), amoebas: targets }, null);
  ctx.panel.append(choice, list, actionButtons(ctx, pairs.filter(([a]) => !a.target)));
}

function contextAmoeba(ctx) {
  const c = ctx.pending.context || {};
  if (c.amoeba) explain(ctx, t(c.amoeba.field ? "your_amoeba_on" : "your_amoeba", { n: c.amoeba.number, field: c.amoeba.field }));
}

export const RENDERERS = {
  start_space: (ctx) => ctx.panel.append(actionButtons(ctx, indexed(ctx.pending))),
  place_amoeba: (ctx) => {
    const c = ctx.pending.context || {};
    if (c.reason) explain(ctx, t(c.free ? "place_reason_free" : "place_reason", { reason: t(`place_why_${c.reason}`) }));
    fieldPick(ctx);
  },
  divide: (ctx) => {
    const c = ctx.pending.context || {};
    explain(ctx, t("divide_cost", { cost: c.cost, bp: c.bp }));
    fieldPick(ctx);
  },
  movement: (ctx) => {
    contextAmoeba(ctx);
    explain(ctx, t("current_drifts", { dir: dir(ctx.pending.context?.drift), drift: ctx.pending.context?.drift ?? "none" }));
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  second_move: (ctx) => { contextAmoeba(ctx); ctx.panel.append(actionButtons(ctx, indexed(ctx.pending))); },
  escape_move: (ctx) => { contextAmoeba(ctx); ctx.panel.append(actionButtons(ctx, indexed(ctx.pending))); },
  choose_die: (ctx) => {
    contextAmoeba(ctx);
    explain(ctx, tn("you_rolled", { dice: dice(ctx.pending.context?.dice || []), w: dir("W"), n: dir("N"), e: dir("E"), s: dir("S") }));
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  choose_direction: (ctx) => { contextAmoeba(ctx); ctx.panel.append(actionButtons(ctx, indexed(ctx.pending))); },
  tentacle: (ctx) => {
    const c = ctx.pending.context || {};
    explain(ctx, t("tentacle_take", { from: c.from, to: c.to, limit: c.limit }));
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  cling: (ctx) => {
    const c = ctx.pending.context || {};
    if (c.leaving) explain(ctx, t("leaves_for", { amoeba: amoebaName(c.leaving), to: c.to }));
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  feed: (ctx) => {
    const c = ctx.pending.context || {};
    contextAmoeba(ctx);
    if (c.food) explain(ctx, t("food_here", { food: cubes(c.food) }));
    // Struggle for Survival offers attacks instead of eating: their targets are clickable.
    if (ctx.pending.actions.some((a) => a.target)) targetPick(ctx);
    else ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  defend: (ctx) => {
    const c = ctx.pending.context || {};
    explain(ctx, t(c.fight_lost ? "attacks_you_lost" : "attacks_you", { attacker: amoebaName(c.attacker), target: amoebaName(c.target), n: c.target.number }));
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  attack_retry: (ctx) => { contextAmoeba(ctx); targetPick(ctx); },
  aggression: (ctx) => targetPick(ctx),
  pay_defect: (ctx) => {
    explain(ctx, t("still_to_pay", { remaining: ctx.pending.context?.remaining }));
    const offered = ctx.pending.actions.filter((a) => a.gene).map((a) => a.gene);
    if (offered.length) explain(ctx, `${t("genes_to_give")}: `, geneRefs(offered));
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  buy_genes: (ctx) => buyGenes(ctx),
};

/** One row per gene on offer: its card, its price, the buyer's MP before and after against
 * the ozone now; a buy that would lift the MP above the ozone asks once more first. */
function buyGenes(ctx) {
  const st = ctx.state;
  const held = st?.seats?.[ctx.pending.seat]?.genes || [];
  const mp = mpOf(held);
  const ozone = st?.environment?.current?.ozone;
  explain(ctx, t("buy_intro", { bp: ctx.pending.context?.bp, mp, ozone: ozone ?? "?" }));
  const list = h("div", { class: "buy-list" });
  const rest = [];
  for (const [a, i] of indexed(ctx.pending)) {
    if (a.type !== "buy") { rest.push([a, i]); continue; }
    const g = geneInfo(a.gene);
    const after = mp + (g?.mp ?? 0) - (a.give_up ? geneInfo(a.give_up)?.mp ?? 0 : 0);
    const excess = ozone === undefined ? 0 : after - ozone;
    const row = h("div", { class: `buy-row${excess > 0 ? " warn" : ""}`, "data-gene": a.gene });
    row.append(geneRef(a.gene), " ", h("span", { class: "mp-change" }, t("mp_change", { before: mp, after, ozone: ozone ?? "?" })));
    if (a.give_up) row.append(" ", h("span", { class: "muted" }, `${t("hands_in")}: `, geneRef(a.give_up)));
    if (excess > 0) row.append(" ", h("strong", { class: "defect-ahead" }, t("defect_ahead", { excess })));
    const b = h("button", { type: "button", class: actionClass(ctx, i), "data-index": String(i), "data-type": "buy" });
    b.textContent = t("buy_for", { price: g?.price ?? "?" });
    b.onclick = () => {
      if (excess > 0 && b.dataset.armed !== "1") {
        b.dataset.armed = "1";
        b.textContent = t("buy_anyway", { price: g?.price ?? "?" });
        row.append(h("p", { role: "alert", class: "defect-warning" }, t("defect_warning", { gene: geneName(a.gene), after, ozone, excess })));
        return;
      }
      ctx.submit(a);
    };
    row.append(" ", b);
    list.append(row);
  }
  ctx.panel.append(list, actionButtons(ctx, rest));
}

/** Any kind without a renderer: the offered actions as a plain list. */
function generic(ctx) {
  explain(ctx, t("choose_offered"));
  ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
}

/** Fill ``ctx.panel`` for ``ctx.pending``; returns whether a dedicated renderer drew it. */
export function renderDecision(ctx) {
  const { pending, panel } = ctx;
  const renderer = RENDERERS[pending.kind];
  panel.replaceChildren(h("h2", {}, decisionTitle(pending.kind)), decisionHelp(pending.kind));
  delete panel.dataset.hint; // a hint is for one decision
  panel.dataset.kind = pending.kind;
  panel.dataset.renderer = renderer ? "dedicated" : "generic";
  (renderer || generic)(ctx);
  return Boolean(renderer);
}

/** Someone else decides: who, what, and for a bot a sign that it is thinking. */
export function renderWaiting(panel, pending, bot = false) {
  const line = h("p", {}, t(bot ? "bot_thinking" : "decides", { seat: seatName(pending.seat), what: decisionTitle(pending.kind) }));
  if (bot) line.classList.add("thinking");
  panel.replaceChildren(h("h2", {}, t("waiting")), line);
  delete panel.dataset.hint;
  panel.dataset.kind = "";
  panel.dataset.renderer = "";
}

/** Mark the hinted action (its index in pending.actions) among the buttons on screen now;
 * buttons drawn later (a field picked) read ``panel.dataset.hint`` themselves. */
export function markHint(panel, index) {
  panel.dataset.hint = String(index);
  for (const b of panel.querySelectorAll("button.action")) b.classList.toggle("hinted", b.dataset.index === String(index));
}

export { geneName };
