// The web client's own words in the languages of lang/*.ftl: Mozilla Fluent messages
// (docs/web.md, "Words in five languages"), formatted by @fluent/bundle, which the server
// serves from the npm package (web/package.json; /web/vendor/fluent/). The messages, not this
// code, compose names, colours, counts and grammatical cases: the code hands each message its
// raw pieces (a name, a colour's key, a number) and the language's file decides the words.
// The rules themselves are explained by GET /rules (`texts`), fetched in the same language.
// A language is added with its .ftl file and a line in LANGUAGES, nothing else.
import { FluentBundle, FluentNumber, FluentResource } from "/web/vendor/fluent/index.js";

export const LANGUAGES = { en: "English", de: "Deutsch", nl: "Nederlands", es: "Español", fr: "Français" };
const KEY = "ursuppe.lang";

/** The language chosen on this browser (remembered), else the browser's own, else English. */
export function lang() {
  const kept = localStorage.getItem(KEY);
  if (kept && LANGUAGES[kept]) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES[base]) return base;
  }
  return "en";
}

/** Remember ``code`` and draw the page again in it. */
export function setLang(code) {
  localStorage.setItem(KEY, code);
  location.reload();
}

// Functions a message may call besides Fluent's own (NUMBER, DATETIME). INITIAL($text)
// says whether a text (a player's name) begins with a vowel, for a language that elides
// before one: French "d'Ada", "de Bot 2".
const FUNCTIONS = {
  INITIAL: ([text]) => (/^[aeiouyàâäæéèêëîïôöœùûü]/i.test(String(text ?? "")) ? "vowel" : "consonant"),
};

/** One language's messages. No isolation marks around placeables: names are checked for
 * direction overrides when they are given (service/plumbing/text_check.py), and the marks
 * would sit invisibly inside every text a test or a screen reader compares. */
async function load(code) {
  const resp = await fetch(`/web/static/lang/${code}.ftl`);
  const bundle = new FluentBundle(code, { useIsolating: false, functions: FUNCTIONS });
  const errors = bundle.addResource(new FluentResource(await resp.text()));
  for (const e of errors) console.warn(`lang/${code}.ftl: ${e}`);
  return bundle;
}

// Every module that imports this one waits for the page's language (and English, where a
// message is still missing) before it draws: t() stays synchronous.
const bundles = { en: await load("en") };
if (lang() !== "en") bundles[lang()] = await load(lang());

/** Load language ``code`` too, for ``translate`` in a language other than the page's. */
export async function loadLanguage(code) {
  bundles[code] ??= await load(code);
}

/** Numbers as Fluent numbers (so that a message picks its plural form by them), written
 * without grouping (a game id or a year is no amount); numeric strings likewise. */
function fluentArgs(vars) {
  const args = {};
  for (const [k, v] of Object.entries(vars)) {
    const numeric = typeof v === "number" || (typeof v === "string" && v !== "" && String(Number(v)) === v);
    args[k] = numeric ? new FluentNumber(Number(v), { useGrouping: false, maximumFractionDigits: 20 }) : (v ?? "");
  }
  return args;
}

/** The text of message ``key`` in language ``code`` with ``vars`` put in; the English
 * message where the language lacks it; the key itself where English lacks it too. */
export function translate(code, key, vars = {}) {
  for (const bundle of [bundles[code], bundles.en]) {
    const msg = bundle?.getMessage(key);
    if (msg?.value) return bundle.formatPattern(msg.value, fluentArgs(vars), []);
  }
  return key;
}

/** The text for ``key`` in the page's language. */
export function t(key, vars = {}) {
  return translate(lang(), key, vars);
}

/** The same, as a list of the text's pieces and the values put in (which may be nodes:
 * dom.js's ``tn`` appends them, each string as text). Each node goes into the message as a
 * private-use marker, and the formatted text is split at the markers. */
export function tParts(key, vars = {}) {
  const nodes = [];
  const marked = Object.fromEntries(Object.entries(vars).map(([k, v]) =>
    (v instanceof Node ? [k, `\uE000${nodes.push(v) - 1}\uE001`] : [k, v])));
  return t(key, marked).split(/\uE000(\d+)\uE001/).map((part, i) => (i % 2 ? nodes[Number(part)] : part));
}

/** A language switcher: a labelled <select> that remembers the choice. */
export function languageSwitcher() {
  const label = document.createElement("label");
  label.className = "lang-switch";
  const sel = document.createElement("select");
  sel.id = "language";
  for (const [code, name] of Object.entries(LANGUAGES)) sel.add(new Option(name, code, false, code === lang()));
  sel.onchange = () => setLang(sel.value);
  label.append(t("language"), " ", sel);
  document.documentElement.lang = lang();
  return label;
}

/** The page's fixed words (elements marked ``data-t``, the title too; ``data-t-label``,
 * ``data-t-title``, ``data-t-placeholder`` and ``data-t-value`` for an aria-label, a tooltip, a
 * placeholder and a field's suggested value) in the chosen language, and the switcher
 * in its header. */
export function translatePage() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
  for (const el of document.querySelectorAll("[data-t-title]")) el.setAttribute("title", t(el.dataset.tTitle));
  for (const el of document.querySelectorAll("[data-t-placeholder]")) el.setAttribute("placeholder", t(el.dataset.tPlaceholder));
  for (const el of document.querySelectorAll("[data-t-value]")) el.value = t(el.dataset.tValue);
  document.querySelector("header.top")?.append(languageSwitcher());
}
