/** serve's pages over HTTP: the agent picker, an agent's page, "Not now", unknown and not-enabled agents, and --token's cookie for browsers. */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { idOf, questionIdOf, startServe } from "./harness.js"

const db = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-")), "serve.sqlite")
const llm = () => Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("sure"), ScriptedLlm.text("fine")]))

/** A GET that does not follow redirects, with its headers. */
const raw = (url: string, headers: Record<string, string> = {}) =>
  Effect.promise(async () => {
    const r = await fetch(url, { redirect: "manual", headers })
    return { status: r.status, location: r.headers.get("location"), cookie: r.headers.get("set-cookie"), text: await r.text() }
  })

describe("shoal serve pages", () => {
  it.live("the picker links each served agent's page and says how to enable the others; the page speaks serve's API", () =>
    Effect.gen(function*() {
      const { url } = yield* startServe({ db: db(), llm: llm(), unavailable: [{ name: "droid", enable: "start shoal serve with --device sim (or a phone's serial)" }] })
      const picker = yield* raw(`${url}/`)
      expect(picker.status).toBe(200)
      expect(picker.text).toContain(`href="/agents/echo/"`)
      expect(picker.text).toContain("Droid: start shoal serve with --device sim")
      const page = yield* raw(`${url}/agents/echo/`)
      expect(page.status).toBe(200)
      expect(page.text).toContain(`var SERVE_AGENT = "echo";`)
      expect(page.text).toContain(`id="composer"`)
      expect(page.text).toContain("/api/agents/")
      expect((yield* raw(`${url}/agents/echo`)).text).toBe(page.text)
      expect((yield* raw(`${url}/agents/nobody/`)).status).toBe(404)
      const droid = yield* raw(`${url}/api/agents/droid/sessions`)
      expect(droid.status).toBe(404)
      expect(droid.text).toContain("--device sim")
    }).pipe(Effect.scoped), 60_000)

  it.live("Not now answers a pending question with its safe fallback (a Confirm's default), once", () =>
    Effect.gen(function*() {
      const { request } = yield* startServe({ db: db(), llm: llm() })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const asked = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to leave" })
      const qid = questionIdOf(asked.json)
      const skipped = yield* request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}/not-now`, {})
      expect(skipped).toMatchObject({ status: 200, json: { reply: "sure (declined)" } })
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}/not-now`, {})).status).toBe(409)
    }).pipe(Effect.scoped), 60_000)

  it.live("with --token a browser opens /?token= once: a cookie, a redirect without the token, then pages and API by cookie", () =>
    Effect.gen(function*() {
      const { url } = yield* startServe({ db: db(), llm: llm(), token: Redacted.make("s3cret") })
      expect((yield* raw(`${url}/`)).status).toBe(401)
      expect((yield* raw(`${url}/?token=wrong`)).status).toBe(401)
      const opened = yield* raw(`${url}/agents/echo/?token=s3cret&s=abc`)
      expect(opened).toMatchObject({ status: 303, location: "/agents/echo/?s=abc" })
      expect(opened.cookie).toMatch(/^shoal_token=s3cret;.*HttpOnly/i)
      expect(opened.cookie).toMatch(/SameSite=Strict/i)
      const cookie = { cookie: "shoal_token=s3cret" }
      expect((yield* raw(`${url}/`, cookie)).status).toBe(200)
      expect((yield* raw(`${url}/api/agents`, cookie)).status).toBe(200)
      expect((yield* raw(`${url}/api/agents`, { cookie: "shoal_token=nope" })).status).toBe(401)
      expect((yield* raw(`${url}/api/agents`, { authorization: "Bearer s3cret" })).status).toBe(200)
    }).pipe(Effect.scoped), 60_000)
})
