// shoal serve (issue 18, item 5; issue 28, item 7): sessions per second and turn latency p50/p99 with a
// zero-latency fake model, per configuration, against the in-memory baseline (the terminal host's
// load-turn-save) of the same run. Configurations: serve's one runner on SQLite, and — to split its cost — the
// same runtime on the cluster's in-memory message storage (the engine without a journal on disk). The target
// is the journal's own cost: a durable turn on SQLite ≤ 3× the same engine's turn on in-memory storage, at
// p50. The comparison with the terminal's turn is reported (it is mostly the engine's cost, not the journal's).
// For comparison, the same turn on LangGraph.js with its SQLite checkpointer, against serve's SQLite turn
// (reported).
// The TypeScript side (bench/serve-bench.ts) is bundled with esbuild; packages stay in node_modules.
import { build } from "esbuild"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))

const ms = (x) => `${x.toFixed(1)} ms`
const times = (x) => `${x.toFixed(1)}×`
const times2 = (x) => `${x.toFixed(2)}×`

/** The rows of one configuration against the baseline: sessions/s, p50, p99 (and CPU per turn, to read a busy machine by). */
export const configurationRows = (label, measured, baseline, target) => [
  { name: `serve ${label}: sessions/s`, value: `${measured.sessionsPerSecond.toFixed(0)}/s`, baseline: `in-memory ${baseline.sessionsPerSecond.toFixed(0)}/s`, ratio: `${times(baseline.sessionsPerSecond / measured.sessionsPerSecond)} fewer`, target: "(reported)", ok: true },
  { name: `serve ${label}: turn p50`, value: ms(measured.p50), baseline: `in-memory ${ms(baseline.p50)}`, ratio: times(measured.p50 / baseline.p50), target: target?.label ?? "(reported)", ok: target === undefined || measured.p50 / baseline.p50 <= target.ratio },
  { name: `serve ${label}: turn p99`, value: ms(measured.p99), baseline: `in-memory ${ms(baseline.p99)}`, ratio: times(measured.p99 / baseline.p99), target: "(reported)", ok: true },
  { name: `serve ${label}: CPU per turn`, value: ms(measured.cpuPerTurn), baseline: `in-memory ${ms(baseline.cpuPerTurn)}`, ratio: times(measured.cpuPerTurn / baseline.cpuPerTurn), target: "(reported)", ok: true }
]

export const serveRows = async ({ sessions = 100, turns = 100, concurrency = 10, rounds = 5 } = {}) => {
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  const dir = mkdtempSync(join(root, "test-artifacts", "bench-serve-"))
  try {
    const outfile = join(dir, "serve-bench.mjs")
    await build({ absWorkingDir: root, entryPoints: ["bench/serve-bench.ts"], outfile, bundle: true, format: "esm", platform: "node", target: "node20", packages: "external", logLevel: "warning" })
    const { measureServe } = await import(pathToFileURL(outfile).href)
    const { memory, engine, sqlite, langgraph } = await measureServe(sessions, turns, concurrency, rounds)
    const journal = sqlite.p50 / engine.p50
    return [
      {
        name: "serve SQLite, 1 runner: turn p50, the journal's own cost",
        value: ms(sqlite.p50),
        baseline: `engine alone (in-memory cluster storage) ${ms(engine.p50)}`,
        ratio: times(journal),
        target: "≤ 3× engine alone",
        ok: journal <= 3
      },
      ...configurationRows("SQLite, 1 runner", sqlite, memory, undefined),
      ...configurationRows("engine alone (in-memory cluster storage)", engine, memory, undefined),
      { name: "LangGraph.js + SqliteSaver: turn p50 / p99 (same turn)", value: `${ms(langgraph.p50)} / ${ms(langgraph.p99)}`, baseline: `serve SQLite ${ms(sqlite.p50)} / ${ms(sqlite.p99)}`, ratio: `${times2(langgraph.p50 / sqlite.p50)} / ${times2(langgraph.p99 / sqlite.p99)}`, target: "(reported)", ok: true },
      { name: "LangGraph.js + SqliteSaver: CPU per turn, sessions/s", value: `${ms(langgraph.cpuPerTurn)}, ${langgraph.sessionsPerSecond.toFixed(0)}/s`, baseline: `serve SQLite ${ms(sqlite.cpuPerTurn)}, ${sqlite.sessionsPerSecond.toFixed(0)}/s`, ratio: times2(langgraph.cpuPerTurn / sqlite.cpuPerTurn), target: "(reported)", ok: true }
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const row of await serveRows()) console.log(`${row.name}: ${row.value} (baseline ${row.baseline}, ${row.ratio}; target ${row.target}: ${row.ok ? "ok" : "MISSED"})`)
}
