/**
 * An input sent with an `Idempotency-Key` is checked against that one turn's
 * logged start (the same key with another text is a 422), by a query for
 * that turn alone: the session's whole event log is not read, however long
 * it is. The statements the server runs are seen through a tracer that keeps
 * each SQL span's query text (sql-statements.ts).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { serveBackends } from "./backends.js"
import { idOf, startServe } from "./harness.js"
import { recordingStatements } from "./sql-statements.js"

/** Reads of the event log: a SELECT whose table is shoal_events. */
const eventLogReads = (statements: ReadonlyArray<string>) => statements.filter((s) => /^\s*SELECT\b[\s\S]*\bFROM shoal_events\b/i.test(s))

describe.each(serveBackends())("an input's Idempotency-Key on $name", ({ db }) => {
  it.live("is checked against its own turn's start only: same key and text get the first reply, another text a 422, and the whole log is never read", () =>
    Effect.gen(function*() {
      const { statements, tracer } = yield* recordingStatements
      const { request } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("one"), ScriptedLlm.text("two"), ScriptedLlm.text("three")])) }).pipe(
        Effect.withTracer(tracer)
      )
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const input = (text: string, key: string) => request("POST", `/api/agents/echo/sessions/${id}/input`, { text }, { "idempotency-key": key })
      // A log with more than one turn in it.
      expect((yield* input("hi", "turn-1")).json).toMatchObject({ reply: "one" })
      expect((yield* input("again", "turn-2")).json).toMatchObject({ reply: "two" })

      statements.length = 0
      expect((yield* input("hi", "turn-1")).json).toMatchObject({ reply: "one" })
      const reads = eventLogReads(statements)
      const other = yield* input("something else", "turn-1")
      expect(other.status).toBe(422)
      expect(JSON.stringify(other.json)).toContain("turn-1")
      const readsFor422 = eventLogReads(statements).slice(reads.length)
      expect((yield* request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 2, said: ["hi", "again"] } })

      // Each check is one read of the log, for that turn's start (its turn id and key), not the session's events.
      for (const check of [reads, readsFor422]) {
        expect(check).toHaveLength(1)
        expect(check[0]).toMatch(/\bturn_id\s*=/)
        expect(check[0]).toMatch(/\bseq\s*=/)
        expect(check[0]).not.toMatch(/event_id\s*>/)
      }
    }).pipe(Effect.scoped), 60_000)
})
