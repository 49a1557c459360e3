/**
 * The chat outlives the server: it is kept in the SessionStore (files in a
 * data directory, as `shoal tidy --gui` keeps them), so a page that rejoins
 * its session after a restart shows the whole conversation, cards included,
 * and goes on from there. A session saved before chats were kept still opens.
 */
import { NodeFileSystem, NodePath } from "@effect/platform-node"
import { Effect, Layer, Option } from "effect"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { tidySessions } from "../../src/agents/tidy/session-kind.js"
import { initialState } from "../../src/domain/tidy/state.js"
import { ItemName, SpaceFunction } from "../../src/domain/tidy/types.js"
import { tidyChats } from "../../src/gui/chat.js"
import { layerFile } from "../../src/services/session-store/file.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { launchChromium, startOfflineGui, watchPage } from "./harness.js"
import { sessionIdOf, startSession, waitForText } from "./page-helpers.js"

let browser: Browser
let dataDir: string

beforeAll(async () => {
  browser = await launchChromium()
  dataDir = await mkdtemp(join(tmpdir(), "shoal-gui-restart-"))
})

afterAll(async () => {
  await browser?.close()
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true })
})

/** A server over the data directory, like each run of `shoal tidy --gui`. */
const serverOnDisk = () => startOfflineGui({}, layerFile(dataDir).pipe(Layer.provide(Layer.merge(NodeFileSystem.layer, NodePath.layer))))

describe("the tidy page across a server restart", () => {
  it("shows the whole chat, cards and answers included, when the page rejoins a restarted server", async () => {
    const first = await serverOnDisk()
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const problems = watchPage(page)
    await startSession(page, first.url, "it's for sleeping", "the bed stays")
    await page.locator("#composer-text").fill("mug")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with mug?")
    await page.locator("#question button", { hasText: "Keep" }).click()
    await waitForText(page, "#pile-belongs li", "mug")
    await page.waitForFunction(`document.querySelector("#status").textContent === ""`)
    const id = sessionIdOf(page)
    const chat = await page.locator("#chat li").allTextContents()
    expect(chat).toEqual(expect.arrayContaining(["What to do with mug?", "Keep", "It stays. Next?"]))
    await page.close()
    await first.close()

    const second = await serverOnDisk()
    try {
      const again = await browser.newPage({ viewport: { width: 390, height: 844 } })
      const problemsAgain = watchPage(again)
      await again.goto(`${second.url}/?s=${id}`)
      await waitForText(again, "#chat li", "Welcome back")
      const shown = await again.locator("#chat li").allTextContents()
      expect(shown.slice(0, chat.length)).toEqual(chat)
      expect(shown[chat.length]).toContain("Welcome back")
      expect(await again.locator("#pile-belongs li").allTextContents()).toEqual(["mug"])
      // It goes on, and what is said next is kept too.
      await again.locator("#composer-text").fill("stop")
      await again.keyboard.press("Enter")
      await waitForText(again, "#status", "Session finished")
      const stored = await Effect.runPromise(second.store.load(tidyChats, SessionId.make(id)))
      expect(stored.map((line) => line.text)).toEqual(await again.locator("#chat li").allTextContents())
      expect(problems.unexpected()).toEqual([])
      expect(problemsAgain.unexpected()).toEqual([])
      await again.close()
    } finally {
      await second.close()
    }
  })

  it("opens a session saved before chats were kept: its piles, and a welcome back", async () => {
    const server = await serverOnDisk()
    try {
      const id = SessionId.make("2026-11-01-0900-old1")
      await Effect.runPromise(server.store.save(tidySessions, id, {
        ...initialState,
        phaseData: { _tag: "Sorting", active: { function: SpaceFunction.make("sleeping"), anchors: [ItemName.make("bed")], lastAnxiety: Option.none() }, currentItem: Option.none() },
        piles: { belongs: [], out: [ItemName.make("old magazines")], unsure: [] },
        itemsProcessed: 1
      }))
      const page = await browser.newPage()
      const problems = watchPage(page)
      await page.goto(`${server.url}/?s=${id}`)
      await waitForText(page, "#pile-out li", "old magazines")
      expect(await page.locator("#chat li").allTextContents()).toEqual(["Welcome back. You've decided 1 thing so far. Nothing is waiting from last time. What's next?"])
      expect(problems.unexpected()).toEqual([])
      await page.close()
    } finally {
      await server.close()
    }
  })
})
