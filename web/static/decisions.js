// The pending decision as interaction. Everything offered comes from pending.actions (the
// page knows no rule): each renderer only arranges those actions, using pending.context to
// explain them. A kind without a renderer of its own gets the generic list of actions.
import { KIND_TITLES, amoebaName, cubes, describeAction, dice, dir, geneName, seatName } from "./words.js";

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

function html(tag, markup) { const e = document.createElement(tag); e.innerHTML = markup; return e; }

/** Buttons for the given [action, index] pairs; a click submits that action. */
function actionButtons(ctx, pairs) {
  const row = h("div", { class: "actions" });
  for (const [a, i] of pairs) {
    const b = h("button", { type: "button", class: "action", "data-index": String(i), "data-type": a.type });
    b.innerHTML = a.type === "die" ? dice([a.face]) : describeAction(a, ctx.pending.context || {});
    b.onclick = () => ctx.submit(a);
    row.append(b);
  }
  return row;
}

const indexed = (p) => p.actions.map((a, i) => [a, i]);

function explain(ctx, text) { ctx.panel.append(html("p", text)); }

/** Kinds whose actions name a field: click an offered field, then choose among its actions. */
function fieldPick(ctx) {
  const pairs = indexed(ctx.pending);
  const onField = pairs.filter(([a]) => a.field);
  const others = pairs.filter(([a]) => !a.field);
  const fields = new Set(onField.map(([a]) => a.field));
  const choice = h("div", { class: "field-choice" });
  const pick = (name) => {
    choice.replaceChildren(h("p", {}, `On ${name}:`), actionButtons(ctx, onField.filter(([a]) => a.field === name)));
    ctx.drawBoard({ fields, amoebas: new Set() }, name);
    choice.querySelector("button")?.focus();
  };
  ctx.onField(pick);
  ctx.drawBoard({ fields, amoebas: new Set() }, null);
  explain(ctx, `Offered fields: ${[...fields].join(", ")}. Click one (or focus it and press Enter).`);
  ctx.panel.append(choice);
  if (others.length) ctx.panel.append(actionButtons(ctx, others));
}

/** Kinds whose actions name a target amoeba: click it on the board or pick from the list. */
function targetPick(ctx) {
  const pairs = indexed(ctx.pending);
  const key = (a) => `${a.target.seat}:${a.target.number}`;
  const targets = new Set(pairs.filter(([a]) => a.target).map(([a]) => key(a)));
  const choice = h("div", { class: "target-choice" });
  ctx.onAmoeba((am) => {
    choice.replaceChildren(actionButtons(ctx, pairs.filter(([a]) => a.target && key(a) === `${am.seat}:${am.number}`)));
    choice.querySelector("button")?.focus();
  });
  ctx.drawBoard({ fields: new Set(), amoebas: targets }, null);
  ctx.panel.append(choice, actionButtons(ctx, pairs));
}

function contextAmoeba(ctx) {
  const c = ctx.pending.context || {};
  if (c.amoeba) explain(ctx, `Your ${amoebaName(c.amoeba)}.`);
}

export const RENDERERS = {
  start_space: (ctx) => ctx.panel.append(actionButtons(ctx, indexed(ctx.pending))),
  place_amoeba: (ctx) => {
    const c = ctx.pending.context || {};
    if (c.reason) explain(ctx, `Reason: ${c.reason}${c.free ? " (free)" : ""}.`);
    fieldPick(ctx);
  },
  divide: (ctx) => {
    const c = ctx.pending.context || {};
    explain(ctx, `A new amoeba costs ${c.cost} BP; you have ${c.bp} BP.`);
    fieldPick(ctx);
  },
  movement: (ctx) => {
    contextAmoeba(ctx);
    explain(ctx, `The current drifts ${dir(ctx.pending.context?.drift)}.`);
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  second_move: (ctx) => { contextAmoeba(ctx); ctx.panel.append(actionButtons(ctx, indexed(ctx.pending))); },
  escape_move: (ctx) => { contextAmoeba(ctx); ctx.panel.append(actionButtons(ctx, indexed(ctx.pending))); },
  choose_die: (ctx) => {
    contextAmoeba(ctx);
    ctx.panel.append(html("p", `You rolled ${dice(ctx.pending.context?.dice || [])}. 1 ${dir("W")}, 2 ${dir("N")}, 3 ${dir("E")}, 4 ${dir("S")}, 5 stay, 6 free choice.`));
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  choose_direction: (ctx) => { contextAmoeba(ctx); ctx.panel.append(actionButtons(ctx, indexed(ctx.pending))); },
  tentacle: (ctx) => {
    const c = ctx.pending.context || {};
    explain(ctx, `Leaving ${c.from} for ${c.to}: take up to ${c.limit} cubes along.`);
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  cling: (ctx) => {
    const c = ctx.pending.context || {};
    if (c.leaving) explain(ctx, `${amoebaName(c.leaving)} leaves for ${c.to}.`);
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  feed: (ctx) => {
    const c = ctx.pending.context || {};
    contextAmoeba(ctx);
    if (c.food) explain(ctx, `Food here: ${cubes(c.food)}.`);
    // Struggle for Survival offers attacks instead of eating: their targets are clickable.
    if (ctx.pending.actions.some((a) => a.target)) targetPick(ctx);
    else ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  defend: (ctx) => {
    const c = ctx.pending.context || {};
    explain(ctx, `${amoebaName(c.attacker)} attacks your ${amoebaName(c.target)}${c.fight_lost ? " (you lost the fight)" : ""}.`);
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  attack_retry: (ctx) => { contextAmoeba(ctx); targetPick(ctx); },
  aggression: (ctx) => targetPick(ctx),
  pay_defect: (ctx) => {
    explain(ctx, `Still to pay: ${ctx.pending.context?.remaining} (BP, or genes at their defect value).`);
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
  buy_genes: (ctx) => {
    explain(ctx, `You have ${ctx.pending.context?.bp} BP. The market on the right shows prices; buy one at a time.`);
    ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
  },
};

/** Any kind without a renderer: the offered actions as a plain list. */
function generic(ctx) {
  explain(ctx, "Choose one of the offered actions:");
  ctx.panel.append(actionButtons(ctx, indexed(ctx.pending)));
}

/** Fill ``ctx.panel`` for ``ctx.pending``; returns whether a dedicated renderer drew it. */
export function renderDecision(ctx) {
  const { pending, panel } = ctx;
  const renderer = RENDERERS[pending.kind];
  panel.replaceChildren(h("h2", {}, KIND_TITLES[pending.kind] || `Decide: ${pending.kind}`));
  panel.dataset.kind = pending.kind;
  panel.dataset.renderer = renderer ? "dedicated" : "generic";
  (renderer || generic)(ctx);
  return Boolean(renderer);
}

export function renderWaiting(panel, pending) {
  panel.replaceChildren(h("h2", {}, "Waiting"), h("p", {}, `${seatName(pending.seat)} decides: ${KIND_TITLES[pending.kind] || pending.kind}.`));
  panel.dataset.kind = "";
  panel.dataset.renderer = "";
}

export { geneName };
