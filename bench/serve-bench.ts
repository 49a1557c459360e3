/**
 * What `shoal serve`'s durability costs per turn (bench/serve.mjs runs it):
 * the same one-model-call agent with a zero-latency fake model, as the
 * terminal host runs it (load, turn, save on the in-memory store) — the
 * baseline — and through serve's runtime (entity mailbox, turn workflow,
 * journaled model call, sessions as rows) on SQLite. A third configuration,
 * serve's runtime on the cluster's in-memory message storage, splits serve's
 * cost into the engine's (messages, entities, workflows) and the journal's
 * (SQL). The configurations take turns in rounds in one process, so drift in
 * a busy machine's load hits them alike.
 */
import { ClusterWorkflowEngine, MessageStorage, RunnerHealth, Runners, RunnerStorage, Sharding, ShardingConfig } from "@effect/cluster"
import { SqlClient } from "@effect/sql"
import { Annotation, END, START, StateGraph } from "@langchain/langgraph"
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite"
import { Context, Duration, Effect, Layer, Option, Schema, Stream } from "effect"
import type { Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
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
  /** Process CPU time per turn of the latency phase (user + system), ms. */
  readonly cpuPerTurn: number
}

const percentile = (xs: ReadonlyArray<number>, p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0
}

/** One configuration: how it makes a session and takes a turn on it. */
interface Driver<Id> {
  readonly newSession: Effect.Effect<Id>
  readonly turn: (id: Id, n: number) => Effect.Effect<void>
}

/** The terminal host's path: load, turn, save, on the in-memory store. */
const memoryDriver: Effect.Effect<Driver<SessionId>> = Effect.map(SessionStore, (store) => ({
  newSession: Effect.flatMap(newSessionId, (id) => Effect.as(Effect.orDie(store.save(agent.session, id, agent.initial)), id)),
  turn: (sid: SessionId, n: number) =>
    Effect.gen(function*() {
      const state = yield* Effect.orDie(store.load(agent.session, sid))
      const result = yield* agent.turn(state, `turn ${n}`).pipe(Effect.orDie, Effect.provide(baselineServices))
      yield* Effect.orDie(store.save(agent.session, sid, result.state))
    })
})).pipe(Effect.provide(layerMemory))

/** The cluster's own in-memory message storage under serve's one runner: the engine without a journal on disk. */
const layerMemoryCluster = ClusterWorkflowEngine.layer.pipe(
  Layer.provideMerge(Sharding.layer.pipe(
    Layer.provideMerge(Runners.layerNoop),
    Layer.provideMerge(MessageStorage.layerMemory),
    Layer.provide([RunnerStorage.layerMemory, RunnerHealth.layerNoop]),
    Layer.provide(ShardingConfig.layer({ entityMessagePollInterval: Duration.seconds(1) }))
  )),
  Layer.orDie
)

/** A scratch directory under the OS's temp dir, removed when the scope closes (after what was opened in it). */
const tempDir = (prefix: string): Effect.Effect<string, never, Scope.Scope> =>
  Effect.acquireRelease(Effect.sync(() => mkdtempSync(join(tmpdir(), prefix))), (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))

/**
 * serve's runtime: `cluster` (serve's runner on SQLite, or the in-memory one) on `db`, which also holds the
 * questions; the sessions in `db` too, or in memory with the in-memory cluster.
 */
const serveDriver = (cluster: "sqlite" | "memory"): Effect.Effect<Driver<SessionId>, never, Scope.Scope> =>
  Effect.gen(function*() {
    const db = cluster === "sqlite" ? join(yield* tempDir("shoal-serve-bench-"), "serve.sqlite") : ":memory:"
    const context = yield* Layer.build(Layer.provideMerge(cluster === "sqlite" ? layerCluster({}) : layerMemoryCluster, Layer.orDie(layerSql(db))))
    const sql = Context.get(context, SqlClient.SqlClient)
    const store = cluster === "sqlite" ? yield* Effect.orDie(makeSqlSessionStore(sql)) : yield* Effect.provide(SessionStore, layerMemory)
    const deps = { store, questions: yield* Effect.orDie(makeQuestionStore(sql)), hub: yield* Effect.orDie(makeHub(sql)) }
    const served = serveAgent(agent, deps)
    yield* Layer.build(served.layer.pipe(Layer.provide(zeroLatency))).pipe(Effect.provide(context))
    return {
      newSession: Effect.map(Effect.orDie(served.create), (s) => s.id),
      turn: (id: SessionId, n: number) => served.turn(id, `t${n}`, `turn ${n}`).pipe(Effect.orDie, Effect.asVoid, Effect.provide(context))
    }
  })

/**
 * The same turn on LangGraph.js: one node that asks the zero-latency model and appends its reply to the
 * thread's messages, a thread per session, checkpointed by SqliteSaver into a temporary file — in WAL mode
 * with synchronous = NORMAL, as serve opens its SQLite, so both pay the same for a commit — and each step's
 * checkpoint written before the next starts (durability "sync"; invoke returns after the last in any mode).
 */
const GraphState = Annotation.Root({
  messages: Annotation<ReadonlyArray<string>>({ reducer: (a, b) => [...a, ...b], default: () => [] }),
  turns: Annotation<number>({ reducer: (_, b) => b, default: () => 0 })
})
const zeroLatencyModel = (_messages: ReadonlyArray<string>) => "ok"

const langGraphDriver: Effect.Effect<Driver<SessionId>, never, Scope.Scope> = Effect.gen(function*() {
  const dir = yield* tempDir("shoal-langgraph-bench-")
  const saver = yield* Effect.acquireRelease(
    Effect.sync(() => {
      const saver = SqliteSaver.fromConnString(join(dir, "checkpoints.sqlite"))
      saver.db.pragma("journal_mode = WAL")
      saver.db.pragma("synchronous = NORMAL")
      return saver
    }),
    (saver) => Effect.sync(() => saver.db.close())
  )
  const graph = new StateGraph(GraphState)
    .addNode("reply", (state) => ({ messages: [zeroLatencyModel(state.messages)], turns: state.turns + 1 }))
    .addEdge(START, "reply")
    .addEdge("reply", END)
    .compile({ checkpointer: saver })
  return {
    // A thread is made by its first checkpoint: nothing to write before the first turn.
    newSession: newSessionId,
    turn: (id: SessionId, n: number) => Effect.asVoid(Effect.promise(() => graph.invoke({ messages: [`turn ${n}`] }, { configurable: { thread_id: id }, durability: "sync" })))
  }
})

interface Tally {
  sessions: number
  sessionMs: number
  cpuMs: number
  readonly latencies: Array<number>
}

/**
 * Each round gives every configuration `sessions / rounds` new sessions of one turn each (`concurrency` at a
 * time) and then `turns / rounds` turns in a row on one session of its own, timing each.
 */
const measureDrivers = (drivers: ReadonlyArray<Driver<SessionId>>, sessions: number, turns: number, concurrency: number, rounds: number) =>
  Effect.gen(function*() {
    const tallies: Array<Tally> = drivers.map(() => ({ sessions: 0, sessionMs: 0, cpuMs: 0, latencies: [] }))
    const longLived = yield* Effect.forEach(drivers, (d) => d.newSession)
    let turnNo = 0
    for (let round = 0; round < rounds; round++) {
      for (const [i, driver] of drivers.entries()) {
        const tally = tallies[i]
        const id = longLived[i]
        if (tally === undefined || id === undefined) continue
        const batch = Math.ceil(sessions / rounds)
        const start = performance.now()
        yield* Effect.forEach(Array.from({ length: batch }, (_, k) => k), (k) => Effect.flatMap(driver.newSession, (sid) => driver.turn(sid, k)), { concurrency, discard: true })
        tally.sessionMs += performance.now() - start
        tally.sessions += batch
        const cpu = process.cpuUsage()
        for (let n = 0; n < Math.ceil(turns / rounds); n++) {
          const t = performance.now()
          yield* driver.turn(id, turnNo++)
          tally.latencies.push(performance.now() - t)
        }
        const used = process.cpuUsage(cpu)
        tally.cpuMs += (used.user + used.system) / 1000
      }
    }
    return tallies.map((t): Measured => ({
      sessionsPerSecond: t.sessions / (t.sessionMs / 1000),
      p50: percentile(t.latencies, 50),
      p99: percentile(t.latencies, 99),
      cpuPerTurn: t.cpuMs / Math.max(1, t.latencies.length)
    }))
  })

export interface ServeMeasures {
  /** The terminal host's path on the in-memory store: the baseline. */
  readonly memory: Measured
  /** serve's runtime on the cluster's in-memory storage: the engine's share. */
  readonly engine: Measured
  /** serve's runtime on SQLite, one runner. */
  readonly sqlite: Measured
  /** The same turn on LangGraph.js with its SQLite checkpointer. */
  readonly langgraph: Measured
}

/** All four configurations, interleaved in `rounds` rounds. */
export const measureServe = (sessions: number, turns: number, concurrency: number, rounds = 5): Promise<ServeMeasures> =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const drivers = [yield* memoryDriver, yield* serveDriver("memory"), yield* serveDriver("sqlite"), yield* langGraphDriver]
    // A few turns each first, so no configuration pays the JIT's warm-up inside the timings.
    yield* measureDrivers(drivers, drivers.length * 2, 10, 2, 1)
    const [memory, engine, sqlite, langgraph] = yield* measureDrivers(drivers, sessions, turns, concurrency, rounds)
    if (memory === undefined || engine === undefined || sqlite === undefined || langgraph === undefined) {
      return yield* Effect.dieMessage("four configurations were measured")
    }
    return { memory, engine, sqlite, langgraph }
  })))

/** One configuration alone (for other benches that compare a database against the same baseline). */
export const measureMemory = (sessions: number, turns: number, concurrency: number) =>
  Effect.runPromise(Effect.flatMap(memoryDriver, (d) => measureDrivers([d], sessions, turns, concurrency, 1)).pipe(Effect.map((ms) => ms[0])))
export const measureSqlite = (sessions: number, turns: number, concurrency: number) =>
  Effect.runPromise(Effect.scoped(Effect.flatMap(serveDriver("sqlite"), (d) => measureDrivers([d], sessions, turns, concurrency, 1))).pipe(Effect.map((ms) => ms[0])))
