/** The HTTP API of `shoal serve` over the real runtime (cluster runner, turn workflows, SQLite). */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { startServe } from "./harness.js"

const db = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-")), "serve.sqlite")

describe("shoal serve API", () => {
  it.scoped("create a session, take a turn, get, list and delete it", () =>
    Effect.gen(function*() {
      const { request } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("hello back")])) })
      expect((yield* request("GET", "/api/agents")).json).toEqual({ agents: ["echo"] })
      const created = yield* request("POST", "/api/agents/echo/sessions")
      expect(created.status).toBe(201)
      const id = (created.json as { id: string }).id
      const turn = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" })
      expect(turn).toMatchObject({ status: 200, json: { reply: "hello back", ended: false, status: "1 turns" } })
      const got = yield* request("GET", `/api/agents/echo/sessions/${id}`)
      expect(got.json).toMatchObject({ id, describe: "1 turns", state: { turns: 1, said: ["hello"] }, pending: [] })
      expect((yield* request("GET", "/api/agents/echo/sessions")).json).toMatchObject({ sessions: [{ id, describe: "1 turns" }] })
      expect((yield* request("DELETE", `/api/agents/echo/sessions/${id}`)).status).toBe(204)
      expect((yield* request("GET", `/api/agents/echo/sessions/${id}`)).status).toBe(404)
    }), 60_000)
})
