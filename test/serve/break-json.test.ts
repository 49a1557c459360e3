/**
 * Break-test of `shoal serve`'s bodies (issue 18), by a non-author: a body
 * that is not JSON (`{"text":` cut off, a form post, a stray quote). It was a
 * 400, as it should be, saying `the body could not be read: Decode error
 * (POST /api/…)`: nothing says the body is not JSON, nor where it breaks. The
 * README promises the decode error; a user fixing their request needs it.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { idOf, startServe } from "./harness.js"

const freshDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-break-json-")), "serve.sqlite")

describe("shoal serve break-test: a body that is not JSON", () => {
  it.live("is a 400 that says the body is not JSON, with the parser's reason", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: Layer.orDie(ScriptedLlm.layer([])) })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      for (const body of ['{"text":', "text=hello", "{'text': 'hello'}"]) {
        const sent = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, body)
        expect(sent.status).toBe(400)
        expect(JSON.stringify(sent.json)).toMatch(/not JSON|JSON/)
        expect(JSON.stringify(sent.json)).not.toMatch(/^\{"error":"the body could not be read: Decode error \(POST [^)]*\)"\}$/)
      }
    }).pipe(Effect.scoped), 60_000)
})
