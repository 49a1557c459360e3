/**
 * The agent page on `shoal serve` after a reload, in headless Chromium: the
 * conversation so far is drawn again from the session's event log (the
 * stream opened with `?after=0`), a card still waiting comes back, and an
 * answered one does not; no line is shown twice.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { launchChromium, watchPage } from "../gui/harness.js"
import { waitForText } from "../gui/page-helpers.js"
import { startServe } from "./harness.js"

const db = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-reload-")), "serve.sqlite")

describe("the agent page on shoal serve, reloaded in a real browser", () => {
  it.live("a reload shows the previous turns and the card still waiting; after the answer, another reload shows it all once", () =>
    Effect.gen(function*() {
      const { url } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("hello back"), ScriptedLlm.text("off you go")])) })
      const browser = yield* Effect.acquireRelease(Effect.promise(() => launchChromium()), (b) => Effect.promise(() => b.close()))
      const page = yield* Effect.promise(() => browser.newPage({ viewport: { width: 1000, height: 800 } }))
      const problems = watchPage(page)
      const chat = () => page.locator("#chat li").allTextContents()
      const ready = () => page.waitForFunction(`document.querySelector("#composer button").disabled === false`)
      yield* Effect.promise(async () => {
        await page.goto(`${url}/agents/echo/`)
        await waitForText(page, "#chat li", "Say anything.")
        await ready()
        // A fresh page says the opening from its POST; the stream's SessionOpened does not say it again.
        expect(await chat()).toEqual(["Say anything."])
        await page.locator("#composer-text").fill("hello")
        await page.keyboard.press("Enter")
        await waitForText(page, "#chat li", "hello back")
        await ready()
        await page.locator("#composer-text").fill("ask to leave")
        await page.keyboard.press("Enter")
        await waitForText(page, "#question h3", "Really ask to leave?")

        await page.reload()
        await waitForText(page, "#question h3", "Really ask to leave?")
        // The opening line is in the session's log: shown again after a reload, once.
        expect(await chat()).toEqual(["Back to this session: 1 turns", "Say anything.", "hello", "hello back", "ask to leave"])
        // The answer's request is let finish (a reload would abort it): the page only waits on the stream.
        const answered = page.waitForResponse((r) => r.url().includes("/questions/"))
        await page.getByRole("button", { name: "Yes" }).click()
        expect((await answered).status()).toBe(200)
        await waitForText(page, "#chat li", "off you go (confirmed)")
        await page.waitForFunction(`document.querySelector("#question").hidden === true`)

        await page.reload()
        await waitForText(page, "#chat li", "off you go (confirmed)")
        await ready()
        expect(await page.locator("#question").isHidden()).toBe(true)
        expect(await chat()).toEqual(["Back to this session: 2 turns", "Say anything.", "hello", "hello back", "ask to leave", "off you go (confirmed)"])
        expect(await page.locator("#agent-status").textContent()).toBe("2 turns")
      })
      expect(problems.unexpected()).toEqual([])
    }).pipe(Effect.scoped), 90_000)
})
