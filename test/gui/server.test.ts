/**
 * The tidy GUI server over HTTP, without a browser: the 5-minute fallback of
 * each card (TestClock), refusals that leave the session as it was, many
 * sessions with their own stored state, resuming a stored session, and the
 * Server-Sent Events stream.
 */
import { HttpBody, HttpClient, HttpClientRequest } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Layer, Logger, LogLevel, Option, Stream, TestClock } from "effect"
import { tidySessions } from "../../src/agents/tidy/session-kind.js"
import { initialState } from "../../src/domain/tidy/state.js"
import { ItemName, SpaceFunction } from "../../src/domain/tidy/types.js"
import { tidyChats } from "../../src/gui/chat.js"
import { layerGuiRoutes } from "../../src/gui/server.js"
import type { GuiLayerOptions } from "../../src/gui/server.js"
import type { GuiView } from "../../src/gui/view.js"
import { layerEvents } from "../../src/services/events/live.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { layerSharp } from "../../src/services/photos/sharp.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"

const services = Layer.mergeAll(layerOffline, layerEvents, layerMemory, layerSharp)
const guiWith = (options: GuiLayerOptions) => layerGuiRoutes(options).pipe(
  Layer.provideMerge(NodeHttpServer.layerTest),
  Layer.provideMerge(services),
  Layer.provide(Logger.minimumLogLevel(LogLevel.Error))
)
const gui = guiWith({})

const send = (method: "GET" | "POST", path: string, body?: unknown) =>
  Effect.gen(function*() {
    const request = method === "GET" ? HttpClientRequest.get(path) : HttpClientRequest.post(path)
    const response = yield* HttpClient.execute(body === undefined ? request : HttpClientRequest.bodyUnsafeJson(request, body))
    const text = yield* response.text
    return { status: response.status, json: text === "" ? null : JSON.parse(text) as unknown }
  })

const getView = (id: string) => Effect.map(send("GET", `/api/sessions/${id}`), (r) => r.json as GuiView)

/** Wait for the session's agent fiber to get somewhere: real IO, so a real (short) pause between looks. */
const viewWhen = (id: string, ready: (v: GuiView) => boolean) =>
  Effect.gen(function*() {
    for (let attempt = 0; attempt < 200; attempt++) {
      const view = yield* getView(id)
      if (ready(view)) return view
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
    }
    return yield* Effect.dieMessage(`session ${id} never got ready: ${JSON.stringify(yield* getView(id))}`)
  })

const create = Effect.map(send("POST", "/api/sessions"), (r) => (r.json as { id: string }).id)
const pendingId = (v: GuiView): string => v.pending?.id ?? "none"
const answerText = (id: string, v: GuiView, text: string) =>
  send("POST", `/api/sessions/${id}/answers`, { questionId: pendingId(v), answer: { _tag: "TextAnswer", text } })

describe("the tidy GUI server", () => {
  it.scoped("gives each card five minutes, then its fallback; the session goes on", () =>
    Effect.gen(function*() {
      const id = yield* create
      const first = yield* viewWhen(id, (v) => v.pending !== null)
      expect(first.pending).toMatchObject({ group: "Before we start", question: { _tag: "FreeText", prompt: "What is this space for?" } })

      yield* TestClock.adjust(Duration.seconds(299))
      expect(pendingId(yield* getView(id))).toBe(pendingId(first))
      yield* TestClock.adjust(Duration.seconds(1))
      const second = yield* viewWhen(id, (v) => v.pending !== null && pendingId(v) !== pendingId(first))
      expect(second.pending?.question).toMatchObject({ prompt: "What is definitely staying?" })

      yield* TestClock.adjust(Duration.minutes(5))
      const idle = yield* viewWhen(id, (v) => !v.busy)
      expect(idle).toMatchObject({ pending: null, phase: "Surveying", ended: false })
      expect(idle.messages.map((m) => `${m.from}: ${m.text}`)).toEqual([
        "coach: What is this space for?",
        "note: No answer for a while, so it was left for now.",
        "coach: What is definitely staying?",
        "note: No answer for a while, so it was left for now.",
        "coach: No rush. Tell me what this space is for whenever you're ready."
      ])
      // Nothing was decided for the user: no turn ran, nothing was stored.
      expect(yield* Effect.flatMap(SessionStore, (s) => s.list(tidySessions))).toEqual([])
    }).pipe(Effect.provide(gui)))

  it.scoped("refuses what does not fit, and the session stays as it was", () =>
    Effect.gen(function*() {
      expect((yield* send("GET", "/api/sessions/no-such-session")).status).toBe(404)
      expect((yield* send("GET", "/api/sessions/..%2Fetc")).status).toBe(404)
      const id = yield* create
      const card = yield* viewWhen(id, (v) => v.pending !== null)
      expect((yield* send("POST", `/api/sessions/${id}/messages`, { text: "   " })).status).toBe(400)
      expect((yield* send("POST", `/api/sessions/${id}/answers`, { questionId: "q999", answer: { _tag: "TextAnswer", text: "x" } })).status)
        .toBe(404)
      expect((yield* send("POST", `/api/sessions/${id}/answers`, { questionId: pendingId(card), answer: { _tag: "ConfirmAnswer", confirmed: true } })).status)
        .toBe(422)
      expect((yield* send("POST", `/api/sessions/${id}/not-now`, { questionId: "q999" })).status).toBe(404)
      expect(yield* getView(id)).toEqual(card)
    }).pipe(Effect.provide(gui)))

  it.scoped("takes a message sent while a card is up as a new message: the card is set aside, nothing decided", () =>
    Effect.gen(function*() {
      const id = yield* create
      const card = yield* viewWhen(id, (v) => v.pending !== null)
      expect((yield* send("POST", `/api/sessions/${id}/messages`, { text: "stop" })).status).toBe(202)
      const done = yield* viewWhen(id, (v) => v.ended && !v.busy)
      expect(done.pending).toBeNull()
      const lines = done.messages.map((m) => `${m.from}: ${m.text}`)
      expect(lines.slice(0, 3)).toEqual(["coach: What is this space for?", "note: Left for now, to take what you sent first.", "you: stop"])
      expect(lines).toHaveLength(4)
      expect(lines.join("\n")).not.toContain("No rush")
      expect(pendingId(card)).not.toBe("none")
      // The summary turn ran and was saved, with the chat beside it.
      const store = yield* SessionStore
      expect((yield* store.list(tidySessions)).map((s) => s.id)).toEqual([id])
      expect(yield* store.load(tidyChats, SessionId.make(id))).toEqual(done.messages)
      expect((yield* send("POST", `/api/sessions/${id}/messages`, { text: "old mug" })).status).toBe(410)
    }).pipe(Effect.provide(gui)))

  it.scoped("reads a card's own label typed in the message box as its answer, and 'skip' as Not now", () =>
    Effect.gen(function*() {
      const id = yield* create
      const first = yield* viewWhen(id, (v) => v.pending !== null)
      yield* answerText(id, first, "it's for sleeping")
      yield* answerText(id, yield* viewWhen(id, (v) => v.pending !== null && pendingId(v) !== pendingId(first)), "the bed stays")
      yield* viewWhen(id, (v) => v.phase === "Sorting" && !v.busy)
      const say = (text: string) => Effect.map(send("POST", `/api/sessions/${id}/messages`, { text }), (r) => r.status)

      expect(yield* say("mug")).toBe(202)
      yield* viewWhen(id, (v) => v.pending?.question._tag === "ProposeDisposition")
      expect(yield* say("keep")).toBe(202)
      const kept = yield* viewWhen(id, (v) => !v.busy)
      expect(kept.piles.belongs).toEqual(["mug"])
      expect(kept.messages.slice(-4).map((m) => `${m.from}: ${m.text}`)).toEqual([
        "you: mug",
        "coach: What to do with mug?",
        "you: Keep",
        "coach: It stays. Next?"
      ])

      expect(yield* say("lamp")).toBe(202)
      yield* viewWhen(id, (v) => v.pending?.question._tag === "ProposeDisposition")
      expect(yield* say("Skip.")).toBe(202)
      const skipped = yield* viewWhen(id, (v) => !v.busy)
      expect(skipped.messages.slice(-3).map((m) => `${m.from}: ${m.text}`)).toEqual([
        "coach: What to do with lamp?",
        "you: Not now",
        expect.stringContaining("coach: ")
      ])
      expect([...skipped.piles.belongs, ...skipped.piles.out, ...skipped.piles.unsure]).toEqual(["mug"])
    }).pipe(Effect.provide(gui)))

  it.scoped("leaves a whole card, group and all, with Not now; nothing is decided", () =>
    Effect.gen(function*() {
      const id = yield* create
      const card = yield* viewWhen(id, (v) => v.pending !== null)
      expect((yield* send("POST", `/api/sessions/${id}/not-now`, { questionId: pendingId(card) })).status).toBe(204)
      const idle = yield* viewWhen(id, (v) => !v.busy)
      expect(idle).toMatchObject({ pending: null, phase: "Surveying", ended: false })
      expect(idle.messages.map((m) => `${m.from}: ${m.text}`)).toEqual([
        "coach: What is this space for?",
        "you: Not now",
        "coach: No rush. Tell me what this space is for whenever you're ready."
      ])
      expect(yield* Effect.flatMap(SessionStore, (s) => s.list(tidySessions))).toEqual([])
    }).pipe(Effect.provide(gui)))

  it.scoped("hosts many sessions, each with its own stored state, and resumes a stored one", () =>
    Effect.gen(function*() {
      const [a, b] = [yield* create, yield* create]
      expect(a).not.toBe(b)
      const aCard = yield* viewWhen(a, (v) => v.pending !== null)
      yield* answerText(a, aCard, "home office")
      yield* answerText(a, yield* viewWhen(a, (v) => v.pending !== null && pendingId(v) !== pendingId(aCard)), "the desk")
      yield* viewWhen(a, (v) => v.phase === "Sorting" && !v.busy)
      expect((yield* send("POST", `/api/sessions/${a}/messages`, { text: "the lamp stays" })).status).toBe(202)
      const aDone = yield* viewWhen(a, (v) => !v.busy)
      expect(aDone.piles.belongs).toEqual(["lamp"])
      expect(yield* viewWhen(b, (v) => v.pending !== null)).toMatchObject({ phase: "Surveying", piles: { belongs: [] } })

      const store = yield* SessionStore
      const stored = yield* store.load(tidySessions, SessionId.make(a))
      expect(stored.piles.belongs).toEqual(["lamp"])

      // A session saved earlier (another run of the server) is hosted when a page asks for it.
      const earlier = SessionId.make("2026-11-01-0900-abcd")
      yield* store.save(tidySessions, earlier, {
        ...initialState,
        phaseData: { _tag: "Sorting", active: { function: SpaceFunction.make("sleeping"), anchors: [ItemName.make("bed")], lastAnxiety: Option.none() }, currentItem: Option.none() },
        piles: { belongs: [ItemName.make("bed")], out: [ItemName.make("old magazines")], unsure: [] },
        itemsProcessed: 2
      })
      const resumed = yield* getView(earlier)
      expect(resumed).toMatchObject({ phase: "Sorting", itemsProcessed: 2, pending: null, busy: false, piles: { out: ["old magazines"] } })
      // Saved before chats were kept: it opens, with the welcome back as its whole chat.
      expect(resumed.messages.map((m) => m.text)).toEqual(["Welcome back. You've decided 2 things so far. Nothing is waiting from last time. What's next?"])
      const listed = (yield* send("GET", "/api/sessions")).json as { sessions: ReadonlyArray<{ id: string; phase: string }> }
      expect(listed.sessions.map((s) => s.id).sort()).toEqual([earlier, a].sort())
    }).pipe(Effect.provide(gui)))

  it.scoped("refuses an upload over the limit, even one that does not declare its length, or one that is not an image", () =>
    Effect.gen(function*() {
      const id = yield* create
      const card = yield* viewWhen(id, (v) => v.pending !== null)
      const upload = (body: HttpBody.HttpBody) =>
        HttpClientRequest.post(`/api/sessions/${id}/photos`).pipe(
          HttpClientRequest.setBody(body),
          HttpClient.execute,
          Effect.flatMap((r) => Effect.map(r.json, (json) => ({ status: r.status, json })))
        )
      const chunk = new Uint8Array(16 * 1024).fill(7)
      const undeclared = yield* upload(HttpBody.stream(Stream.make(chunk, chunk, chunk), "image/jpeg"))
      expect(undeclared).toEqual({ status: 413, json: { error: "That photo is too large: the limit is 32 KB. Try a smaller one." } })
      const text = yield* upload(HttpBody.text("hello", "text/plain"))
      expect(text.status).toBe(415)
      expect(yield* getView(id)).toEqual(card)
    }).pipe(Effect.provide(guiWith({ maxUploadBytes: 32 * 1024 }))))

  it.scoped("answers only its own page: a foreign Host or a foreign Origin on a post is refused", () =>
    Effect.gen(function*() {
      const status = (request: HttpClientRequest.HttpClientRequest) => Effect.map(HttpClient.execute(request), (r) => r.status)
      expect(yield* status(HttpClientRequest.get("/api/sessions").pipe(HttpClientRequest.setHeader("host", "evil.example")))).toBe(403)
      expect(yield* status(HttpClientRequest.post("/api/sessions").pipe(HttpClientRequest.setHeader("origin", "http://evil.example")))).toBe(403)
      expect(yield* status(HttpClientRequest.get("/api/sessions"))).toBe(200)
      expect(yield* status(HttpClientRequest.post("/api/sessions").pipe(HttpClientRequest.setHeader("origin", "http://127.0.0.1")))).toBe(403)
    }).pipe(Effect.provide(gui)))

  it.scoped("streams the session's view as Server-Sent Events", () =>
    Effect.gen(function*() {
      const id = yield* create
      yield* viewWhen(id, (v) => v.pending !== null)
      const response = yield* HttpClient.get(`/api/sessions/${id}/events`)
      expect(response.headers["content-type"]).toContain("text/event-stream")
      const first = yield* response.stream.pipe(
        Stream.decodeText(),
        Stream.splitLines,
        Stream.filter((line) => line.startsWith("data: ")),
        Stream.runHead
      )
      const view = JSON.parse(Option.getOrElse(first, () => "data: null").slice("data: ".length)) as GuiView
      expect(view).toMatchObject({ id, phase: "Surveying", pending: { group: "Before we start" } })
    }).pipe(Effect.provide(gui)))
})
