// The web client's own words in the four languages of the rule texts. The rules
// themselves are explained by GET /rules (`texts`), fetched in the same language; this
// module holds only what the page says around them (headings, buttons, log sentences).
import en from "./lang/en.js";
import de from "./lang/de.js";
import nl from "./lang/nl.js";
import es from "./lang/es.js";

export const LANGUAGES = { en: "English", de: "Deutsch", nl: "Nederlands", es: "Español" };
const DICTS = { en, de, nl, es };
const KEY = "ursuppe.lang";

/** The language chosen on this browser (remembered), else the browser's own, else English. */
export function lang() {
  const kept = localStorage.getItem(KEY);
  if (kept && DICTS[kept]) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (DICTS[base]) return base;
  }
  return "en";
}

/** Remember ``code`` and draw the page again in it. */
export function setLang(code) {
  localStorage.setItem(KEY, code);
  location.reload();
}

/** The text for ``key`` in language ``code`` before its placeholders are filled. A text
 * with a count is an entry ``{count: "n", one: "…", other: "…"}``: the browser's CLDR
 * plural rules (``Intl.PluralRules``) name the form the value of ``vars[count]`` takes in
 * that language (``one``, ``few``, ``many``, ``other``…); a form a language's entry lacks
 * falls back to ``other``. */
export function template(code, key, vars = {}) {
  const entry = DICTS[code]?.[key] ?? en[key] ?? key;
  if (typeof entry === "string") return entry;
  const form = new Intl.PluralRules(code).select(Number(vars[entry.count]));
  return entry[form] ?? entry.other;
}

/** The text for ``key`` in language ``code`` with its ``{name}`` placeholders filled. */
export function translate(code, key, vars = {}) {
  return template(code, key, vars).replace(/\{(\w+)\}/g, (_, k) => (vars[k] ?? ""));
}

/** The text for ``key`` in the page's language; English if the language lacks it. */
export function t(key, vars = {}) {
  return translate(lang(), key, vars);
}

/** The same, as a list of the text's pieces and the values put in (which may be nodes:
 * dom.js's ``tn`` appends them, each string as text). */
export function tParts(key, vars = {}) {
  return template(lang(), key, vars).split(/\{(\w+)\}/g).map((part, i) => (i % 2 ? (vars[part] ?? "") : part));
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

/** The page's fixed words (elements marked ``data-t``, the title too) in the chosen
 * language, and the switcher in its header. */
export function translatePage() {
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  document.querySelector("header.top")?.append(languageSwitcher());
}
