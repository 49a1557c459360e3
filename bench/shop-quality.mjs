// Shop quality (bench/README.md): the offline, rule-based `shoal shop` on
// four fixture stores with different markup — the original server-rendered
// list, a server-rendered table behind a consent dialog, a client-rendered
// app with delayed results and a debounced stepper, a bilingual store on
// French paths — each list scored against the store's real server-side
// cart. The worker (shop-quality.ts) runs in real headless Chromium.
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const money = (cents) => (cents === undefined || cents === null ? "—" : `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`)

/** Rows for bench/run.mjs's table. */
export const shopQualityRows = () => {
  if (!existsSync("/usr/bin/chromium")) {
    return [{ name: "shop quality", value: "—", baseline: "skipped: /usr/bin/chromium not found", ratio: "—", target: "(reported)", ok: true }]
  }
  const run = spawnSync(process.execPath, [join(root, "scripts/run-ts.mjs"), join(root, "bench/shop-quality.ts")], {
    encoding: "utf8",
    env: { ...process.env, ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", SHOAL_PROVIDER: "offline" },
    maxBuffer: 64 * 1024 * 1024
  })
  const stores = run.stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l))
  if (run.status !== 0 || stores.length === 0) {
    return [{ name: "shop quality", value: "failed", baseline: (run.stderr || "no output").split("\n").slice(-3).join(" ").slice(0, 120), ratio: "—", target: "runs", ok: false }]
  }
  const rows = []
  for (const s of stores) {
    const label = s.store.split(" (")[0]
    rows.push({
      name: `shop on ${label}: items right`,
      value: `${s.right}/${s.items}`,
      baseline: `wrong product ${s.wrongProduct}, wrong qty ${s.wrongQuantity}, false not-found ${s.falseNotFound}, failed ${s.failed}`,
      ratio: `${s.secondsPerItem.toFixed(1)} s/item`,
      target: "0 false adds",
      ok: s.falseAdds === 0,
      falseAdds: s.falseAdds
    })
    rows.push({
      name: `shop on ${label}: summary total`,
      value: money(s.summaryCents),
      baseline: `real cart ${money(s.cartCents)}`,
      ratio: s.fromCart ? "from cart" : "estimate",
      target: "= cart",
      ok: s.summaryCents === s.cartCents
    })
  }
  const items = stores.reduce((n, s) => n + s.items, 0)
  const right = stores.reduce((n, s) => n + s.right, 0)
  const falseAdds = stores.reduce((n, s) => n + s.falseAdds, 0)
  rows.push({
    name: "shop quality across the stores",
    value: `${((100 * right) / items).toFixed(0)} % right`,
    baseline: `${right}/${items} items, ${falseAdds} false adds`,
    ratio: "—",
    target: "≥ 90 %, 0 false adds",
    ok: right / items >= 0.9 && falseAdds === 0
  })
  return rows.map(({ falseAdds: _, ...row }) => row)
}
