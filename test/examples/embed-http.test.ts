/**
 * examples/embed-http.ts, exercised over 127.0.0.1: another service hosting
 * tidy sessions, the agent's one-tap question answered through an endpoint.
 */
import { HttpClient, HttpClientRequest, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { makeTidyRouter } from "../../examples/embed-http.js"
import { CollectedEvents, layerMemory, layerOffline } from "../../src/index.js"

const post = (path: string, body: unknown) =>
  HttpClientRequest.post(path).pipe(HttpClientRequest.bodyUnsafeJson(body), HttpClient.execute, Effect.flatMap((r) => r.json))
const get = (path: string) => HttpClient.get(path).pipe(Effect.flatMap((r) => r.json))

describe("tidy sessions hosted over HTTP", () => {
  it.scoped("a session runs through turns, a question and its answer, and its state is served", () =>
    Effect.gen(function*() {
      yield* HttpServer.serveEffect(yield* makeTidyRouter)
      const created = yield* HttpClientRequest.post("/sessions").pipe(HttpClient.execute)
      expect(created.status).toBe(201)
      const { id } = (yield* created.json) as { id: string }

      expect(yield* post(`/sessions/${id}/turns`, { text: "it is my home office" })).toMatchObject({
        status: "done",
        reply: "Got it: home office. What's definitely staying?",
        phase: "Surveying"
      })
      expect(yield* post(`/sessions/${id}/turns`, { text: "the desk stays" })).toMatchObject({ status: "done", phase: "Sorting" })

      // Naming an item makes the agent ask: the request returns the question, the turn waits.
      const asked = (yield* post(`/sessions/${id}/turns`, { text: "old mug" })) as {
        status: string
        question: { id: string; question: { _tag: string; item: string } }
      }
      expect(asked.status).toBe("question")
      expect(asked.question.question).toMatchObject({ _tag: "ProposeDisposition", item: "old mug" })
      expect(yield* get(`/sessions/${id}`)).toMatchObject({ pending: { id: asked.question.id } })

      // A second turn cannot start while one waits; a wrong answer is refused.
      const busy = yield* HttpClientRequest.post(`/sessions/${id}/turns`).pipe(
        HttpClientRequest.bodyUnsafeJson({ text: "next" }),
        HttpClient.execute
      )
      expect(busy.status).toBe(409)
      const wrong = yield* HttpClientRequest.post(`/sessions/${id}/answers`).pipe(
        HttpClientRequest.bodyUnsafeJson({ questionId: asked.question.id, answer: { _tag: "ConfirmAnswer", confirmed: true } }),
        HttpClient.execute
      )
      expect(wrong.status).toBe(422)

      const answered = yield* post(`/sessions/${id}/answers`, {
        questionId: asked.question.id,
        answer: { _tag: "DispositionAnswer", disposition: { _tag: "Trash" } }
      })
      expect(answered).toMatchObject({ status: "done", reply: "Trashed! Next?", piles: { out: ["old mug"] } })
      expect(yield* get(`/sessions/${id}`)).toEqual({
        phase: "Sorting",
        piles: { belongs: [], out: ["old mug"], unsure: [] },
        itemsProcessed: 1,
        pending: null
      })
    }).pipe(Effect.provide(Layer.mergeAll(NodeHttpServer.layerTest, layerOffline, CollectedEvents.layer, layerMemory))))

  it.scoped("an unknown session is a 404", () =>
    Effect.gen(function*() {
      yield* HttpServer.serveEffect(yield* makeTidyRouter)
      const response = yield* HttpClient.get("/sessions/nope")
      expect(response.status).toBe(404)
    }).pipe(Effect.provide(Layer.mergeAll(NodeHttpServer.layerTest, layerOffline, CollectedEvents.layer, layerMemory))))
})
