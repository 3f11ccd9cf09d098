// Every page registers the service worker (/sw.js, web/static/sw.js): it keeps the static
// files for the next visit and shows the offline page when the network is gone. A browser
// without service workers (or a page not served over HTTPS or from localhost) goes on
// without them.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((err) => console.warn("service worker:", err));
}
