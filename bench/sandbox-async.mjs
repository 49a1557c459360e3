// Lost-async-error tracking (src/services/sandbox/instrument.ts): what the
// text rewrite costs per step, against a warm sandbox run of the same code,
// and a promise-heavy step (each `.then` goes through the tracking wrapper)
// against the same work done synchronously.
import { Duration, Effect } from "effect"
import { instrument } from "../dist/lib/services/sandbox/instrument.js"
import { layerQuickJs } from "../dist/lib/services/sandbox/quickjs.js"
import { Sandbox } from "../dist/lib/services/sandbox/sandbox.js"

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** A CodeAct step of the usual shape, repeated to about 2 KB. */
const step = Array.from({ length: 20 }, (_, i) => `async function go${i}(n) {\n  try { const r = await tap(n) ; print("ok " + r) } catch (e) { print(e.message) }\n}\ngo${i}(${i})`).join("\n")

export const measureSandboxAsync = (runs = 9) =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const rewrite = []
    for (let i = 0; i < runs * 10; i++) {
      const t = performance.now()
      instrument(step)
      rewrite.push(performance.now() - t)
    }
    const sandbox = yield* Sandbox
    const time = (effect) => Effect.map(Effect.timed(effect), ([d]) => Duration.toMillis(d))
    const session = yield* sandbox.session({ functions: { tap: (args) => Effect.succeed(args[0]) }, maxCalls: 100_000, timeLimitMs: 60_000 })
    const warm = []
    for (let i = 0; i < runs; i++) warm.push(yield* time(session.run(step)))
    const n = 2_000
    const thens = []
    const sync = []
    for (let i = 0; i < runs; i++) {
      thens.push(yield* time(session.run(`{ let p = Promise.resolve(0); for (let i = 0; i < ${n}; i++) p = p.then((v) => v + 1) }; 1`)))
      sync.push(yield* time(session.run(`{ let v = 0; const f = (x) => x + 1; for (let i = 0; i < ${n}; i++) v = f(v) }; 1`)))
    }
    return { chars: step.length, rewriteMs: median(rewrite), warmMs: median(warm), thenUs: ((median(thens) - median(sync)) / n) * 1000 }
  })).pipe(Effect.provide(layerQuickJs)))

export const sandboxAsyncRows = async () => {
  const m = await measureSandboxAsync()
  return [
    { name: `droid sandbox: async tracking rewrite of a ${(m.chars / 1024).toFixed(1)} KB step`, value: `${m.rewriteMs.toFixed(2)} ms`, baseline: `warm run of it ${m.warmMs.toFixed(2)} ms`, ratio: `${(m.rewriteMs / m.warmMs).toFixed(2)}×`, target: "< 0.5× the run", ok: m.rewriteMs < 0.5 * m.warmMs },
    { name: "droid sandbox: one tracked .then (over a plain call)", value: `${m.thenUs.toFixed(1)} µs`, baseline: "—", ratio: "—", target: "(reported)", ok: true }
  ]
}
