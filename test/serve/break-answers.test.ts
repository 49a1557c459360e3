/**
 * Break-test of `shoal serve` (issue 18), a second pass by a non-author: the
 * answers a program posts to tidy's item card. The card takes a disposition
 * or, as on the page, words typed instead (`MessageInstead`, taken as the
 * user's next message). An input is trimmed, a blank one is a 400 and one
 * past 100,000 characters a 413; the words typed at a card were taken as
 * they came: blank, or a 200,000-character text that then rode in the
 * session's state (as the next item) through every later turn's journal.
 * A `PlaceAt` with no location was taken too, and said back as " it is. Next?".
 *
 * tidy as `shoal serve` serves it, offline (rules, no model), in this process;
 * live clock (the runner polls its SQLite storage).
 */
import { HttpServer } from "@effect/platform"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { mkdtempSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { tidyAgent } from "../../src/agents/tidy/agent.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { serveAgent } from "../../src/serve/served-agent.js"
import { layerServe, layerSql } from "../../src/serve/server.js"
import { idOf, questionIdOf, requestTo } from "./harness.js"

const freshDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-break-answers-")), "serve.sqlite")

/** tidy served offline on a fresh SQLite file, for the scope. */
const startTidy = Effect.gen(function*() {
  const http = NodeHttpServer.layer(() => createServer(), { port: 0, host: "127.0.0.1" })
  const app = layerServe({ host: "127.0.0.1", token: Option.none() }, [(deps) => serveAgent(tidyAgent, deps, {})]).pipe(
    Layer.provideMerge(http),
    Layer.provide(layerOffline),
    Layer.provide(layerSql(freshDb()))
  )
  const context = yield* Layer.build(Layer.orDie(app))
  const address = Context.get(context, HttpServer.HttpServer).address
  return requestTo(address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : "")
})

const TidyView = Schema.Struct({
  state: Schema.Struct({
    piles: Schema.Struct({ belongs: Schema.Array(Schema.String), out: Schema.Array(Schema.String), unsure: Schema.Array(Schema.String) }),
    later: Schema.Array(Schema.String),
    upNext: Schema.Array(Schema.String)
  }),
  pending: Schema.Array(Schema.Struct({ id: Schema.String }))
})

/** A tidy session whose turn waits on the card for "old newspaper" (offline tidy asks for the third input's item). */
const atCard = (request: ReturnType<typeof requestTo>) =>
  Effect.gen(function*() {
    const id = idOf((yield* request("POST", "/api/agents/tidy/sessions")).json)
    const base = `/api/agents/tidy/sessions/${id}`
    expect((yield* request("POST", `${base}/input`, { text: "a lamp" })).status).toBe(200)
    expect((yield* request("POST", `${base}/input`, { text: "the bed stays" })).status).toBe(200)
    const asked = yield* request("POST", `${base}/input`, { text: "old newspaper" })
    expect(asked).toMatchObject({ status: 202, json: { waitingFor: { question: { _tag: "ProposeDisposition", item: "old newspaper" } } } })
    const view = Effect.map(request("GET", base), (r) => Schema.decodeUnknownSync(TidyView)(r.json))
    return { base, qid: questionIdOf(asked.json), view }
  })

describe("shoal serve break-test: answers to tidy's card", () => {
  it.live("words typed instead of a choice past 100,000 characters are refused, as an input that long is; the card still waits", () =>
    Effect.gen(function*() {
      const request = yield* startTidy
      const { base, qid, view } = yield* atCard(request)
      const pasted = "x".repeat(200_000)
      const answered = yield* request("POST", `${base}/questions/${qid}`, { answer: { _tag: "MessageInstead", text: pasted } })
      expect([400, 413]).toContain(answered.status)
      expect(JSON.stringify(answered.json)).toContain("100,000")
      const after = yield* view
      expect(after.pending.map((q) => q.id)).toEqual([qid])
      expect(JSON.stringify(after.state)).not.toContain(pasted.slice(0, 1000))
    }).pipe(Effect.scoped), 60_000)

  it.live("blank words instead of a choice are a 400, as a blank input is; the card still waits", () =>
    Effect.gen(function*() {
      const request = yield* startTidy
      const { base, qid, view } = yield* atCard(request)
      const answered = yield* request("POST", `${base}/questions/${qid}`, { answer: { _tag: "MessageInstead", text: "  \n " } })
      expect(answered.status).toBe(400)
      const after = yield* view
      expect(after.pending.map((q) => q.id)).toEqual([qid])
      expect(after.state.later).toEqual([])
    }).pipe(Effect.scoped), 60_000)

  it.live("words typed instead of a choice are trimmed, as an input is: the item they name is asked about by its name", () =>
    Effect.gen(function*() {
      const request = yield* startTidy
      const { base, qid } = yield* atCard(request)
      const answered = yield* request("POST", `${base}/questions/${qid}`, { answer: { _tag: "MessageInstead", text: "  a broken radio\n" } })
      expect(answered).toMatchObject({ status: 202, json: { waitingFor: { question: { _tag: "ProposeDisposition", item: "broken radio" } } } })
    }).pipe(Effect.scoped), 60_000)

  it.live("a PlaceAt with a blank location is a 400 naming what is missing, not an item put nowhere (' it is. Next?')", () =>
    Effect.gen(function*() {
      const request = yield* startTidy
      const { base, qid, view } = yield* atCard(request)
      const answered = yield* request("POST", `${base}/questions/${qid}`, {
        answer: { _tag: "DispositionAnswer", disposition: { _tag: "PlaceAt", location: " " } }
      })
      expect(answered.status).toBe(400)
      expect(JSON.stringify(answered.json)).toMatch(/location/i)
      const after = yield* view
      expect(after.pending.map((q) => q.id)).toEqual([qid])
      expect(after.state.piles.belongs).toEqual([])
      // A real place is taken.
      const placed = yield* request("POST", `${base}/questions/${qid}`, {
        answer: { _tag: "DispositionAnswer", disposition: { _tag: "PlaceAt", location: "the shelf" } }
      })
      expect(placed).toMatchObject({ status: 200 })
      expect(placed.json).toMatchObject({ reply: "The shelf it is. Next?" })
    }).pipe(Effect.scoped), 60_000)
})
