/**
 * `shoal serve` in the test's process: the real runtime (runner, entities,
 * workflows, routes, guards) on a SQLite file and a loopback port, with a
 * tiny `echo` agent whose turn calls the model once and, for "ask…", asks a
 * Confirm question (for "slow…", it takes 3 s after the model call) — enough to see every path of the API without a real model.
 * For "note…" the turn is a tool loop instead: the model may call `write_note`, whose side effect
 * goes to the `Notebook` the server was given (a file in the kill test), then the same "ask"/"slow" rules
 * apply to what follows "note ". A line with "dated" in it is kept with the day its input was read on
 * and the day the turn read at its end (`Clock`, UTC); one with "zoned" in it, with the time zone the turn
 * read at its end (`DateTime.CurrentTimeZone`).
 */
import { HttpServer } from "@effect/platform"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import type { Duration, Redacted, Scope } from "effect"
import { SqlClient } from "@effect/sql"
import { mkdtempSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makeHub } from "../../src/serve/hub.js"
import { makeQuestionStore } from "../../src/serve/questions.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { makeSqlSessionStore } from "../../src/services/session-store/sql.js"
import type { Agent } from "../../src/agents/agent.js"
import { GenerateRequest, userText } from "../../src/domain/llm.js"
import { typedEvents } from "../../src/services/events/events.js"
import { Llm } from "../../src/services/llm/llm.js"
import { QuestionUI } from "../../src/services/question-ui/question-ui.js"
import type { Served } from "../../src/serve/served-agent.js"
import { provideAgent, serveAgent } from "../../src/serve/served-agent.js"
import * as Tool from "../../src/services/llm/tool.js"
import * as ToolLoop from "../../src/services/llm/tool-loop.js"
import { layerCluster, layerServe, layerSql } from "../../src/serve/server.js"
import type { AgentFactory } from "../../src/serve/server.js"

export const EchoState = Schema.Struct({ turns: Schema.Number, said: Schema.Array(Schema.String) })
export type EchoState = typeof EchoState.Type
export const EchoEvent = Schema.Union(Schema.TaggedStruct("Heard", { text: Schema.String }))
const events = typedEvents(EchoEvent)

/** A notebook that would not take a note: `write_note`'s typed failure (failureMode "error": it fails the tool loop). */
export class NoteRefused extends Schema.TaggedError<NoteRefused>()("NoteRefused", { text: Schema.String }) {}

/** Where `write_note` writes: the side effect a replayed turn must not repeat (a refused note is an attempt too). */
export class Notebook extends Context.Tag("test/Notebook")<Notebook, { readonly write: (text: string) => Effect.Effect<void, NoteRefused> }>() {}

const writeNote = Tool.make("write_note", {
  description: "Write a note.",
  parameters: Schema.Struct({ text: Schema.String }),
  success: Schema.Struct({ written: Schema.Boolean }),
  failure: NoteRefused,
  handler: ({ text }) => Effect.as(Effect.flatMap(Notebook, (n) => n.write(text)), { written: true })
})

/** The model's answer to `input`: one call, or for "note…" a tool loop's final text ("refused: …" when the notebook refused). */
const modelReply = (input: string) =>
  input.startsWith("note")
    ? ToolLoop.run({ messages: [userText(input)], tools: [writeNote] }).pipe(
      Effect.map((r) => (r.turn._tag === "Parsed" ? r.turn.value : "(no model)")),
      Effect.catchTag("NoteRefused", (e) => Effect.succeed(`refused: ${e.text}`))
    )
    : Effect.flatMap(Llm, (llm) => llm.generate(new GenerateRequest({ messages: [userText(input)] }))).pipe(
      Effect.map((r) => r.text),
      Effect.orElseSucceed(() => "(no model)")
    )

/** A line as the echo agent's input: its text, and the day (UTC) the input was read on, from `Clock`. */
export interface EchoInput {
  readonly text: string
  readonly day: string
}

export const echoAgent: Agent<EchoState, EchoInput, typeof EchoEvent.Type, Served | Notebook, typeof EchoState.Encoded, typeof EchoEvent.Encoded> = {
  name: "echo",
  session: { name: "echo", version: 1, schema: EchoState },
  initial: { turns: 0, said: [] },
  events: EchoEvent,
  input: (text) => Effect.map(DateTime.now, (now) => ({ text, day: DateTime.formatIsoDate(now) })),
  turn: (state, { day, text: input }) =>
    Effect.gen(function*() {
      const response = yield* modelReply(input)
      const rest = input.replace(/^note /, "")
      yield* events.emit({ _tag: "Heard", text: input })
      // "slow…": the turn goes on a while after its paid model call (a window to kill the runner in).
      if (rest.startsWith("slow")) yield* Effect.sleep("3 seconds")
      const asked = rest.startsWith("ask")
        ? yield* Effect.flatMap(QuestionUI, (ui) => ui.ask({ _tag: "Confirm", prompt: `Really ${input}?`, default: false }))
        : undefined
      const extra = asked === undefined ? "" : asked._tag === "ConfirmAnswer" && asked.confirmed ? " (confirmed)" : " (declined)"
      // "…dated…": what is said keeps the day the input was read on and the day the turn read at its end.
      // "…zoned…": it keeps the time zone the turn read at its end (the user's, or "runner's" when none was given).
      const zone = Option.match(yield* Effect.serviceOption(DateTime.CurrentTimeZone), { onNone: () => "runner's", onSome: DateTime.zoneToString })
      const said = input.includes("dated")
        ? `${input} @ ${day} ${DateTime.formatIsoDate(yield* DateTime.now)}`
        : input.includes("zoned")
        ? `${input} @ ${zone}`
        : input
      return { reply: `${response}${extra}`, state: { turns: state.turns + 1, said: [...state.said, said] }, ended: input === "stop", degraded: false }
    }),
  view: {
    opening: () => "Say anything.",
    welcomeBack: (s) => `Back after ${s.turns} turns.`,
    status: (s) => Option.some(`${s.turns} turns`),
    summary: () => Option.none(),
    describe: (s) => `${s.turns} turns`
  }
}

export interface Served_ {
  readonly url: string
  readonly request: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Effect.Effect<{ readonly status: number; readonly json: unknown }>
}

/** The server on `db` (a SQLite file or a postgres:// URL), listening on 127.0.0.1, for the scope. */
export const startServe = (options: {
  readonly db: string
  readonly llm: Layer.Layer<Llm>
  readonly token?: Redacted.Redacted<string>
  readonly maxBodyBytes?: number
  readonly unavailable?: ReadonlyArray<{ readonly name: string; readonly enable: string }>
  /** How long a posted question waits before its fallback (default: serve's 5 minutes). */
  readonly questionTimeout?: Duration.DurationInput
  /** Where the echo agent's `write_note` writes (default: nowhere). */
  readonly notebook?: Context.Tag.Service<Notebook>
  /** One of several runners on a Postgres `db`, reached by the others at 127.0.0.1:`runnerPort`. */
  readonly runnerPort?: number
  /** Agents served beside echo (fitlog chat with its diary…). */
  readonly agents?: ReadonlyArray<AgentFactory>
}): Effect.Effect<Served_, never, Scope.Scope> =>
  Effect.gen(function*() {
    const http = NodeHttpServer.layer(() => createServer(), { port: 0, host: "127.0.0.1" })
    const app = layerServe(
      {
        host: "127.0.0.1",
        token: Option.fromNullable(options.token),
        ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
        ...(options.unavailable === undefined ? {} : { unavailable: options.unavailable }),
        ...(options.runnerPort === undefined ? {} : { runner: { host: "127.0.0.1", port: options.runnerPort } })
      },
      [(deps) =>
        serveAgent(
          provideAgent(echoAgent, Context.make(Notebook, options.notebook ?? { write: () => Effect.void })),
          deps,
          options.questionTimeout === undefined ? {} : { questionTimeout: options.questionTimeout }
        ), ...(options.agents ?? [])]
    ).pipe(Layer.provideMerge(http), Layer.provide(options.llm), Layer.provide(layerSql(options.db)))
    const context = yield* Layer.build(Layer.orDie(app))
    const address = Context.get(context, HttpServer.HttpServer).address
    const url = address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : ""
    const request = requestTo(url)
    return { url, request }
  })

/** What the tests read out of responses, decoded (not cast). */
export const idOf = (json: unknown): string => Schema.decodeUnknownSync(Schema.Struct({ id: Schema.String }))(json).id
export const questionIdOf = (json: unknown): string =>
  Schema.decodeUnknownSync(Schema.Struct({ waitingFor: Schema.Struct({ id: Schema.String }) }))(json).waitingFor.id
export const SessionView = Schema.Struct({ state: EchoState, pending: Schema.Array(Schema.Struct({ id: Schema.String })) })

/** A request to `url`, its body parsed as JSON when it is JSON; a connection that fails is a defect. */
export const requestTo = (url: string) => (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  Effect.promise(async () => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) })
    })
    const text = await response.text()
    let json: unknown = text
    try {
      json = JSON.parse(text)
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, json }
  })

/**
 * The echo agent served in-process (no HTTP) on a fresh SQLite file under a one-runner cluster, its model scripted
 * with `replies`: the runtime's context, its SQL client, the stores it runs on and the served agent.
 */
export const servedEchoOnSqlite = (prefix: string, replies: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const db = join(mkdtempSync(join(tmpdir(), prefix)), "serve.sqlite")
    const context = yield* Layer.build(Layer.provideMerge(layerCluster({}), layerSql(db)))
    const sql = Context.get(context, SqlClient.SqlClient)
    const deps = {
      store: yield* Effect.orDie(makeSqlSessionStore(sql)),
      turnStore: yield* Effect.orDie(makeSqlSessionStore(sql)),
      questions: yield* Effect.orDie(makeQuestionStore(sql)),
      hub: yield* Effect.orDie(makeHub(sql))
    }
    const served = serveAgent(provideAgent(echoAgent, Context.make(Notebook, { write: () => Effect.void })), deps)
    yield* Layer.build(served.layer.pipe(Layer.provide(Layer.orDie(ScriptedLlm.layer(replies.map((r) => ScriptedLlm.text(r))))))).pipe(Effect.provide(context))
    return { context, sql, deps, served }
  })
