/**
 * SSE streams that resume: every frame has an `id:` that orders the
 * session's events (the same for a live event and for it read back from the
 * log); `Last-Event-ID` (an EventSource reconnecting) or `?after=N` replays
 * the logged events after N, then goes on live, with no gap and no event
 * twice — also after the runner restarted on the same SQLite file. The log
 * starts with the session's opening line (SessionOpened, id 1), logged when
 * the session is created, so a stream replayed from 0 shows it first.
 */
import { SqlClient } from "@effect/sql"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { serveBackends } from "./backends.js"
import { idOf, questionIdOf, startServe } from "./harness.js"
import { count, idsOf, openStream, readFrames } from "./sse-client.js"
import type { Frame } from "./sse-client.js"

const freshDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-sse-")), "serve.sqlite")
const confirmed = { answer: { _tag: "ConfirmAnswer", confirmed: true } }
const events = (id: string) => `/api/agents/echo/sessions/${id}/events`
const completed = (n: number) => (frames: ReadonlyArray<Frame>) => count(frames, "TurnCompleted") >= n
const lastId = (frames: ReadonlyArray<Frame>) => frames.at(-1)?.id ?? ""
/** The first frame of every echo session's log: its opening line. */
const openingFrame: Frame = { id: "1", event: "SessionOpened", data: { _tag: "SessionOpened", text: "Say anything." } }
const strictlyIncreasing = (ids: ReadonlyArray<number>) => ids.every((n, i) => Number.isInteger(n) && (i === 0 || n > (ids[i - 1] ?? n)))

/** The event log as a serve from before ids left it: no `event_id` column, no index on it. */
const forgetIds = (db: string) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = Context.get(yield* Layer.build(SqliteClient.layer({ filename: db })), SqlClient.SqlClient)
    yield* sql`DROP INDEX shoal_events_ids`
    yield* sql`ALTER TABLE shoal_events DROP COLUMN event_id`
  })).pipe(Effect.orDie)

describe.each(serveBackends())("shoal serve SSE ids and resuming on $name", ({ db: fresh }) => {
  it.live("every frame has an id, ids strictly increase, and the log replays the same ids and events as were sent live", () =>
    Effect.gen(function*() {
      const { request, url } = yield* startServe({ db: fresh(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("one"), ScriptedLlm.text("two")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const live = yield* openStream(url, events(id))
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" })).status).toBe(200)
      const asked = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask now" })
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/questions/${questionIdOf(asked.json)}`, confirmed)).status).toBe(200)
      const sent = yield* live.read(completed(2))
      expect(sent.map((f) => f.event)).toEqual([
        "TurnStarted", "AgentEvent", "TurnCompleted",
        "TurnStarted", "AgentEvent", "QuestionPosted", "QuestionAnswered", "TurnCompleted"
      ])
      expect(strictlyIncreasing(idsOf(sent))).toBe(true)
      const replayed = yield* readFrames(url, `${events(id)}?after=0`, completed(2))
      // The log also holds what came before this stream opened: the opening line.
      expect(replayed).toEqual([openingFrame, ...sent])
      // From the middle: only what came after that id.
      const third = sent[2]?.id ?? ""
      expect(yield* readFrames(url, `${events(id)}?after=${third}`, completed(1))).toEqual(sent.slice(3))
    }).pipe(Effect.scoped), 60_000)

  it.live("a client cut off mid-turn and back with Last-Event-ID gets exactly the events it missed, once, then the live ones", () =>
    Effect.gen(function*() {
      const { request, url } = yield* startServe({ db: fresh(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("heard"), ScriptedLlm.text("later")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      // Gone once the turn asks: it has not seen the answer nor the end of the turn.
      const cut = yield* Scope.make()
      const first = yield* openStream(url, events(id)).pipe(Scope.extend(cut))
      const asked = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask me" })
      const seen = yield* first.read((frames) => count(frames, "QuestionPosted") === 1)
      yield* Scope.close(cut, Exit.void)
      expect(seen.map((f) => f.event)).toEqual(["TurnStarted", "AgentEvent", "QuestionPosted"])

      // While it is away: the answer ends that turn.
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/questions/${questionIdOf(asked.json)}`, confirmed)).status).toBe(200)
      const back = yield* openStream(url, events(id), { "last-event-id": lastId(seen) })
      const missed = yield* back.read(completed(1))
      expect(missed.map((f) => f.event)).toEqual(["QuestionAnswered", "TurnCompleted"])
      // Then live: the next turn, nothing of the first again.
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "and more" })).status).toBe(200)
      const all = yield* back.read(completed(2))
      expect(all.map((f) => f.event)).toEqual(["QuestionAnswered", "TurnCompleted", "TurnStarted", "AgentEvent", "TurnCompleted"])
      const together = [...seen, ...all]
      expect(strictlyIncreasing(idsOf(together))).toBe(true)
      expect([openingFrame, ...together]).toEqual(yield* readFrames(url, `${events(id)}?after=0`, completed(2)))
    }).pipe(Effect.scoped), 60_000)
})

describe("shoal serve SSE ids and resuming on SQLite", () => {
  it.live("a session's log starts with its opening line, once: a stream from 0 begins with SessionOpened, before any turn and after", () =>
    Effect.gen(function*() {
      const { request, url } = yield* startServe({ db: freshDb(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("one")])) })
      const created = yield* request("POST", "/api/agents/echo/sessions")
      expect(created.json).toMatchObject({ opening: "Say anything." })
      const id = idOf(created.json)
      expect(yield* readFrames(url, `${events(id)}?after=0`, (frames) => frames.length >= 1)).toEqual([openingFrame])
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" })).status).toBe(200)
      const all = yield* readFrames(url, `${events(id)}?after=0`, completed(1))
      expect(all.map((f) => f.event)).toEqual(["SessionOpened", "TurnStarted", "AgentEvent", "TurnCompleted"])
      expect(all[0]).toEqual(openingFrame)
      // Resumed past it, it is not sent again.
      expect((yield* readFrames(url, `${events(id)}?after=1`, completed(1))).map((f) => f.event)).toEqual(["TurnStarted", "AgentEvent", "TurnCompleted"])
    }).pipe(Effect.scoped), 60_000)

  it.live("a malformed Last-Event-ID or after is a 400 naming it; the header wins over ?after", () =>
    Effect.gen(function*() {
      const { request, url } = yield* startServe({ db: freshDb(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("one")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const bad = yield* request("GET", events(id), undefined, { "last-event-id": "abc" })
      expect(bad.status).toBe(400)
      expect(JSON.stringify(bad.json)).toContain("Last-Event-ID")
      const badAfter = yield* request("GET", `${events(id)}?after=-1`)
      expect(badAfter.status).toBe(400)
      expect(JSON.stringify(badAfter.json)).toContain("after")
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" })).status).toBe(200)
      const all = yield* readFrames(url, `${events(id)}?after=0`, completed(1))
      // EventSource reconnecting to a ?after=0 address sends its last id: that wins.
      const resumed = yield* readFrames(url, `${events(id)}?after=0`, (frames) => frames.length >= 1, { "last-event-id": all[1]?.id ?? "" })
      expect(resumed[0]).toEqual(all[2])
    }).pipe(Effect.scoped), 60_000)

  it.live("across a runner restart on SQLite: ids go on from the log, and Last-Event-ID replays what was missed while the server was down", () =>
    Effect.gen(function*() {
      const db = freshDb()
      const first = yield* Scope.make()
      const before = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("heard")])) }).pipe(Scope.extend(first))
      const id = idOf((yield* before.request("POST", "/api/agents/echo/sessions")).json)
      const stream = yield* openStream(before.url, events(id)).pipe(Scope.extend(first))
      const asked = yield* before.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask across" })
      const seen = yield* stream.read((frames) => count(frames, "QuestionPosted") === 1)
      yield* Scope.close(first, Exit.void)

      const after = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("next")])) })
      expect((yield* after.request("POST", `/api/agents/echo/sessions/${id}/questions/${questionIdOf(asked.json)}`, confirmed)).status).toBe(200)
      expect((yield* after.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "go on" })).status).toBe(200)
      const missed = yield* readFrames(after.url, events(id), completed(2), { "last-event-id": lastId(seen) })
      expect(missed.map((f) => f.event)).toEqual(["QuestionAnswered", "TurnCompleted", "TurnStarted", "AgentEvent", "TurnCompleted"])
      const together = [...seen, ...missed]
      expect(strictlyIncreasing(idsOf(together))).toBe(true)
      expect([openingFrame, ...together]).toEqual(yield* readFrames(after.url, `${events(id)}?after=0`, completed(2)))
    }).pipe(Effect.scoped), 60_000)

  it.live("a deleted session's last frame has the id after the log's last", () =>
    Effect.gen(function*() {
      const { request, url } = yield* startServe({ db: freshDb(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("one")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" })).status).toBe(200)
      const stream = yield* openStream(url, `${events(id)}?after=0`)
      const turn = yield* stream.read(completed(1))
      expect((yield* request("DELETE", `/api/agents/echo/sessions/${id}`)).status).toBe(204)
      const all = yield* stream.read((frames) => count(frames, "SessionDeleted") === 1)
      expect(all.at(-1)).toMatchObject({ event: "SessionDeleted", id: String(Number(lastId(turn)) + 1) })
    }).pipe(Effect.scoped), 60_000)

  it.live("a log from before ids is numbered on start, in the order it was written", () =>
    Effect.gen(function*() {
      const db = freshDb()
      const first = yield* Scope.make()
      const before = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("one"), ScriptedLlm.text("two")])) }).pipe(Scope.extend(first))
      const id = idOf((yield* before.request("POST", "/api/agents/echo/sessions")).json)
      expect((yield* before.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" })).status).toBe(200)
      const asked = yield* before.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask now" })
      expect((yield* before.request("POST", `/api/agents/echo/sessions/${id}/questions/${questionIdOf(asked.json)}`, confirmed)).status).toBe(200)
      const numbered = yield* readFrames(before.url, `${events(id)}?after=0`, completed(2))
      yield* Scope.close(first, Exit.void)
      yield* forgetIds(db)

      const after = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([])) })
      expect(yield* readFrames(after.url, `${events(id)}?after=0`, completed(2))).toEqual(numbered)
      expect(idsOf(numbered)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
      expect(numbered[0]).toEqual(openingFrame)
    }).pipe(Effect.scoped), 60_000)
})
