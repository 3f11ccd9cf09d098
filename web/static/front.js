// The front door (/): what a visitor can do here, in the chosen language, and every game
// size and 2-player variant the server offers, as GET /rules names them.
import { rules as loadRules } from "./api.js";
import { h, put } from "./dom.js";
import { t, translatePage } from "./i18n.js";

async function main() {
  translatePage();
  const rules = await loadRules();
  put(document.getElementById("sizes"),
    rules.rules.players.filter((n) => n > 2).map((n) => h("li", {}, t("pool_players", { n }))),
    rules.rules.variants.map((v) => h("li", {}, h("strong", {}, t("pool_variant", { variant: v.id })), " — ", rules.texts.variants[v.id] ?? "")));
  document.body.dataset.ready = "1";
}

main();
