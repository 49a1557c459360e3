// shoal serve: sessions per second and turn latency (p50/p99) with a zero-latency fake model,
// one runner on SQLite against the terminal host's in-memory path, in the same run.
// The TypeScript side (bench/serve-bench.ts) is bundled with esbuild; packages stay in node_modules.
import { build } from "esbuild"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))

export const serveRows = async ({ sessions = 100, turns = 100, concurrency = 10 } = {}) => {
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  const dir = mkdtempSync(join(root, "test-artifacts", "bench-serve-"))
  try {
    const outfile = join(dir, "serve-bench.mjs")
    await build({ absWorkingDir: root, entryPoints: ["bench/serve-bench.ts"], outfile, bundle: true, format: "esm", platform: "node", target: "node20", packages: "external", logLevel: "warning" })
    const { measureMemory, measureSqlite } = await import(pathToFileURL(outfile).href)
    const memory = await measureMemory(sessions, turns, concurrency)
    const sqlite = await measureSqlite(sessions, turns, concurrency)
    const ms = (x) => `${x.toFixed(1)} ms`
    const overhead = sqlite.p50 / memory.p50
    return [
      { name: `serve: sessions/s (SQLite runner, ${concurrency} at a time)`, value: `${sqlite.sessionsPerSecond.toFixed(0)}/s`, baseline: `in-memory ${memory.sessionsPerSecond.toFixed(0)}/s`, ratio: `${(memory.sessionsPerSecond / sqlite.sessionsPerSecond).toFixed(0)}× slower`, target: "(reported)", ok: true },
      { name: "serve: turn latency p50 (SQLite, zero-latency model)", value: ms(sqlite.p50), baseline: `in-memory ${ms(memory.p50)}`, ratio: `${overhead.toFixed(0)}×`, target: "(reported; issue 18 asks ≤ 3×)", ok: true },
      { name: "serve: turn latency p99 (SQLite, zero-latency model)", value: ms(sqlite.p99), baseline: `in-memory ${ms(memory.p99)}`, ratio: `${(sqlite.p99 / memory.p99).toFixed(0)}×`, target: "(reported)", ok: true }
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const row of await serveRows()) console.log(`${row.name}: ${row.value} (baseline ${row.baseline}, ${row.ratio})`)
}
