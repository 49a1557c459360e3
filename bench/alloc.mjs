// `node --expose-gc --min-semi-space-size=1024 --max-semi-space-size=1024 bench/alloc.mjs shoal|langgraph TURNS`
// Bytes allocated per turn, in the steady state of a long-running process, without the session's own set-up.
//
// - A reading: from a collected heap, one whole session; with a young generation larger than the session
//   allocates from the start (the minimum semi-space too: it otherwise starts at 1 MB and grows only by
//   collecting), no collection runs in between (V8's GC profiler checks it, else the figure is a lower bound),
//   so the heap's growth is what the session allocated.
// - Per turn is the difference between a session of 2×TURNS turns and one of TURNS, over TURNS: what one
//   more turn costs, without what a session costs once (Shoal's layers; LangGraph's graph, which this bench
//   compiles per session where an application would compile it once).
// - Steady state: the first pairs are discarded (V8 still compiling), then the median of the rest.
// Measured before this way (one 200-turn session after a 20-turn warm-up, a 256 MB maximum semi-space but the
// default minimum, a PerformanceObserver that never saw a collection): young-generation collections ran
// unseen inside the window, and the figures (96 or 244 KiB a turn for Shoal, 127–385 for LangGraph, by
// process) were what survived them. Here no collection runs: Shoal ~185 KiB, LangGraph ~910 KiB a turn.
import { GCProfiler } from "node:v8"
import { makeFakeModel, runLangGraph, runShoal, sessionScript } from "./tidy.mjs"

const [which, turnsArg] = process.argv.slice(2)
const turns = Number(turnsArg ?? 200)
const run = which === "langgraph" ? runLangGraph : runShoal
const warmPairs = 3
const measuredPairs = 5

const session = async (length) => {
  globalThis.gc()
  const profiler = new GCProfiler()
  profiler.start()
  const before = process.memoryUsage().heapUsed
  await run(length, makeFakeModel(sessionScript))
  const after = process.memoryUsage().heapUsed
  return { bytes: Math.max(0, after - before), gcs: profiler.stop().statistics.length }
}

const perTurn = []
const setUp = []
let gcs = 0
for (let pair = 0; pair < warmPairs + measuredPairs; pair++) {
  const short = await session(turns)
  const long = await session(2 * turns)
  if (pair < warmPairs) continue
  gcs += short.gcs + long.gcs
  const marginal = Math.max(0, long.bytes - short.bytes) / turns
  perTurn.push(marginal)
  setUp.push(Math.max(0, short.bytes - marginal * turns))
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
process.stdout.write(JSON.stringify({ bytesPerTurn: median(perTurn), sessionSetUp: median(setUp), gcs }))
