// `npm run bench`: Shoal's speed targets, each a ratio against a baseline
// measured in the same run (so a busy machine does not change the verdict).
// Prints a table; exits non-zero when a target is missed.
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { externalPackages } from "../scripts/cli-bundle.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))
const shoal = join(root, "bin/shoal.js")
const runs = Number(process.env.SHOAL_BENCH_RUNS ?? 21)

// Always measure the code as it is now.
process.stderr.write("building (npm run build)…\n")
if (spawnSync(process.execPath, [join(root, "scripts/build.mjs")], { stdio: "inherit" }).status !== 0) process.exit(1)

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
const heavyLoaded = loaded.filter((url) => externalPackages.some((p) => url.includes(`/node_modules/${p}/`)))
rmSync(dir, { recursive: true, force: true })
rows.push({
  name: "heavy modules loaded by --help",
  value: String(heavyLoaded.length),
  baseline: `${loaded.length} modules in all`,
  ratio: "—",
  target: "0",
  ok: heavyLoaded.length === 0 && loaded.length > 0
})

// 3. Tidy runtime overhead per turn: Shoal against the same loop on LangGraph.js.
const { runLangGraph, runShoal, countCalls } = await import("./tidy.mjs")
const turns = 200
const shoalMs = []
const graphMs = []
await runShoal(20)
await runLangGraph(20)
for (let i = 0; i < 7; i++) {
  let t = performance.now()
  await runShoal(turns)
  shoalMs.push((performance.now() - t) / turns)
  t = performance.now()
  await runLangGraph(turns)
  graphMs.push((performance.now() - t) / turns)
}
const perTurn = { candidate: median(shoalMs), baseline: median(graphMs) }
rows.push({
  name: "tidy turn time (200-turn session, fake model)",
  value: `${perTurn.candidate.toFixed(3)} ms`,
  baseline: `LangGraph.js ${perTurn.baseline.toFixed(3)} ms`,
  ratio: `${(perTurn.candidate / perTurn.baseline).toFixed(2)}×`,
  target: "≤ 1×",
  ok: perTurn.candidate <= perTurn.baseline
})

// Bytes per turn in a long-running process's steady state, one turn more against a session's set-up (bench/alloc.mjs).
const alloc = (which) => {
  const r = spawnSync(process.execPath, ["--expose-gc", "--min-semi-space-size=1024", "--max-semi-space-size=1024", join(root, "bench/alloc.mjs"), which, String(turns)], { encoding: "utf8" })
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout)
}
const shoalAlloc = alloc("shoal")
const graphAlloc = alloc("langgraph")
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`
rows.push({
  name: "tidy bytes allocated per turn (steady state; a session's set-up apart)",
  value: `${kib(shoalAlloc.bytesPerTurn)}${shoalAlloc.gcs > 0 ? " (≥, a GC ran)" : ""}; set-up ${kib(shoalAlloc.sessionSetUp)}`,
  baseline: `LangGraph.js ${kib(graphAlloc.bytesPerTurn)}${graphAlloc.gcs > 0 ? " (≥)" : ""}; set-up ${kib(graphAlloc.sessionSetUp)}`,
  ratio: `${(shoalAlloc.bytesPerTurn / graphAlloc.bytesPerTurn).toFixed(2)}×`,
  target: "≤ 1×",
  ok: shoalAlloc.gcs === 0 && graphAlloc.gcs === 0 && shoalAlloc.bytesPerTurn <= graphAlloc.bytesPerTurn
})

// 4. Model calls and tokens in the scripted tidy session.
const calls = await countCalls(turns)
rows.push({
  name: "tidy model calls for canned replies",
  value: String(calls.cannedActCalls),
  baseline: `${calls.cannedTurns} canned of ${calls.turns} turns`,
  ratio: "—",
  target: "0",
  ok: calls.cannedActCalls === 0
})
rows.push({
  name: "tidy model calls / tokens per turn",
  value: `${(calls.calls / calls.turns).toFixed(2)} calls`,
  baseline: `${Math.round(calls.inputTokens / calls.turns)} in, ${Math.round(calls.outputTokens / calls.turns)} out`,
  ratio: "—",
  target: "(reported)",
  ok: true
})

// 5. Scale: 1,000 concurrent sessions in one process.
const scaleRun = spawnSync(process.execPath, ["--expose-gc", join(root, "bench/scale.mjs"), "1000", "20"], { encoding: "utf8" })
if (scaleRun.status !== 0) throw new Error(scaleRun.stderr)
const scale = JSON.parse(scaleRun.stdout)
rows.push({
  name: "1,000 concurrent tidy sessions: turns/s",
  value: `${Math.round(scale.concurrentTurnsPerSecond)}/s`,
  baseline: `one session alone ${Math.round(scale.aloneTurnsPerSecond)}/s`,
  ratio: `${(scale.concurrentTurnsPerSecond / scale.aloneTurnsPerSecond).toFixed(2)}×`,
  target: "≥ 0.5×",
  ok: scale.concurrentTurnsPerSecond >= 0.5 * scale.aloneTurnsPerSecond
})
rows.push({
  name: "1,000 concurrent tidy sessions: heap per session",
  value: `${(scale.bytesPerSession / 1024).toFixed(1)} KiB`,
  baseline: `${scale.sessions} live sessions`,
  ratio: "—",
  target: "≤ 64 KiB",
  ok: scale.bytesPerSession <= 64 * 1024
})

// 6. Android: the seeds/000 example meal on the simulated phone, through the real adb client.
const { logExampleOnPhone, logExampleWithToolLoop, parseLargestDump } = await import("./android.mjs")
const phone = await logExampleOnPhone()
const loop = await logExampleWithToolLoop(phone.services)
const foods = 3
const loopCalls = loop.calls / foods
rows.push({
  name: "fitlog on the phone: model calls per food (navigator)",
  value: (phone.model.calls / foods).toFixed(2),
  baseline: `Chat↔Tool loop ${loopCalls.toFixed(1)} (${loop.logged} of ${foods} logged)`,
  ratio: `${(phone.model.calls / foods / loopCalls).toFixed(3)}×`,
  target: "≤ 1 per food",
  ok: phone.logged === foods && loop.logged === foods && phone.model.calls / foods <= 1 && phone.model.calls < loop.calls
})
rows.push({
  name: "fitlog on the phone: tokens per food",
  value: `${Math.round(phone.model.inputTokens / foods)} in`,
  baseline: `${Math.round(phone.model.outputTokens / foods)} out`,
  ratio: "—",
  target: "(reported)",
  ok: true
})
rows.push({
  name: "fitlog on the phone: adb round trips per food",
  value: (phone.roundTrips / foods).toFixed(1),
  baseline: `${phone.actions} actions, ${phone.reads} dumps in all`,
  ratio: "—",
  target: "(reported)",
  ok: true
})
const dump = parseLargestDump()
rows.push(dump === undefined
  ? { name: "largest real uiautomator dump: parse", value: "—", baseline: "../shared/fixtures not found", ratio: "—", target: "(reported)", ok: true }
  : {
    name: `parse ${dump.file} (${Math.round(dump.bytes / 1024)} KiB, ${dump.nodes} nodes)`,
    value: `${dump.parseMs.toFixed(3)} ms`,
    baseline: `one regex scan ${dump.scanMs.toFixed(3)} ms`,
    ratio: `${(dump.parseMs / dump.scanMs).toFixed(0)}×`,
    target: "(reported)",
    ok: true
  })

// Shop: which result the offline shopper picks (bench/shop-relevance.mjs).
rows.push(...(await import("./shop-relevance.mjs")).relevanceRows())
const { measureSandbox } = await import("./sandbox.mjs")
const sandboxCost = await measureSandbox()
rows.push({ name: "droid sandbox: fresh run (thread + QuickJS)", value: `${sandboxCost.freshMs.toFixed(1)} ms`, baseline: `warm session run ${sandboxCost.warmMs.toFixed(2)} ms`, ratio: `${(sandboxCost.freshMs / sandboxCost.warmMs).toFixed(0)}×`, target: "(reported)", ok: true })
rows.push({ name: "droid sandbox: one host-function call", value: `${sandboxCost.callUs.toFixed(1)} µs`, baseline: "—", ratio: "—", target: "(reported)", ok: true })
// Tidy care: feelings recognised on the written corpus, false alarms on item messages (bench/tidy-care.mjs).
const care = (await import("./tidy-care.mjs")).scoreCare()
const pct = (x) => `${(100 * x).toFixed(0)} %`
for (const r of care.rows) {
  rows.push({ name: `tidy care: ${r.feeling} recognised (${r.n} msgs)`, value: pct(r.recognised), baseline: `old keywords ${pct(r.baseline)}`, ratio: "—", target: "≥ 90 %", ok: r.recognised >= 0.9 })
}
rows.push({ name: `tidy care: false alarms on ${care.falseAlarms.n} item msgs`, value: pct(care.falseAlarms.rate), baseline: `old keywords ${pct(care.falseAlarms.baseline)}`, ratio: "—", target: "≤ 2 %", ok: care.falseAlarms.rate <= 0.02 })
rows.push({ name: `tidy care, held-out: ${care.held.n} feelings / ${care.held.items} items`, value: `${pct(care.held.recognised)} / ${pct(care.held.falseAlarms)}`, baseline: `old ${pct(care.held.baseline)} / ${pct(care.held.baselineAlarms)}`, ratio: "—", target: "(reported)", ok: true })
// 7. Shop quality on four fixture stores, against each store's real cart (bench/shop-quality.mjs).
const { shopQualityRows } = await import("./shop-quality.mjs")
rows.push(...shopQualityRows())
// 7. fitlog estimate quality on NutriBench's development split (bench/fitlog-quality.mjs; skipped without ../shared).
const { fitlogQuality } = await import("./fitlog-quality.mjs")
rows.push(...await fitlogQuality(await import("../dist/lib/index.js")))

// droid: per-step cost of the screen hash and of a --vision frame (bench/droid-runs.mjs).
rows.push(...await (await import("./droid-runs.mjs")).droidRunRows(await import("../dist/lib/index.js")))
// droid: the element list the model reads, over the real dumps (bench/droid-screen.mjs).
rows.push(...(await import("./droid-screen.mjs")).screenRows())
// 9. First run of the README's quick start (bench/first-run.mjs).
rows.push(...(await import("./first-run.mjs")).firstRunRows())
// droid sandbox: what tracking lost async errors costs (bench/sandbox-async.mjs).
rows.push(...await (await import("./sandbox-async.mjs")).sandboxAsyncRows())
// shoal serve: sessions/s, turn p50/p99 per configuration (SQLite; the engine alone) vs in-memory (bench/serve.mjs).
rows.push(...await (await import("./serve.mjs")).serveRows())
// shoal serve on Postgres: one runner vs two, and failover after kill -9 (bench/serve-postgres.mjs; a skip row without PostgreSQL).
rows.push(...await (await import("./serve-postgres.mjs")).servePostgresRows())
const header = ["benchmark", "value", "baseline", "ratio", "target", "verdict"]
const table = [header, ...rows.map((r) => [r.name, r.value, r.baseline, r.ratio, r.target, r.ok ? "ok" : "MISSED"])]
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)))
const line = (row) => `| ${row.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`
console.log([line(table[0]), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...table.slice(1).map(line)].join("\n"))
console.log(`\n${runs} runs each, medians; ${new Date().toISOString().slice(0, 10)}, node ${process.version}`)
if (rows.some((r) => !r.ok)) process.exit(1)
