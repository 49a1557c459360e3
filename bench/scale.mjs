// `node --expose-gc bench/scale.mjs SESSIONS TURNS`: SESSIONS tidy sessions at
// once in one process (zero-latency model, in-memory state), against one
// session run alone. Prints turns per second for both and the heap each
// live session holds.
import { runConcurrent, runShoal } from "./tidy.mjs"

const sessions = Number(process.argv[2] ?? 1000)
const turns = Number(process.argv[3] ?? 20)

await runShoal(turns) // warm up
let start = performance.now()
for (let i = 0; i < 20; i++) await runShoal(turns)
const aloneTurnsPerSecond = (20 * turns) / ((performance.now() - start) / 1000)

globalThis.gc()
const baseline = process.memoryUsage().heapUsed
start = performance.now()
const states = await runConcurrent(sessions, turns)
const concurrentTurnsPerSecond = (sessions * turns) / ((performance.now() - start) / 1000)
globalThis.gc()
const bytesPerSession = (process.memoryUsage().heapUsed - baseline) / states.length
process.stdout.write(JSON.stringify({ aloneTurnsPerSecond, concurrentTurnsPerSecond, bytesPerSession, sessions: states.length }))
