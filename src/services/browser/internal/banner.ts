/**
 * The status banner ("🤖 Shoal is shopping for: milk"), injected into every
 * document by an init script so it shows from the first paint, and kept in
 * sync across SPA route changes (history.pushState / replaceState /
 * popstate) and DOM rewrites that drop it.
 *
 * Where it sits: installed once per browser context by the live Browser.
 * The item comes from an exposed binding (`__shoalCurrentItem`) on every
 * load, so a full page load shows the current item — the original never set
 * it — and `setCurrentShoppingItem` updates an open page at once. It has
 * role="status", so the model's snapshot shows the item too.
 */

export const bannerId = "shoal-banner"
export const currentItemBinding = "__shoalCurrentItem"

/** The init script's source; runs before the page's own scripts. */
export const bannerScript = `(() => {
  if (window.__shoalBannerInstalled) return;
  window.__shoalBannerInstalled = true;
  let item = "";
  const render = () => {
    const body = document.body;
    if (!body) return;
    let el = document.getElementById(${JSON.stringify(bannerId)});
    if (!el) {
      el = document.createElement("div");
      el.id = ${JSON.stringify(bannerId)};
      el.setAttribute("role", "status");
      el.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:2147483647;padding:6px 12px;" +
        "font:600 14px/1.4 system-ui,sans-serif;color:#fff;background:linear-gradient(90deg,#0b7285,#5f3dc4);" +
        "box-shadow:0 2px 6px rgba(0,0,0,.3);pointer-events:none";
    }
    if (body.firstChild !== el) body.prepend(el);
    const text = "\\u{1F916} Shoal is shopping for: " + (item || "\\u2026");
    if (el.textContent !== text) el.textContent = text;
  };
  window.setCurrentShoppingItem = (name) => { item = String(name ?? ""); render(); };
  const refresh = () => {
    const ask = window[${JSON.stringify(currentItemBinding)}];
    Promise.resolve(typeof ask === "function" ? ask() : undefined)
      .then((name) => { if (typeof name === "string") item = name; })
      .catch(() => {})
      .finally(render);
  };
  for (const method of ["pushState", "replaceState"]) {
    const original = history[method];
    history[method] = function (...args) {
      const result = original.apply(this, args);
      queueMicrotask(refresh);
      return result;
    };
  }
  addEventListener("popstate", refresh);
  // SPA frameworks often rewrite the body after a route change: put the banner back when it goes.
  new MutationObserver(() => {
    if (document.body && document.body.firstChild?.id !== ${JSON.stringify(bannerId)}) render();
  }).observe(document, { childList: true, subtree: true });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", refresh);
  else refresh();
})();`
