// Readable sentences for seats, amoebas, genes, actions and log events, in the page's
// language (i18n.js). Gene names are the ones GET /rules `texts` gives for that language.
// Names are players' own text: everything here is a string or DOM nodes (dom.js), never markup.
import { frag, h, tn } from "./dom.js";
import { dieFace } from "./icons.js";
import { t } from "./i18n.js";

export const SHAPES = ["circle", "square", "triangle", "diamond", "star", "cross"];
export const COLOUR_KEYS = ["orange", "sky_blue", "green", "pink", "yellow", "blue"];
export const colour = (s) => t("colour_name", { colour: COLOUR_KEYS[s] });
export const shape = (s) => t(`shape_${SHAPES[s]}`);

let genesById = {};
// Per colour, who plays it, as the messages take it: ``who`` (named, bot, open, decoy),
// ``name`` (the player's own), ``place`` (the seat's number), ``level`` (a bot's).
let seatNames = [];
/** The gene rows of GET /rules `texts.genes` (each with its ``name`` in this language). */
export function setGenes(genes) { genesById = Object.fromEntries(genes.map((g) => [g.id, g])); }
export function setSeatNames(names) { seatNames = names; }

export function geneName(id) { return genesById[id]?.name ?? id; }
/** The raw pieces of colour ``s``'s name for a message: who plays it and the colour's key.
 * Messages that name a seat or an amoeba get these as well as the composed name, so that
 * a language may word them its own way. */
export function seatArgs(s) {
  return { who: "open", name: "", place: s + 1, level: "", ...seatNames[s], colour: COLOUR_KEYS[s] };
}
/** A colour named by its player: "Ann (green)", "Bot 2 (sky blue, greedy)" (message seat_name). */
export function seatName(s) { return t("seat_name", seatArgs(s)); }
export function amoebaName(a) {
  return t(a.field ? "amoeba_of_on" : "amoeba_of", { ...seatArgs(a.seat), seat: seatName(a.seat), n: a.number, field: a.field });
}
export function dir(d) { return t("dir_name", { dir: d ?? "none" }); }
/** Dice drawn, each with its number: one fragment of nodes. */
export function dice(list) {
  return frag(list.map((f, i) => [i ? " " : null, h("span", { class: "die", title: f }, dieFace(f), ` ${f}`)]));
}
export function cubes(counts) {
  const parts = counts.map((c, s) => (c ? t("cubes_n", { n: c, colour: COLOUR_KEYS[s] }) : null)).filter(Boolean);
  return parts.length ? parts.join(", ") : t("nothing");
}

/** A button's text for one offered action (the context adds what the action leaves out). */
export function describeAction(a, ctx = {}) {
  switch (a.type) {
    case "start_space": return t("act_start_space", { space: a.space });
    case "place": return t("act_place", { n: a.number, field: a.field });
    case "drift": return ctx.drift ? t("act_drift_dir", { dir: dir(ctx.drift), drift: ctx.drift }) : t("act_drift");
    case "hold": return t("act_hold");
    case "move": return a.direction ? t("act_move_dir", { dir: dir(a.direction), way: a.direction }) : t("act_move");
    case "die": return t("act_die", { face: a.face });
    case "direction": return t("act_direction", { dir: dir(a.direction), way: a.direction });
    case "skip": return t("act_skip");
    case "tentacle": return t("act_tentacle", { cubes: cubes(a.take) });
    case "cling": return ctx.to ? t("act_cling_to", { to: ctx.to }) : t("act_cling");
    case "let_go": return t("act_let_go");
    case "feed": return a.parasite !== undefined
      ? t("act_feed_parasite", { cubes: cubes(a.eat), seat: seatName(a.parasite) })
      : t("act_feed", { cubes: cubes(a.eat) });
    case "starve": return t("act_starve");
    case "attack": return a.attacker
      ? t("act_attack_with", { target: amoebaName(a.target), n: a.attacker })
      : t("act_attack", { target: amoebaName(a.target) });
    case "accept": return t("act_accept");
    case "defend": return t("act_defend");
    case "escape": return t("act_escape");
    case "pass": return t("act_pass");
    case "pay_bp": return t("act_pay_bp", { amount: a.amount });
    case "give_up_gene": return t("act_give_up_gene", { gene: geneName(a.gene) });
    case "buy": return a.give_up
      ? t("act_buy_replacing", { gene: geneName(a.gene), old: geneName(a.give_up) })
      : t("act_buy", { gene: geneName(a.gene) });
    case "done": return t("act_done");
    default: return JSON.stringify(a);
  }
}

/** One engine event as a sentence (a string, or a fragment where dice are drawn), or null
 * for bookkeeping events. */
export function sentence(e) {
  const s = (x) => seatName(x);
  const am = e.seat !== undefined ? { ...seatArgs(e.seat), seat: s(e.seat), n: e.number } : {};
  switch (e.type) {
    case "action": case "auto_action": return null;
    case "game_created": return t("ev_game_created");
    case "start_roll": return tn("ev_start_roll", { seat: s(e.seat), dice: dice(e.dice) });
    case "start_order": return t("ev_start_order", { seats: (e.seats || []).map(s).join(", ") });
    case "start_space_taken": return t("ev_start_space_taken", { seat: s(e.seat), space: e.space });
    case "amoeba_placed": return t("ev_amoeba_placed", { ...am, field: e.field });
    case "round_started": return t("ev_round_started", { round: e.round });
    case "phase_started": return t("ev_phase_started", { phase: e.phase, round: e.round });
    case "card_revealed": return t("ev_card_revealed", { dir: dir(e.card.drift), drift: e.card.drift ?? "none", ozone: e.card.ozone });
    case "cubes_placed": return t("ev_cubes_placed", { field: e.field, cubes: cubes(e.cubes) });
    case "amoeba_moved": return t("ev_amoeba_moved", { ...am, from: e.from_field, to: e.to_field, reason: e.reason });
    case "amoeba_stayed": return t("ev_amoeba_stayed", { ...am, reason: e.reason });
    case "amoeba_blocked": return t("ev_amoeba_blocked", { ...am, dir: dir(e.direction), way: e.direction, field: e.field });
    case "amoeba_carried": return t("ev_amoeba_carried", { ...am, from: e.from_field, to: e.to_field });
    case "cubes_carried": return t("ev_cubes_carried", { ...am, cubes: cubes(e.cubes), to: e.to_field });
    case "dice_rolled": return tn("ev_dice_rolled", { ...am, dice: dice(e.dice) });
    case "fight_rolled": return tn("ev_fight_rolled", { a: dice([e.attacker_die]), d: dice([e.defender_die]) });
    case "amoeba_fed": return t("ev_amoeba_fed", { ...am, cubes: cubes(e.eaten), excreted: e.excreted });
    case "amoeba_starved": return t("ev_amoeba_starved", { ...am, dp: e.dp });
    case "amoeba_died": return t("ev_amoeba_died", { ...am, field: e.field, cause: e.cause });
    case "attack_declared": return t("ev_attack_declared", { a: amoebaName(e.attacker), target: amoebaName(e.target) });
    case "attack_succeeded": return t("ev_attack_succeeded", { target: amoebaName(e.target) });
    case "attack_failed": return t("ev_attack_failed", { target: amoebaName(e.target) });
    case "attack_ended": return t("ev_attack_ended");
    case "armor_absorbed": return t("ev_armor_absorbed", { target: amoebaName(e.target), dp: e.dp });
    case "fight_won": return t(e.winner === "attacker" ? "ev_fight_won_attacker" : "ev_fight_won_defender");
    case "escape_started": return t("ev_escape_started", { amoeba: amoebaName(e.amoeba) });
    case "escape_succeeded": return t("ev_escape_succeeded", { amoeba: amoebaName(e.amoeba) });
    case "escape_failed": return t("ev_escape_failed", { amoeba: amoebaName(e.amoeba) });
    case "bp_paid": return t("ev_bp_paid", { seat: s(e.seat), amount: e.amount, reason: e.reason });
    case "bp_received": return t("ev_bp_received", { seat: s(e.seat), amount: e.amount });
    case "overpayment_lost": return t("ev_overpayment_lost", { seat: s(e.seat), amount: e.amount });
    case "gene_bought": return t("ev_gene_bought", { seat: s(e.seat), gene: geneName(e.gene), price: e.price });
    case "gene_returned": return t("ev_gene_returned", { seat: s(e.seat), gene: geneName(e.gene) });
    case "gene_defect": return t("ev_gene_defect", { seat: s(e.seat), mp: e.mp, ozone: e.ozone });
    case "marker_advanced": return t("ev_marker_advanced", { seat: s(e.seat), from: e.from_space, to: e.to_space, moved: e.from_space === e.to_space ? "no" : "yes" });
    case "seat_to_bot": return t(e.reason === "resigned" ? "ev_seat_resigned" : "ev_seat_timed_out", { ...seatArgs(e.seat), seat: s(e.seat), level: e.level });
    case "game_ended": return t("ev_game_ended", { seats: (e.ranking || []).map(s).join(", ") });
    default: return null;
  }
}

/** The readable lines of one log entry (strings or fragments): who did what, then what
 * happened. */
export function entryLines(entry) {
  // An entry without an action hands the seat to a bot (its events say why).
  const lines = entry.action ? [t("log_action", { seat: seatName(entry.seat), actor: entry.actor, what: describeAction(entry.action) })] : [];
  for (const e of entry.events || []) {
    const line = sentence(e);
    if (line) lines.push(line);
  }
  return lines;
}
