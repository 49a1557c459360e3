/**
 * The guard-probe store's pages: a probe page whose scripts try every leak
 * issue 13 lists, a dedicated worker and a shared worker that try them again
 * from off the page, and a sign-in page with a decoy form beside the real one.
 *
 * Every attempt is wrapped so a blocked request is just a failed promise;
 * the page sets its title to "probe done" once every attempt has settled
 * (or timed out), so the test knows when to count.
 */

/** Raw request paths the probe aims at on its own host that a guarded browser must never send. */
export const forbiddenPaths: ReadonlyArray<string> = [
  "/checkout",
  "/cart%2fcheckout",
  "/cart%252fcheckout",
  "/paiement",
  "/connexion",
  "/mon-compte",
  "/place-order",
  "/commander",
  "/fr/passer-la-commande",
  "/en/sign-up",
  "/account/settings",
  // compound segments and operations (issue 13, new-user breaks)
  "/secure-checkout",
  "/express_checkout",
  "/guest-check-out",
  "/checkout-v2",
  "/commande",
  "/graphql?op=placeorder",
  "/api?action=checkout"
]

/** A request body the probe sends that names a blocked operation (a GraphQL mutation placing the order). */
export const forbiddenBodyPattern = /placeorder/i

const leakScript = (foreign: string, wsStore: string, sibling = "") => `
const foreign = ${JSON.stringify(foreign)};
const sibling = ${JSON.stringify(sibling)};
const wsForeign = foreign.replace(/^http/, "ws");
const wsStore = ${JSON.stringify(wsStore)};
const settle = (p) => Promise.race([Promise.resolve().then(p).then(() => "ok", () => "blocked"), new Promise((r) => setTimeout(() => r("timeout"), 3000))]);
const socket = (url) => new Promise((resolve, reject) => { const s = new WebSocket(url); s.onopen = () => { s.close(); resolve(); }; s.onerror = reject; s.onclose = reject; });
const events = (url) => new Promise((resolve, reject) => { const e = new EventSource(url); e.onopen = () => { e.close(); resolve(); }; e.onerror = () => { e.close(); reject(); }; });
const attempts = () => [
  () => fetch("/ok?from=" + (typeof window === "undefined" ? "worker" : "page")),
  () => fetch(foreign + "/direct-fetch"),
  () => sibling === "" ? undefined : fetch(sibling + "/same-host-other-port"),
  () => fetch("/hop/fetch-foreign"),
  () => fetch("/hop/fetch-b"),
  () => fetch("/hop/step-a"),
  () => fetch("/cart%2Fcheckout"),
  () => fetch("/cart%252Fcheckout"),
  () => fetch("/CHECKOUT/"),
  () => fetch("/paiement"),
  () => fetch("/connexion"),
  () => fetch("/mon-compte/"),
  () => fetch("/place-order", { method: "POST", body: "x" }),
  () => fetch("/commander"),
  () => fetch("/fr/passer-la-commande"),
  () => fetch("/en/sign-up"),
  () => fetch("/account/settings"),
  () => fetch("/secure-checkout"),
  () => fetch("/express_checkout"),
  () => fetch("/guest-check-out"),
  () => fetch("/checkout-v2"),
  () => fetch("/commande"),
  () => fetch("/hop/fetch-compound"),
  () => fetch("/graphql?op=placeOrder"),
  () => fetch("/api?action=checkout"),
  () => fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ operationName: "PlaceOrder", query: "mutation PlaceOrder { placeOrder { id } }" }) }),
  () => fetch("/graphql", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "action=placeOrder" }),
  () => socket(wsForeign + "/socket"),
  () => socket(wsStore + "/checkout/socket"),
  () => events(foreign + "/events"),
  () => events("/checkout/events"),
  () => (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(foreign + "/beacon", "x")) || undefined,
  () => (typeof navigator.sendBeacon === "function" && navigator.sendBeacon("/checkout/beacon", "x")) || undefined,
];
`

export const probePage = (foreign: string, wsStore: string, sibling = "") => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>probe running</title>
<link rel="preconnect" href="${foreign}">
<link rel="dns-prefetch" href="//leak.invalid">
<link rel="prefetch" href="${foreign}/prefetch">
<link rel="prefetch" href="/checkout/prefetch">
<link rel="stylesheet" href="/hop/css-foreign">
</head>
<body>
<h1>Guard probe</h1>
<div style="width:10px;height:10px;background:url(${foreign}/background.png)"></div>
<img src="/hop/img-foreign" alt="">
<img src="/hop/img-b" alt="">
<img src="${foreign}/direct-image.png" alt="">
<script src="/hop/script-foreign"></script>
<iframe src="/hop/step-a" title="chain"></iframe>
<iframe src="/hop/doc-foreign" title="foreign"></iframe>
<a id="blank" href="/checkout/new-tab" target="_blank">new tab</a>
<script>
${leakScript(foreign, wsStore, sibling)}
const popups = () => {
  for (const url of ["/checkout/popup", foreign + "/popup", "/hop/step-a", "/paiement/popup"]) {
    try { window.open(url, "_blank"); } catch {}
  }
  document.getElementById("blank").click();
};
const worker = () => new Promise((resolve) => {
  try {
    const w = new Worker("/worker.js");
    w.onmessage = () => resolve();
    w.onerror = () => resolve();
    // Its "done" (or a load error) ends the wait; the timer only for a worker that hangs. A busy machine starts a
    // worker late: at 4 s, beside stress-ng on both cores, the page was done before its worker had run.
    setTimeout(resolve, 20000);
  } catch { resolve(); }
});
const shared = () => new Promise((resolve) => {
  try {
    const s = new SharedWorker("/shared-worker.js");
    s.port.onmessage = () => resolve();
    s.onerror = () => resolve();
    setTimeout(resolve, 20000);
  } catch { resolve(); }
});
popups();
Promise.all([...attempts().map(settle), worker(), shared()]).then(() => { document.title = "probe done"; });
</script>
</body></html>`

/** A dedicated worker: the same leaks again, plus importScripts through a redirect. */
export const workerScript = (foreign: string, wsStore: string) => `
${leakScript(foreign, wsStore)}
try { importScripts("/hop/script-foreign"); } catch {}
Promise.all(attempts().map(settle)).then(() => postMessage("done"));
`

/** A shared worker (Chromium: one per origin, outliving the page): the same leaks again. */
export const sharedWorkerScript = (foreign: string, wsStore: string) => `
${leakScript(foreign, wsStore)}
const done = Promise.all(attempts().map(settle));
onconnect = (e) => { const port = e.ports[0]; done.then(() => port.postMessage("done")); };
`

/** The sign-in page: the real form, a newsletter form that must never get the credentials, and requests of its own. */
export const signInPage = (foreign: string, failed: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in</title>
<script src="/login/app.js"></script></head>
<body>
<form action="/newsletter" method="post" id="newsletter">
  <input name="username" type="email" aria-label="Newsletter email"
    oninput="fetch('/newsletter-typed', { method: 'POST', body: this.value })"><button type="submit">Subscribe</button>
</form>
${failed ? "<p>Wrong username or password</p>" : ""}
<form action="/login" method="post" id="signin">
  <input name="username" aria-label="Email"><input name="password" type="password" aria-label="Password">
  <button type="submit">Sign in</button>
</form>
<img src="/login/logo.png" alt="">
<img src="/checkout/pixel.png" alt="">
<img src="${foreign}/signin-tracker.png" alt="">
</body></html>`

export const homePage = (signedIn: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Probe store</title></head>
<body><h1>Probe store</h1>${signedIn ? `<button id="authenticatedButton">My account</button>` : `<a href="/login">Sign in</a>`}
<a href="/hop/step-a">Deals</a> <a href="/hop/doc-foreign">Partner</a>
<button id="open-popup" onclick="window.open('/checkout/popup')">Open offer</button>
</body></html>`

/** Pages that open popups as they load, to shop through: each tries a blocked path and the foreign host. */
const popupScript = (foreign: string) => `<script>
for (const url of ["/checkout/popup", ${JSON.stringify(foreign)} + "/popup", "/paiement"]) { try { window.open(url); } catch {} }
</script>`

export const popupResultsPage = (foreign: string, query: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Results for ${query.replace(/[<&"]/g, "")}</title></head>
<body><h1>Results</h1>
${/milk/i.test(query) ? `<ul><li><a href="/p/farm-milk">Farm Milk 1 L</a> <span>$2.99</span></li></ul>` : "<p>No results</p>"}
${popupScript(foreign)}
</body></html>`

export const popupProductPage = (foreign: string, added: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Farm Milk 1 L</title></head>
<body><h1>Farm Milk 1 L</h1><p>$2.99</p>
${added ? "<p role=\"status\">Added to your cart</p>" : ""}
<form action="/cart/add" method="post"><input type="hidden" name="id" value="farm-milk"><button type="submit">Add to cart</button></form>
${popupScript(foreign)}
</body></html>`

/** The cart, as a store shows it (its one product at $2.99), so a run reads it at once rather than at its wait's bound. */
export const cartPage = (lines: ReadonlyArray<{ readonly id: string; readonly quantity: number }>) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your cart</title></head>
<body><h1>Your cart</h1>
${lines.length === 0
  ? "<p>Your cart is empty.</p>"
  : `<ul>${lines.map((l) => `<li><a href="/p/${l.id}">Farm Milk 1 L</a> × ${l.quantity} — $${(2.99 * l.quantity).toFixed(2)}</li>`).join("")}</ul>
<p>Total: $${lines.reduce((sum, l) => sum + 2.99 * l.quantity, 0).toFixed(2)}</p>`}
</body></html>`
