// Readable English for seats, amoebas, genes, actions and log events. German gene names
// (from GET /rules) stand beside the English ones.
export const SHAPES = ["circle", "square", "triangle", "diamond", "star", "cross"];
export const COLOURS = ["orange", "sky blue", "green", "pink", "yellow", "blue"];
const DIR = { W: "west", N: "north", E: "east", S: "south", none: "nowhere", stay: "stay" };
const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

let genesById = {};
let seatNames = [];
export function setGenes(genes) { genesById = Object.fromEntries(genes.map((g) => [g.id, g])); }
export function setSeatNames(names) { seatNames = names; }

export function geneName(id) {
  const g = genesById[id];
  const en = id.replace(/_/g, " ").replace(/\b1$/, "I").replace(/\b2$/, "II");
  const english = en.charAt(0).toUpperCase() + en.slice(1);
  return g ? `${english} (${g.german})` : english;
}
export function seatName(s) {
  const n = seatNames[s];
  return `${n || "Seat " + (s + 1)} [${COLOURS[s]} ${SHAPES[s]}]`;
}
export function amoebaName(a) {
  return `${seatName(a.seat)}'s amoeba ${a.number}${a.field ? " on " + a.field : ""}`;
}
export function dir(d) { return DIR[d] || d; }
export function dice(list) {
  return list.map((f) => `<span class="die" title="${f}">${FACES[f] || f} ${f}</span>`).join(" ");
}
export function cubes(counts) {
  const parts = counts.map((c, s) => (c ? `${c}× ${COLOURS[s]}` : null)).filter(Boolean);
  return parts.length ? parts.join(", ") : "nothing";
}

/** A button's text for one offered action (the context adds what the action leaves out). */
export function describeAction(a, ctx = {}) {
  switch (a.type) {
    case "start_space": return `Start space ${a.space}`;
    case "place": return `Amoeba ${a.number} on ${a.field}`;
    case "drift": return ctx.drift ? `Drift ${dir(ctx.drift)}` : "Drift";
    case "hold": return "Hold on (stay, free)";
    case "move": return a.direction ? `Move ${dir(a.direction)}` : "Move (roll the compass)";
    case "die": return `Keep die ${FACES[a.face] || ""} ${a.face}`;
    case "direction": return `Go ${dir(a.direction)}`;
    case "skip": return "No second move";
    case "tentacle": return `Take ${cubes(a.take)}`;
    case "cling": return `Cling on${ctx.to ? " (to " + ctx.to + ")" : ""}`;
    case "let_go": return "Let go";
    case "feed": return `Eat ${cubes(a.eat)}${a.parasite !== undefined ? " (parasite on " + seatName(a.parasite) + ")" : ""}`;
    case "starve": return "Eat nothing (1 damage point)";
    case "attack": return `Attack ${amoebaName(a.target)}${a.attacker ? " with amoeba " + a.attacker : ""}`;
    case "accept": return "Accept the attack";
    case "defend": return "Defend (fight with dice)";
    case "escape": return "Escape";
    case "pass": return "Pass";
    case "pay_bp": return `Pay ${a.amount} BP`;
    case "give_up_gene": return `Give up ${geneName(a.gene)}`;
    case "buy": return `Buy ${geneName(a.gene)}${a.give_up ? " (replacing " + geneName(a.give_up) + ")" : ""}`;
    case "done": return "Done";
    default: return JSON.stringify(a);
  }
}

export const KIND_TITLES = {
  start_space: "Choose your start space on the scoring ladder",
  place_amoeba: "Place an amoeba: click a field",
  movement: "Move your amoeba",
  choose_die: "Keep one of the two dice",
  choose_direction: "Choose a direction",
  second_move: "Speed: a second move?",
  escape_move: "Escape: where to?",
  tentacle: "Tentacle: take food along",
  cling: "Holding: cling to the amoeba leaving?",
  feed: "Feed your amoeba",
  defend: "You are attacked",
  attack_retry: "Persistence: attack again?",
  aggression: "Aggression: attack?",
  pay_defect: "Gene defect: pay",
  buy_genes: "Buy genes",
  divide: "Divide: click a field for a new amoeba, or finish",
};

/** One engine event as a sentence (HTML: dice are drawn), or null for bookkeeping events. */
export function sentence(e) {
  const s = (x) => seatName(x);
  switch (e.type) {
    case "action": case "auto_action": return null;
    case "game_created": return "The game was created.";
    case "start_roll": return `${s(e.seat)} rolled ${dice(e.dice)} for the start order.`;
    case "start_order": return `Start order: ${(e.seats || []).map(s).join(", ")}.`;
    case "start_space_taken": return `${s(e.seat)} took start space ${e.space}.`;
    case "amoeba_placed": return `${s(e.seat)} placed amoeba ${e.number} on ${e.field}.`;
    case "round_started": return `— Round ${e.round} —`;
    case "phase_started": return `Phase ${e.phase} of round ${e.round}.`;
    case "card_revealed": return `Environment card: drift ${dir(e.card.drift)}, ozone ${e.card.ozone}.`;
    case "cubes_placed": return `Food placed on ${e.field}: ${cubes(e.cubes)}.`;
    case "amoeba_moved": return `${s(e.seat)}'s amoeba ${e.number} moved ${e.from_field} → ${e.to_field} (${e.reason}).`;
    case "amoeba_stayed": return `${s(e.seat)}'s amoeba ${e.number} stayed (${String(e.reason).replace("_", " ")}).`;
    case "amoeba_blocked": return `${s(e.seat)}'s amoeba ${e.number} could not go ${dir(e.direction)} from ${e.field}.`;
    case "amoeba_carried": return `${s(e.seat)}'s amoeba ${e.number} was carried ${e.from_field} → ${e.to_field}.`;
    case "cubes_carried": return `${s(e.seat)}'s amoeba ${e.number} took ${cubes(e.cubes)} along to ${e.to_field}.`;
    case "dice_rolled": return `${s(e.seat)} rolled ${dice(e.dice)} for amoeba ${e.number}.`;
    case "fight_rolled": return `Fight: attacker ${dice([e.attacker_die])} against defender ${dice([e.defender_die])}.`;
    case "amoeba_fed": return `${s(e.seat)}'s amoeba ${e.number} ate ${cubes(e.eaten)} and excreted ${e.excreted}.`;
    case "amoeba_starved": return `${s(e.seat)}'s amoeba ${e.number} found nothing to eat (now ${e.dp} damage).`;
    case "amoeba_died": return `${s(e.seat)}'s amoeba ${e.number} died on ${e.field} (${e.cause}).`;
    case "attack_declared": return `${amoebaName(e.attacker)} attacks ${amoebaName(e.target)}.`;
    case "attack_succeeded": return `The attack on ${amoebaName(e.target)} succeeded.`;
    case "attack_failed": return `The attack on ${amoebaName(e.target)} failed.`;
    case "attack_ended": return "The attack ended.";
    case "armor_absorbed": return `Armor: ${amoebaName(e.target)} took 1 damage point instead (now ${e.dp}).`;
    case "fight_won": return `The ${e.winner} won the fight.`;
    case "escape_started": return `${amoebaName(e.amoeba)} tries to escape.`;
    case "escape_succeeded": return `${amoebaName(e.amoeba)} escaped.`;
    case "escape_failed": return `${amoebaName(e.amoeba)} could not escape.`;
    case "bp_paid": return `${s(e.seat)} paid ${e.amount} BP (${String(e.reason || "").replace(/_/g, " ")}).`;
    case "bp_received": return `${s(e.seat)} received ${e.amount} BP.`;
    case "overpayment_lost": return `${s(e.seat)} lost ${e.amount} BP of overpayment.`;
    case "gene_bought": return `${s(e.seat)} bought ${geneName(e.gene)} for ${e.price} BP.`;
    case "gene_returned": return `${s(e.seat)} gave back ${geneName(e.gene)}.`;
    case "gene_defect": return `${s(e.seat)} has a gene defect: ${e.mp} mutation points against ozone ${e.ozone}.`;
    case "marker_advanced": return `${s(e.seat)} scored: ${e.from_space} → ${e.to_space}.`;
    case "seat_to_bot": return `${s(e.seat)} ${e.reason === "resigned" ? "resigned" : "timed out"}: the ${e.level} bot plays the seat from now on.`;
    case "game_ended": return `The game ended. Ranking: ${(e.ranking || []).map(s).join(", ")}.`;
    default: return null;
  }
}

/** The readable lines of one log entry: who did what, then what happened. */
export function entryLines(entry) {
  const who = entry.actor === "human" ? "" : ` (${entry.actor})`;
  // An entry without an action hands the seat to a bot (its events say why).
  const lines = entry.action ? [`${seatName(entry.seat)}${who}: ${describeAction(entry.action)}.`] : [];
  for (const e of entry.events || []) {
    const t = sentence(e);
    if (t) lines.push(t);
  }
  return lines;
}
