/** Quiet, offline-friendly Chromium: no background fetches, no GPU, no QUIC (playwright.ts launches with these). */
export const chromiumArgs: ReadonlyArray<string> = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
]
