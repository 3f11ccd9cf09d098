// The organiser's form on the tournaments page: the terms of a new tournament, sent as they
// are to POST /tournaments with this browser's player token (made on the first use, as for
// entering). The page checks nothing itself: the API's refusal is shown in words
// (problemWords), so the page and the API cannot disagree about what may be run.
import { callAsPlayer, myPlayer } from "./api.js";
import { put } from "./dom.js";
import { t } from "./i18n.js";
import { problemWords } from "./tournament-words.js";

const $ = (id) => document.getElementById(id);
/** Minutes from now that the start field suggests: time to send the link round. */
const START_IN_MINUTES = 30;

/** A datetime-local field's value for ``date`` in the browser's own time zone. */
function localValue(date) {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60000);
  return shifted.toISOString().slice(0, 16);
}

/** The clock choice ("bank:600:5") as the API's time control. */
function timeControl(choice) {
  const [type, a, b] = choice.split(":");
  if (type === "per_decision") return { type, seconds: Number(a) };
  if (type === "bank") return { type, initial: Number(a), increment: Number(b) };
  if (type === "correspondence") return { type, days: Number(a) };
  return { type: "none" };
}

/** A whole number typed in ``field``, null when empty, and as typed when it is none (the
 * API refuses it in words). */
function count(field) {
  const text = field.value.trim();
  if (!text) return null;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** The request body of the form as it stands. */
export function termsOfForm() {
  const format = $("tn-f-format").value;
  const table = $("tn-f-table").value;
  const bots = $("tn-f-bots").value;
  const startsAt = $("tn-f-starts").value ? new Date($("tn-f-starts").value) : null;
  const isPrivate = $("tn-f-private").checked;
  const body = {
    name: $("tn-f-name").value.trim(), format,
    starts_at: startsAt && !Number.isNaN(startsAt.getTime()) ? startsAt.toISOString() : $("tn-f-starts").value,
    time_control: timeControl($("tn-f-clock").value), rated: $("tn-f-rated").checked,
    service_bots: bots || null, private: isPrivate, entry: isPrivate ? "invitation" : "open",
  };
  if (/^\d+$/.test(table)) body.players = Number(table); else body.variant = table;
  if (format === "arena") {
    const minutes = count($("tn-f-duration"));
    body.duration = typeof minutes === "number" ? minutes * 60 : minutes;
  } else {
    body.rounds = count($("tn-f-rounds"));
  }
  return body;
}

/** Rounds for a Swiss or round robin, minutes for an arena; what an empty field means. */
function showFormatFields() {
  const format = $("tn-f-format").value;
  $("tn-f-rounds-label").hidden = format === "arena";
  $("tn-f-duration-label").hidden = format !== "arena";
  put($("tn-f-rounds-hint"), format === "round_robin" ? t("tn_f_rounds_rr") : "");
}

async function create(event) {
  event.preventDefault();
  const error = $("tn-form-error");
  put(error);
  const name = myPlayer()?.name || $("org-player-name").value.trim();
  if (!name) { put(error, t("tn_name_needed")); $("org-player-name").focus(); return; }
  $("tn-create").disabled = true;
  try {
    const made = (await callAsPlayer("/tournaments", { method: "POST", body: termsOfForm() }, name)).data;
    location.href = `/tournaments/${made.id}`;
  } catch (err) {
    put(error, problemWords(err));
    $("tn-create").disabled = false;
  }
}

/** Wire the form: the start suggested, the fields of the chosen format, the submit. */
export function setUpOrganiseForm() {
  $("org-name-label").hidden = Boolean(myPlayer());
  $("tn-f-starts").value = localValue(new Date(Date.now() + START_IN_MINUTES * 60000));
  // The 2-player variants by their names in the page's language (the option's value is the id).
  for (const o of $("tn-f-table").options) if (!/^\d+$/.test(o.value)) o.textContent = t("variant_option", { n: 2, variant: o.value });
  $("tn-f-format").onchange = showFormatFields;
  showFormatFields();
  $("tn-form").onsubmit = create;
}
