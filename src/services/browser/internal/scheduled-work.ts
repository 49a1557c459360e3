/**
 * What a page has put off in answer to an input: the timers its own scripts
 * set while handling a click, a key or a change (a stepper's debounce before
 * it sends its count, a "save" after typing), not yet run nor cleared.
 * The network cannot show these — nothing is sent until they fire — so
 * `settled` asks the page how long until the last of them is due.
 *
 * Where it sits: installed once per browser context by the live Browser (an
 * init script, before the page's own scripts), read by `settled`. Only
 * delays from 100 ms to 5 s count: shorter is a tick, longer is not a
 * pause before sending (an auto-hiding message, a slideshow).
 */

export const scheduledWorkProbe = "__shoalScheduledAfterInput"

export const scheduledWorkScript = `(() => {
  if (window.${scheduledWorkProbe}) return;
  const set = window.setTimeout.bind(window), clear = window.clearTimeout.bind(window);
  const due = new Map();
  let answering = false;
  for (const type of ["click", "pointerup", "keydown", "input", "change"]) {
    window.addEventListener(type, () => {
      answering = true;
      set(() => { answering = false; }, 0);
    }, true);
  }
  window.setTimeout = function (fn, ms, ...args) {
    const delay = Number(ms) || 0;
    if (!answering || typeof fn !== "function" || delay < 100 || delay > 5000) return set(fn, ms, ...args);
    const id = set(function () { due.delete(id); return fn.apply(this, args); }, delay);
    due.set(id, performance.now() + delay);
    return id;
  };
  window.clearTimeout = function (id) { due.delete(id); return clear(id); };
  Object.defineProperty(window, ${JSON.stringify(scheduledWorkProbe)}, {
    value: () => {
      const now = performance.now();
      let last = now;
      for (const [id, at] of due) { if (at < now - 1000) due.delete(id); else last = Math.max(last, at); }
      return last - now;
    }
  });
})()`
