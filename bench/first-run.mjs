// Issue 16 item 9: the README's quick start, `npx shoal`, on a clone after
// `npm install`. npm 11's npx runs a project's own bin by linking the project
// into npx's cache on first use, which runs `prepare`; `prepare` rebuilds only
// a stale dist/ (scripts/build-state.mjs), so that first use no longer
// rebuilds. Measured here with an empty npm cache (as on a fresh machine) and
// npm offline (npx may fetch nothing): the first `npx shoal --help`, then
// later ones, against `node -e 0`. Run after `npm run bench`'s build.
import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))

const timed = (command, args, env) => {
  const start = process.hrtime.bigint()
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", env })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${result.status}: ${result.stderr}`)
  return { ms, stdout: result.stdout }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export const firstRunRows = (runs = 7) => {
  const cache = mkdtempSync(join(tmpdir(), "shoal-npx-cache-"))
  try {
    const env = { ...process.env, npm_config_cache: cache, npm_config_offline: "true", npm_config_update_notifier: "false", NO_COLOR: "1" }
    const npx = () => timed("npx", ["shoal", "--help"], env)
    const first = npx()
    if (!first.stdout.includes("tidy")) throw new Error(`npx shoal --help printed no command list: ${first.stdout.slice(0, 200)}`)
    const later = []
    const node = []
    for (let i = 0; i < runs; i++) {
      later.push(npx().ms)
      node.push(timed(process.execPath, ["-e", "0"], env).ms)
    }
    const baseline = median(node)
    // About a second on an idle machine, where `node -e 0` takes ~40 ms; npm's own start-up is most of it.
    const row = (name, ms, target) => ({
      name,
      value: `${ms.toFixed(0)} ms`,
      baseline: `node -e 0 ${baseline.toFixed(1)} ms`,
      ratio: `${(ms / baseline).toFixed(1)}×`,
      target: `≤ ${target}×`,
      ok: ms / baseline <= target
    })
    return [
      row("npx shoal --help, first use (empty npm cache)", first.ms, 30),
      row("npx shoal --help, later (median)", median(later), 20)
    ]
  } finally {
    rmSync(cache, { recursive: true, force: true })
  }
}
