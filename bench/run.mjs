// `npm run bench`: Shoal's speed targets, each a ratio against a baseline
// measured in the same run (so a busy machine does not change the verdict).
// Prints a table; exits non-zero when a target is missed.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { heavyPackages } from "../scripts/cli-bundle.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))
const shoal = join(root, "bin/shoal.js")
const runs = Number(process.env.SHOAL_BENCH_RUNS ?? 21)

if (!existsSync(join(root, "dist/cli/shoal.cjs"))) {
  process.stderr.write("building first (npm run build)…\n")
  spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { stdio: "inherit" })
}

const env = { ...process.env, ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", SHOAL_PROVIDER: "offline", NO_COLOR: "1" }

const timeOnce = (args) => {
  const start = process.hrtime.bigint()
  const result = spawnSync(process.execPath, args, { env, encoding: "utf8", input: "" })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr}`)
  return ms
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

/** Interleave the candidate with its baseline so drift hits both alike. */
const compare = (candidateArgs, baselineArgs) => {
  const candidate = []
  const baseline = []
  timeOnce(candidateArgs) // warm the file cache
  timeOnce(baselineArgs)
  for (let i = 0; i < runs; i++) {
    candidate.push(timeOnce(candidateArgs))
    baseline.push(timeOnce(baselineArgs))
  }
  return { candidate: median(candidate), baseline: median(baseline) }
}

const rows = []
const check = (name, { candidate, baseline }, target, baselineName) => {
  const ratio = candidate / baseline
  rows.push({
    name,
    value: `${candidate.toFixed(1)} ms`,
    baseline: `${baselineName} ${baseline.toFixed(1)} ms`,
    ratio: `${ratio.toFixed(2)}×`,
    target: `≤ ${target}×`,
    ok: ratio <= target
  })
}

// 1. Cold start
check("shoal --help (cold start)", compare([shoal, "--help"], ["-e", "0"]), 4, "node -e 0")
check("shoal tidy (offline, to exit)", compare([shoal, "tidy"], ["-e", "0"]), 6, "node -e 0")

// 2. What --help loads: no SDK, browser or image library (a count, not a time).
const dir = mkdtempSync(join(tmpdir(), "shoal-bench-"))
const trace = join(dir, "imports.txt")
spawnSync(process.execPath, ["--import", join(root, "scripts/trace-imports.mjs"), shoal, "--help"], {
  env: { ...env, SHOAL_TRACE_IMPORTS: trace },
  encoding: "utf8"
})
const loaded = existsSync(trace) ? readFileSync(trace, "utf8").split("\n").filter(Boolean) : []
const heavyLoaded = loaded.filter((url) => heavyPackages.some((p) => url.includes(`/node_modules/${p}/`)))
rmSync(dir, { recursive: true, force: true })
rows.push({
  name: "heavy modules loaded by --help",
  value: String(heavyLoaded.length),
  baseline: `${loaded.length} modules in all`,
  ratio: "—",
  target: "0",
  ok: heavyLoaded.length === 0 && loaded.length > 0
})

const header = ["benchmark", "value", "baseline", "ratio", "target", "verdict"]
const table = [header, ...rows.map((r) => [r.name, r.value, r.baseline, r.ratio, r.target, r.ok ? "ok" : "MISSED"])]
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)))
const line = (row) => `| ${row.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`
console.log([line(table[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...table.slice(1).map(line)].join("\n"))
console.log(`\n${runs} runs each, medians; ${new Date().toISOString().slice(0, 10)}, node ${process.version}`)
if (rows.some((r) => !r.ok)) process.exit(1)
