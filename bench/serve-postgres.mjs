// shoal serve on Postgres: sessions/s, CPU per session and turn p50/p99 (zero-latency fake model, over HTTP) for
// one runner and for two runners sharing a database, in alternating rounds (bench/serve-postgres.ts), against the
// in-memory baseline (bench/serve-bench.ts) in the same run; and the failover time after kill -9 of one of two
// runners. The target for two runners is their CPU per session (issue 28): no coordination overhead. Prints a
// skip row when PostgreSQL cannot be had.
import { build } from "esbuild"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { availableParallelism } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const bundle = (entry, outfile) =>
  build({ absWorkingDir: root, entryPoints: [entry], outfile, bundle: true, format: "esm", platform: "node", target: "node20", packages: "external", logLevel: "warning" })

export const servePostgresRows = async ({ sessions = 100, turns = 100, concurrency = 20, rounds = 5 } = {}) => {
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  const dir = mkdtempSync(join(root, "test-artifacts", "bench-serve-pg-"))
  try {
    await bundle("bench/serve-postgres.ts", join(dir, "serve-postgres.mjs"))
    await bundle("bench/serve-bench.ts", join(dir, "serve-bench.mjs"))
    await bundle("test/serve/child-runner.ts", join(dir, "child-runner.mjs"))
    const { measurePostgres } = await import(pathToFileURL(join(dir, "serve-postgres.mjs")).href)
    const { measureMemory } = await import(pathToFileURL(join(dir, "serve-bench.mjs")).href)
    const result = await measurePostgres(join(dir, "child-runner.mjs"), dir, sessions, turns, concurrency, rounds)
    if (result._tag === "Skipped") {
      return [{ name: "serve on Postgres", value: "—", baseline: `skipped: ${result.reason}`, ratio: "—", target: "(reported)", ok: true }]
    }
    const memory = await measureMemory(sessions, turns, concurrency)
    const { failoverMs, one, two } = result
    const ms = (x) => `${x.toFixed(1)} ms`
    const leaseMs = 6000
    const scale = two.sessionsPerSecond / one.sessionsPerSecond
    // The most two runners can gain here, from the CPU each session cost: a runner is one JavaScript thread, and
    // the runners, PostgreSQL and the client share the machine's cores (idle cores assumed, so a busy machine gets less).
    const cores = availableParallelism()
    const total = (m) => m.cpu.runners + m.cpu.postgres + m.cpu.client
    const ceiling = Math.min(2000 / two.cpu.runners, (cores * 1000) / total(two)) / Math.min(1000 / one.cpu.runners, (cores * 1000) / total(one))
    // The target (issue 28): no coordination overhead — a session costs two runners and their database no more
    // CPU than it costs one (within 15 %). Throughput cannot show that on 2 cores: one runner already keeps about
    // 1.5 of them busy, so the gain two runners could show is capped by the ceiling above, not by the code.
    const served = (m) => m.cpu.runners + m.cpu.postgres
    const overhead = served(two) / served(one)
    return [
      { name: `serve: sessions/s, one runner on Postgres (HTTP, ${concurrency} at a time)`, value: `${one.sessionsPerSecond.toFixed(0)}/s`, baseline: `in-memory ${memory.sessionsPerSecond.toFixed(0)}/s`, ratio: `${(memory.sessionsPerSecond / one.sessionsPerSecond).toFixed(0)}× slower`, target: "(reported)", ok: true },
      { name: "serve: CPU per session, two runners on one Postgres (runners + PostgreSQL)", value: `${served(two).toFixed(1)} ms`, baseline: `one runner ${served(one).toFixed(1)} ms; CPU ceiling ${ceiling.toFixed(2)}× on ${cores} cores`, ratio: `${overhead.toFixed(2)}×`, target: "≤ 1.15× one runner", ok: overhead <= 1.15 },
      { name: "serve: sessions/s, two runners on one Postgres", value: `${two.sessionsPerSecond.toFixed(0)}/s`, baseline: `one runner ${one.sessionsPerSecond.toFixed(0)}/s; CPU ceiling ${ceiling.toFixed(2)}× on ${cores} cores`, ratio: `${scale.toFixed(2)}×`, target: "(reported)", ok: true },
      { name: "serve: turn p50 / p99, one runner on Postgres", value: `${ms(one.p50)} / ${ms(one.p99)}`, baseline: `in-memory ${ms(memory.p50)} / ${ms(memory.p99)}`, ratio: `${(one.p50 / memory.p50).toFixed(0)}×`, target: "(reported)", ok: true },
      { name: "serve: turn p50 / p99, two runners on Postgres", value: `${ms(two.p50)} / ${ms(two.p99)}`, baseline: `one runner ${ms(one.p50)} / ${ms(one.p99)}`, ratio: `${(two.p50 / one.p50).toFixed(1)}×`, target: "(reported)", ok: true },
      ...[["one runner", one], ["two runners", two]].map(([label, m]) => ({
        name: `serve: CPU per session, ${label} on Postgres (runners / PostgreSQL / client)`,
        value: `${m.cpu.runners.toFixed(1)} / ${m.cpu.postgres.toFixed(1)} / ${m.cpu.client.toFixed(1)} ms`,
        baseline: `wall ${m.wallPerSession.toFixed(1)} ms per session; runners + PostgreSQL by round ${m.servedByRound.map((x) => x.toFixed(0)).join(" / ")} ms${m.retried > 0 ? `; ${m.retried} 503s retried` : ""}`,
        ratio: `${((m.cpu.runners + m.cpu.postgres + m.cpu.client) / m.wallPerSession).toFixed(2)} cores busy`,
        target: "(reported)",
        ok: true
      })),
      { name: "serve: failover after kill -9 (two runners, Postgres)", value: `${(failoverMs / 1000).toFixed(1)} s`, baseline: `lease ${leaseMs / 1000} s`, ratio: `${(failoverMs / leaseMs).toFixed(2)}×`, target: `≤ lease + 2 s = ${leaseMs / 1000 + 2} s`, ok: failoverMs <= leaseMs + 2000 }
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // `node bench/serve-postgres.mjs [sessions per round] [concurrency] [rounds]`: these rows alone.
  const [sessions, concurrency, rounds] = process.argv.slice(2).map(Number)
  const options = { ...(sessions > 0 ? { sessions } : {}), ...(concurrency > 0 ? { concurrency } : {}), ...(rounds > 0 ? { rounds } : {}) }
  for (const row of await servePostgresRows(options)) console.log(`${row.name}: ${row.value} (baseline ${row.baseline}, ${row.ratio}; target ${row.target}${row.ok ? "" : " MISSED"})`)
}
