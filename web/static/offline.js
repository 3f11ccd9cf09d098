// The offline page (served by the service worker when a page cannot be reached): its words
// in the chosen language, and a button that tries the page again.
import { translatePage } from "./i18n.js";

translatePage();
document.getElementById("retry").addEventListener("click", () => location.reload());
document.body.dataset.ready = "1";
