/**
 * What `shoal serve`'s durability costs per turn (bench/serve.mjs runs it):
 * the same one-model-call agent with a zero-latency fake model, once through
 * serve's runtime on SQLite (entity mailbox, turn workflow, journaled
 * activities, sessions as rows) and once as the terminal host runs it (load,
 * turn, save on the in-memory store) — the baseline, in the same process.
 */
import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema, Stream } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Agent } from "../src/agents/agent.js"
import { GenerateRequest, StreamEvent, userText } from "../src/domain/llm.js"
import { layerEvents } from "../src/services/events/live.js"
import { Llm } from "../src/services/llm/llm.js"
import { QuestionUI } from "../src/services/question-ui/question-ui.js"
import { ScriptedLlm } from "../src/services/llm/scripted.js"
import { layerMemory } from "../src/services/session-store/memory.js"
import { newSessionId } from "../src/services/session-store/session-kind.js"
import type { SessionId } from "../src/services/session-store/session-kind.js"
import { SessionStore } from "../src/services/session-store/session-store.js"
import { makeSqlSessionStore } from "../src/services/session-store/sql.js"
import { makeHub } from "../src/serve/hub.js"
import { makeQuestionStore } from "../src/serve/questions.js"
import type { Served } from "../src/serve/served-agent.js"
import { serveAgent } from "../src/serve/served-agent.js"
import { layerCluster, layerSql } from "../src/serve/server.js"

const State = Schema.Struct({ turns: Schema.Number })
const agent: Agent<typeof State.Type, string, { readonly _tag: "Never" }, Served, typeof State.Encoded, { readonly _tag: "Never" }> = {
  name: "bench",
  session: { name: "bench", version: 1, schema: State },
  initial: { turns: 0 },
  events: Schema.TaggedStruct("Never", {}),
  input: (line) => Effect.succeed(line),
  turn: (state, input) =>
    Effect.map(Effect.flatMap(Llm, (llm) => Effect.orDie(llm.generate(new GenerateRequest({ messages: [userText(input)] })))), (r) => ({
      reply: r.text,
      state: { turns: state.turns + 1 },
      ended: false,
      degraded: false
    })),
  view: { opening: () => "", welcomeBack: () => "", status: () => Option.none(), summary: () => Option.none(), describe: () => "" }
}

const zeroLatency = Layer.succeed(Llm, {
  provider: "fake",
  model: "fake",
  generate: () => Effect.succeed(ScriptedLlm.text("ok")),
  stream: () => Stream.make(StreamEvent.Completed({ response: ScriptedLlm.text("ok") }))
})

// The bench agent asks nothing; its events go to the same live layer the terminal uses.
const baselineServices = Layer.mergeAll(zeroLatency, layerEvents, Layer.succeed(QuestionUI, { ask: () => Effect.dieMessage("the bench agent asks nothing") }))

export interface Measured {
  readonly sessionsPerSecond: number
  readonly p50: number
  readonly p99: number
}

const percentile = (xs: ReadonlyArray<number>, p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0
}

/** `sessions` sessions of one turn each, `concurrency` at a time; then `turns` turns in a row for the latencies. */
const measure = <Id>(newSession: Effect.Effect<Id>, turn: (id: Id, n: number) => Effect.Effect<void>, sessions: number, turns: number, concurrency: number) =>
  Effect.gen(function*() {
    const start = performance.now()
    yield* Effect.forEach(Array.from({ length: sessions }, (_, i) => i), (i) => Effect.flatMap(newSession, (id) => turn(id, i)), { concurrency, discard: true })
    const sessionsPerSecond = sessions / ((performance.now() - start) / 1000)
    const id = yield* newSession
    const latencies: Array<number> = []
    for (let n = 0; n < turns; n++) {
      const t = performance.now()
      yield* turn(id, n)
      latencies.push(performance.now() - t)
    }
    return { sessionsPerSecond, p50: percentile(latencies, 50), p99: percentile(latencies, 99) } satisfies Measured
  })

/** The terminal host's path: load, turn, save, on the in-memory store. */
export const measureMemory = (sessions: number, turns: number, concurrency: number) =>
  Effect.runPromise(Effect.gen(function*() {
    const store = yield* SessionStore
    const newSession = Effect.flatMap(newSessionId, (id) => Effect.as(Effect.orDie(store.save(agent.session, id, agent.initial)), id))
    const turn = (sid: SessionId, n: number) =>
      Effect.gen(function*() {
        const state = yield* Effect.orDie(store.load(agent.session, sid))
        const result = yield* agent.turn(state, `turn ${n}`).pipe(Effect.orDie, Effect.provide(baselineServices))
        yield* Effect.orDie(store.save(agent.session, sid, result.state))
      })
    return yield* measure(newSession, turn, sessions, turns, concurrency)
  }).pipe(Effect.provide(layerMemory)))

/** serve's runtime on a fresh SQLite file. */
export const measureSqlite = (sessions: number, turns: number, concurrency: number) =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const db = join(mkdtempSync(join(tmpdir(), "shoal-serve-bench-")), "serve.sqlite")
    const context = yield* Layer.build(Layer.provideMerge(layerCluster({}), layerSql(db)))
    const sql = Context.get(context, SqlClient.SqlClient)
    const deps = { store: yield* Effect.orDie(makeSqlSessionStore(sql)), questions: yield* Effect.orDie(makeQuestionStore(sql)), hub: yield* Effect.orDie(makeHub(sql)) }
    const served = serveAgent(agent, deps)
    yield* Layer.build(served.layer.pipe(Layer.provide(zeroLatency))).pipe(Effect.provide(context))
    const newSession = Effect.map(Effect.orDie(served.create), (s) => s.id)
    const turn = (id: SessionId, n: number) =>
      served.turn(id, `t${n}`, `turn ${n}`).pipe(Effect.orDie, Effect.asVoid, Effect.provide(context))
    return yield* measure(newSession, turn, sessions, turns, concurrency)
  })))
