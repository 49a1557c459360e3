// `node --expose-gc --max-semi-space-size=256 bench/alloc.mjs shoal|langgraph TURNS`
// Bytes allocated per turn: with a young generation larger than the whole
// run allocates, no collection happens between the two readings, so the
// growth of the heap is what was allocated. A GC observer checks that; if a
// collection did run, the figure is reported as a lower bound.
import { PerformanceObserver } from "node:perf_hooks"
import { makeFakeModel, runLangGraph, runShoal, sessionScript } from "./tidy.mjs"

const [which, turnsArg] = process.argv.slice(2)
const turns = Number(turnsArg ?? 200)
const run = which === "langgraph" ? runLangGraph : runShoal

await run(20, makeFakeModel(sessionScript)) // warm up: compile, caches
let gcs = 0
const observer = new PerformanceObserver((list) => void (gcs += list.getEntries().length))
globalThis.gc()
observer.observe({ entryTypes: ["gc"] })
const before = process.memoryUsage().heapUsed
await run(turns, makeFakeModel(sessionScript))
const after = process.memoryUsage().heapUsed
await new Promise((resolve) => setImmediate(resolve)) // let the observer deliver
observer.disconnect()
process.stdout.write(JSON.stringify({ bytesPerTurn: Math.max(0, after - before) / turns, gcs }))
