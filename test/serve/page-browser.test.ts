/**
 * The agent page on `shoal serve`, in headless Chromium: opened once with
 * `?token=`, the picker leads to the echo agent's page, a message gets its
 * reply, a question comes up as a card and its answer finishes the turn —
 * and the stored session holds both turns.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Redacted, Schema } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { launchChromium, watchPage } from "../gui/harness.js"
import { waitForText } from "../gui/page-helpers.js"
import { SessionView, startServe } from "./harness.js"

const db = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-")), "serve.sqlite")

describe("the agent page on shoal serve, in a real browser", () => {
  it.live("picks the agent, sends a message, sees the reply, answers a card; the session is stored", () =>
    Effect.gen(function*() {
      const { request, url } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("hello back"), ScriptedLlm.text("off you go")])), token: Redacted.make("s3cret") })
      const browser = yield* Effect.acquireRelease(Effect.promise(() => launchChromium()), (b) => Effect.promise(() => b.close()))
      const page = yield* Effect.promise(() => browser.newPage({ viewport: { width: 1000, height: 800 } }))
      const problems = watchPage(page)
      const chat = () => page.locator("#chat li").allTextContents()
      const id = yield* Effect.promise(async () => {
        await page.goto(`${url}/?token=s3cret`)
        expect(new URL(page.url()).search).toBe("")
        await page.getByRole("link", { name: "Echo" }).click()
        await waitForText(page, "#chat li", "Say anything.")
        await page.waitForFunction(`document.querySelector("#composer button").disabled === false`)
        await page.locator("#composer-text").fill("hello")
        await page.keyboard.press("Enter")
        await waitForText(page, "#chat li", "hello back")
        await waitForText(page, "#agent-status", "1 turns")
        expect(await chat()).toEqual(["Say anything.", "hello", "hello back"])
        await page.waitForFunction(`document.querySelector("#composer button").disabled === false`)
        await page.locator("#composer-text").fill("ask to leave")
        await page.keyboard.press("Enter")
        await waitForText(page, "#question h3", "Really ask to leave?")
        await page.getByRole("button", { name: "Yes" }).click()
        await waitForText(page, "#chat li", "off you go (confirmed)")
        await page.waitForFunction(`document.querySelector("#question").hidden === true`)
        expect(await chat()).toEqual(["Say anything.", "hello", "hello back", "ask to leave", "off you go (confirmed)"])
        return new URL(page.url()).searchParams.get("s") ?? ""
      })
      expect(problems.unexpected()).toEqual([])
      const stored = yield* request("GET", `/api/agents/echo/sessions/${id}`, undefined, { authorization: "Bearer s3cret" })
      expect(Schema.decodeUnknownSync(SessionView)(stored.json)).toMatchObject({ state: { turns: 2, said: ["hello", "ask to leave"] }, pending: [] })
    }).pipe(Effect.scoped), 90_000)

  it.live("a message carries the browser's time zone: the turn reads the user's zone, not the server's", () =>
    Effect.gen(function*() {
      const { request, url } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("noted")])) })
      const browser = yield* Effect.acquireRelease(Effect.promise(() => launchChromium()), (b) => Effect.promise(() => b.close()))
      const page = yield* Effect.promise(() => browser.newPage({ timezoneId: "Pacific/Chatham" }))
      const problems = watchPage(page)
      const id = yield* Effect.promise(async () => {
        await page.goto(`${url}/agents/echo/`)
        await waitForText(page, "#chat li", "Say anything.")
        await page.waitForFunction(`document.querySelector("#composer button").disabled === false`)
        await page.locator("#composer-text").fill("zoned hello")
        await page.keyboard.press("Enter")
        await waitForText(page, "#chat li", "noted")
        return new URL(page.url()).searchParams.get("s") ?? ""
      })
      expect(problems.unexpected()).toEqual([])
      const stored = yield* request("GET", `/api/agents/echo/sessions/${id}`)
      expect(Schema.decodeUnknownSync(SessionView)(stored.json).state.said).toEqual(["zoned hello @ Pacific/Chatham"])
    }).pipe(Effect.scoped), 90_000)
})
