/**
 * The database goes away under a running `shoal serve` and comes back: a
 * real runner process on a real PostgreSQL, stopped (`pg_ctl stop -m fast`,
 * connections cut) and started again on the same data dir and port. During
 * the outage every request that needs the session store answers 503 with a
 * JSON problem and `Retry-After`, within a few seconds, and the process stays
 * up; afterwards the same runner lists the session with its history, the
 * question pending across the outage is answered once, a turn that was in
 * flight when the database went away ends with its reply, a new turn works,
 * and nothing was lost or doubled (the model's paid calls are counted in a
 * file). Once for a runner alone, once for a runner among several.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { PgClient } from "@effect/sql-pg"
import { SqlClient } from "@effect/sql"
import { Clock, Context, Effect, Fiber, Layer, Redacted, Schema } from "effect"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { idOf, questionIdOf, SessionView } from "./harness.js"
import type { Postgres } from "./postgres.js"
import { freePort, postgresSkipReason, startPostgres } from "./postgres.js"
import { buildChildRunner, eventually, linesOf as paidCalls, root, runner } from "./processes.js"

const skip = postgresSkipReason()
if (skip !== undefined) console.log(`[skip] shoal serve's database outage test: ${skip}`)

let dir = ""
let pg: Postgres | undefined

beforeAll(async () => {
  if (skip !== undefined) return
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  dir = mkdtempSync(join(root, "test-artifacts", "serve-outage-"))
  await buildChildRunner(dir)
  pg = await startPostgres()
}, 120_000)

afterAll(() => {
  pg?.destroy()
  if (dir !== "") rmSync(dir, { recursive: true, force: true })
})

/** One request, with what the outage test looks at: the status, the problem body, `Retry-After`, and how long it took. */
const timed = (url: string, method: string, path: string, body?: unknown, deadline = 20_000) =>
  Effect.gen(function*() {
    const start = yield* Clock.currentTimeMillis
    const response = yield* Effect.tryPromise({
      try: async () => {
        const r = await fetch(`${url}${path}`, {
          method,
          headers: { "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(deadline)
        })
        const json = (r.headers.get("content-type") ?? "").includes("json")
        return { status: r.status, retryAfter: r.headers.get("retry-after"), json, text: await r.text() }
      },
      catch: (e) => new Error(`${method} ${path}: ${String(e)}`)
    }).pipe(Effect.orDie)
    const json: unknown = response.json ? JSON.parse(response.text) : response.text
    return { ...response, json, ms: (yield* Clock.currentTimeMillis) - start }
  })

const Problem = Schema.Struct({ error: Schema.String })
const Listed = Schema.Struct({ sessions: Schema.Array(Schema.Struct({ id: Schema.String })) })

/** An SSE stream read in the background: what it received so far, and whether it has ended. */
const openEvents = (url: string, path: string) =>
  Effect.sync(() => {
    const seen = { text: "", ended: false }
    void fetch(`${url}${path}`).then(async (r) => {
      if (r.body === null) return
      const decoder = new TextDecoder()
      for await (const chunk of r.body) seen.text += decoder.decode(chunk)
    }).catch(() => undefined).finally(() => {
      seen.ended = true
    })
    return seen
  })

/**
 * The scenario, for a runner alone (`SingleRunner`: only the cluster's messages and journal in the
 * database) or one of several (`--runner-port`: its lease and shard locks in the database too, which it
 * cannot renew during the outage).
 */
const outage = (name: string, runnerPort: boolean) =>
  Effect.gen(function*() {
    const server = pg
    if (server === undefined) throw new Error("the test Postgres is not started")
    server.createDatabase(name)
    const calls = join(dir, `${name}-calls.txt`)
    const port = runnerPort ? { SHOAL_TEST_RUNNER_PORT: String(yield* Effect.promise(freePort)) } : {}
    const serve = yield* runner(dir, { SHOAL_TEST_DB: server.url(name), SHOAL_TEST_CALLS: calls, ...port })
    // Every request has a deadline (20 s): a hang fails the test at its line instead of at the test's timeout.
    const api = (method: string, path: string, body?: unknown) => timed(serve.url, method, path, body)
    const session = (id: string) => `/api/agents/echo/sessions/${id}`

    const id = idOf((yield* api("POST", "/api/agents/echo/sessions")).json)
    expect((yield* api("POST", `${session(id)}/input`, { text: "hello" })).status).toBe(200)
    const asked = yield* api("POST", `${session(id)}/input`, { text: "ask before" })
    expect(asked.status).toBe(202)
    const qid = questionIdOf(asked.json)
    const stream = yield* openEvents(serve.url, `${session(id)}/events`)
    yield* eventually("the event stream is open", Effect.sync(() => stream.text), (t) => t.includes("QuestionPosted"))

    // A turn in flight when the database goes away: "slow…" sleeps 3 s after its paid model call, so it
    // finishes during the outage and its results are written when the database returns.
    const other = idOf((yield* api("POST", "/api/agents/echo/sessions")).json)
    const inFlight = yield* Effect.fork(timed(serve.url, "POST", `${session(other)}/input`, { text: "slow during" }, 60_000))
    yield* eventually("the slow turn's model call is paid", Effect.sync(() => paidCalls(calls)), (c) => c.includes("slow during"))
    // And a turn queued behind it in the session's mailbox (its message stored before the stop): it starts
    // when the slow one ends, during the outage or after it, and must not be lost either.
    const queued = yield* Effect.fork(timed(serve.url, "POST", `${session(other)}/input`, { text: "queued behind" }, 60_000))
    const db = Context.get(yield* Layer.build(PgClient.layer({ url: Redacted.make(server.url(name)) })), SqlClient.SqlClient)
    const stored = db<{ readonly n: string }>`SELECT count(*) AS n FROM cluster_messages WHERE entity_id = ${other} AND tag = 'Turn'`
    yield* eventually("both turns' messages are stored", Effect.map(Effect.orDie(stored), (rows) => Number(rows[0]?.n)), (n) => n === 2)

    const stoppedAt = yield* Clock.currentTimeMillis
    server.stop()

    // Every request that needs the store: a 503 with a problem body and Retry-After, promptly.
    const needStore: ReadonlyArray<readonly [string, string, unknown?]> = [
      ["GET", session(id)],
      ["GET", "/api/agents/echo/sessions"],
      ["POST", "/api/agents/echo/sessions"],
      ["POST", `${session(id)}/input`, { text: "during" }],
      ["POST", `${session(id)}/questions/${qid}`, { answer: { _tag: "ConfirmAnswer", confirmed: true } }],
      ["GET", `${session(id)}/events`],
      ["DELETE", session(id)]
    ]
    // The first request may still find a pooled connection dying: the 503 comes within a few seconds of the stop.
    yield* eventually("a 503 while the database is down", timed(serve.url, "GET", session(id)), (r) => r.status === 503, "10 seconds")
    console.log(`[outage] first 503 ${(yield* Clock.currentTimeMillis) - stoppedAt} ms after the stop began (pg_ctl stop -m fast included)`)
    const outage = yield* Effect.forEach(needStore, ([method, path, body]) => timed(serve.url, method, path, body))
    for (const r of outage) {
      expect(r.status).toBe(503)
      expect(r.retryAfter).toBe("2")
      expect(Schema.decodeUnknownSync(Schema.parseJson(Problem))(r.text).error).toMatch(/session store is unavailable/)
      expect(r.text).not.toMatch(/\n\s+at /)
      expect(r.ms).toBeLessThan(5_000)
    }
    // What needs no database still answers.
    expect((yield* timed(serve.url, "GET", "/api/agents")).status).toBe(200)
    expect((yield* timed(serve.url, "GET", "/agents/echo/")).status).toBe(200)
    // The outage lasts past the runner's storage polls and the 1 s probe cache; the process stays up through it.
    yield* eventually(
      "the outage lasted 8 s with 503s throughout",
      Effect.zip(Clock.currentTimeMillis, timed(serve.url, "GET", session(id))),
      ([now, r]) => {
        expect(r.status).toBe(503)
        return now - stoppedAt > 8_000
      },
      "20 seconds"
    )
    expect(serve.child.exitCode).toBe(null)
    expect(serve.child.signalCode).toBe(null)

    server.start()
    const startedAt = yield* Clock.currentTimeMillis
    const back = yield* eventually(
      "the session is served again",
      Effect.map(api("GET", session(id)), (r) => r.status === 200 ? Schema.decodeUnknownSync(SessionView)(r.json) : undefined),
      (s) => s !== undefined,
      "30 seconds"
    )
    const recoveredMs = (yield* Clock.currentTimeMillis) - startedAt
    console.log(`[outage] served again ${recoveredMs} ms after Postgres started`)
    expect(back).toMatchObject({ state: { turns: 1, said: ["hello"] }, pending: [{ id: qid }] })
    const listed = yield* api("GET", "/api/agents/echo/sessions")
    expect(listed.status).toBe(200)
    expect(Schema.decodeUnknownSync(Listed)(listed.json).sessions.map((s) => s.id).sort()).toEqual([id, other].sort())

    // The question pending across the outage is answered once; the 503'd answer left it unclaimed. A client
    // tries again after a 503 (Retry-After): a request that could not yet get a connection is one.
    const answered = yield* eventually(
      "the answer is taken",
      api("POST", `${session(id)}/questions/${qid}`, { answer: { _tag: "ConfirmAnswer", confirmed: true } }),
      (r) => r.status !== 503,
      "20 seconds"
    )
    expect(answered).toMatchObject({ status: 200, json: { reply: "paid for ask before (confirmed)" } })
    const again = yield* api("POST", `${session(id)}/questions/${qid}`, { answer: { _tag: "ConfirmAnswer", confirmed: false } })
    expect(again.status).toBe(409)

    // The turn in flight went on: its reply came once the database was back, paid for once, its state saved.
    const slow = yield* Fiber.join(inFlight)
    expect(slow).toMatchObject({ status: 200, json: { reply: "paid for slow during" } })
    expect(yield* Fiber.join(queued)).toMatchObject({ status: 200, json: { reply: "paid for queued behind" } })
    expect(Schema.decodeUnknownSync(SessionView)((yield* api("GET", session(other))).json)).toMatchObject({ state: { turns: 2, said: ["slow during", "queued behind"] } })

    // A new turn on the same runner.
    const after = yield* api("POST", `${session(id)}/input`, { text: "after" })
    expect(after).toMatchObject({ status: 200, json: { reply: "paid for after" } })
    const final = Schema.decodeUnknownSync(SessionView)((yield* api("GET", session(id))).json)
    expect(final).toEqual({ ...final, state: { turns: 3, said: ["hello", "ask before", "after"] }, pending: [] })
    // Each model call paid once: the turn refused during the outage never reached the model.
    expect([...paidCalls(calls)].sort()).toEqual(["after", "ask before", "hello", "queued behind", "slow during"])
    // The stream opened before the outage did not take the server down; if it stayed open it saw the turns after it.
    console.log(`[outage] the SSE stream opened before the outage ${stream.ended ? "ended" : "stayed open"}`)
    if (!stream.ended) expect(stream.text).toContain("paid for after")
    expect(serve.child.exitCode).toBe(null)
  }).pipe(Effect.scoped)

describe.skipIf(skip !== undefined)("shoal serve while its Postgres goes away", () => {
  it.live("one runner: 503s during the outage, stays up, and afterwards goes on with nothing lost or doubled", () => outage("outage_single", false), 180_000)
  it.live("one of several runners (--runner-port): the same, its shards taken back when the database returns", () => outage("outage_runner", true), 180_000)
})
