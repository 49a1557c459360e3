// Sandbox benchmarks (bench/README.md): what running model code in a worker
// thread costs — a fresh sandbox (thread start and QuickJS load) against a
// run in a warm session, and one host-function round trip (the code blocks
// on Atomics.wait while the host answers) against a plain loop step.
import { Duration, Effect } from "effect"
import { layerQuickJs } from "../dist/lib/services/sandbox/quickjs.js"
import { Sandbox } from "../dist/lib/services/sandbox/sandbox.js"

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

export const measureSandbox = (runs = 9) =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const sandbox = yield* Sandbox
    const time = (effect) => Effect.map(Effect.timed(effect), ([d]) => Duration.toMillis(d))
    const fresh = []
    for (let i = 0; i < runs; i++) fresh.push(yield* time(sandbox.run("1 + 1")))
    const session = yield* sandbox.session({ functions: { ping: () => Effect.succeed(1) }, maxCalls: 100_000, timeLimitMs: 60_000 })
    const warm = []
    for (let i = 0; i < runs; i++) warm.push(yield* time(session.run("1 + 1")))
    const calls = 2_000
    const withCalls = yield* time(session.run(`let s = 0; for (let i = 0; i < ${calls}; i++) s += ping(); s`))
    const plain = yield* time(session.run(`let t = 0; for (let i = 0; i < ${calls}; i++) t += 1; t`))
    return { freshMs: median(fresh), warmMs: median(warm), callUs: ((withCalls - plain) / calls) * 1000 }
  })).pipe(Effect.provide(layerQuickJs)))
