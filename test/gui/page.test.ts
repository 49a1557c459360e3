/**
 * The tidy page as a new user meets it offline (issue 14, "Page."), in
 * headless Chromium: the focus comes back to the message box after every
 * card; a photo is taken at any point and, offline, acknowledged as not
 * analysed without moving the session on; no card marks a suggestion nobody
 * made; the chat shows each card's question and the answer; a card can be
 * left with "Not now", or by just typing; the pile strip stays in view.
 */
import { Effect, Option } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { tidySessions } from "../../src/agents/tidy/session-kind.js"
import { initialState } from "../../src/domain/tidy/state.js"
import { CategoryName, ItemName, SpaceFunction } from "../../src/domain/tidy/types.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import type { RunningGui } from "./harness.js"
import { launchChromium, startOfflineGui, watchPage } from "./harness.js"
import { makePhoto, screenshotChecked, sessionIdOf, startSession, waitForText } from "./page-helpers.js"

let gui: RunningGui
let browser: Browser

beforeAll(async () => {
  gui = await startOfflineGui()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await gui?.close()
})

const focusedId = (page: Page) => page.evaluate(`document.activeElement ? document.activeElement.id : ""`)
const chatTexts = (page: Page) => page.locator("#chat li").allTextContents()
const cardIsUp = (page: Page) => page.waitForFunction(`document.querySelector("#question").hidden === false`, undefined, { timeout: 30_000 })
const cardIsDown = (page: Page) => page.waitForFunction(`document.querySelector("#question").hidden === true`, undefined, { timeout: 30_000 })
const storedState = (id: string) => Effect.runPromise(gui.store.load(tidySessions, SessionId.make(id)))

/** `lines` appear in the chat in this order, one right after the other. */
const expectInOrder = (chat: ReadonlyArray<string>, lines: ReadonlyArray<string>) => {
  const at = chat.findIndex((_, i) => lines.every((line, j) => chat[i + j] === line))
  expect(at, `expected ${JSON.stringify(lines)} in a row in\n${chat.join("\n")}`).toBeGreaterThanOrEqual(0)
}

describe("the tidy page, offline, in a real browser", () => {
  it("hands the focus back to the message box after every card, so typing goes on with the keyboard alone", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const problems = watchPage(page)
    await page.goto(gui.url)
    // The start card's two questions, typed and answered with Enter.
    await waitForText(page, "#question h3", "What is this space for?")
    await page.keyboard.type("it's for sleeping")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What is definitely staying?")
    await page.keyboard.type("the bed stays")
    await page.keyboard.press("Enter")
    await waitForText(page, "#phase", "Sorting")
    await cardIsDown(page)
    expect(await focusedId(page)).toBe("composer-text")

    // A disposition card answered by keyboard: the next message is typed straight away.
    await page.keyboard.type("mug")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with mug?")
    await page.keyboard.press("Tab") // from the first choice to "Keep"
    await page.keyboard.press("Enter")
    await waitForText(page, "#pile-belongs li", "mug")
    await cardIsDown(page)
    expect(await focusedId(page)).toBe("composer-text")

    // A card answered with the mouse, and one left with "Not now": the same.
    await page.keyboard.type("old socks")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with old socks?")
    await page.locator("#question button", { hasText: "Not sure" }).click()
    await waitForText(page, "#pile-unsure li", "old socks")
    await cardIsDown(page)
    expect(await focusedId(page)).toBe("composer-text")
    await page.keyboard.type("a lamp")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with lamp?")
    await page.locator("#question button", { hasText: "Not now" }).click()
    await cardIsDown(page)
    expect(await focusedId(page)).toBe("composer-text")
    await page.keyboard.type("stop")
    await page.keyboard.press("Enter")
    await waitForText(page, "#status", "Session finished")
    expect(problems.unexpected()).toEqual([])
    await page.close()
  })

  it("takes a photo at any point; offline it says photos are skipped, and the session and its card stay where they were", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const problems = watchPage(page)
    await page.goto(gui.url)
    // At the start card.
    await waitForText(page, "#question h3", "What is this space for?")
    await page.locator("#photo-input").setInputFiles({ name: "room.jpg", mimeType: "image/jpeg", buffer: await makePhoto() })
    await waitForText(page, "#chat li.note", "Photos are skipped offline")
    expect(await chatTexts(page)).toEqual(["Photo: room.jpg", expect.stringContaining("Photos are skipped offline")])
    expect(await page.locator("#question h3").textContent()).toBe("What is this space for?")
    expect(await page.locator("#upload-error").textContent()).toBe("")
    expect(await page.locator("#phase").textContent()).toBe("Surveying")

    // At a disposition card: the card stays up, unanswered, the piles as they were.
    await page.locator("#question input").fill("it's for sleeping")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What is definitely staying?")
    await page.keyboard.type("the bed stays")
    await page.keyboard.press("Enter")
    await waitForText(page, "#phase", "Sorting")
    await page.locator("#composer-text").fill("mug")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with mug?")
    const before = await storedState(sessionIdOf(page))
    await page.locator("#photo-input").setInputFiles({ name: "desk.jpg", mimeType: "image/jpeg", buffer: await makePhoto() })
    await waitForText(page, "#chat li.you", "Photo: desk.jpg")
    expect((await chatTexts(page)).slice(-2)).toEqual(["Photo: desk.jpg", expect.stringContaining("Photos are skipped offline")])
    await cardIsUp(page)
    expect(await page.locator("#question h3").textContent()).toBe("What to do with mug?")
    expect(await storedState(sessionIdOf(page))).toEqual(before)
    expect(problems.unexpected()).toEqual([])
    await page.close()
  })

  it("does not move a category walk on when a photo arrives offline", async () => {
    // A session saved in the middle of the category walk, as the issue found it ("Cables and tech: done").
    const id = "2026-11-20-2100-wxyz"
    const cables = ItemName.make("phone charger")
    await Effect.runPromise(gui.store.save(tidySessions, SessionId.make(id), {
      ...initialState,
      phaseData: {
        _tag: "Refining",
        active: { function: SpaceFunction.make("sleeping"), anchors: [ItemName.make("bed")], lastAnxiety: Option.none() },
        current: { name: CategoryName.make("Cables and tech"), items: [cables] },
        upcoming: [{ name: CategoryName.make("Clothes"), items: [ItemName.make("jumper")] }],
        currentItem: Option.none()
      },
      itemsProcessed: 2
    }))
    const before = await storedState(id)
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const problems = watchPage(page)
    await page.goto(`${gui.url}/?s=${id}`)
    await waitForText(page, "#chat li", "Welcome back")
    await page.locator("#photo-input").setInputFiles({ name: "cables.jpg", mimeType: "image/jpeg", buffer: await makePhoto() })
    await waitForText(page, "#chat li.note", "Photos are skipped offline")
    expect(await page.locator("#categories").textContent()).toContain("Cables and tech: phone charger")
    expect(await page.locator("#phase").textContent()).toBe("Refining")
    expect(await storedState(id)).toEqual(before)
    expect((await chatTexts(page)).join("\n")).not.toContain("done")
    expect(problems.unexpected()).toEqual([])
    await page.close()
  })

  it("marks no choice 'suggested' when nothing was suggested, and writes each card's question and answer into the chat", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const problems = watchPage(page)
    await startSession(page, gui.url, "it's for sleeping", "the bed stays")
    await page.locator("#composer-text").fill("mug")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with mug?")
    // Offline the three choices are plain options: none is highlighted, none says "suggested".
    expect(await page.locator("#question .choices button").allInnerTexts()).toEqual(["Trash", "Keep", "Not sure"])
    expect(await page.locator("#question button.suggested").count()).toBe(0)
    expect(await page.locator("#question").innerText()).not.toMatch(/suggest/i)
    await page.locator("#question button", { hasText: "Keep" }).click()
    await waitForText(page, "#pile-belongs li", "mug")
    await page.locator("#composer-text").fill("old socks")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with old socks?")
    await page.locator("#question button", { hasText: "Not now" }).click()
    await cardIsDown(page)
    await page.waitForFunction(`document.querySelector("#status").textContent === ""`)

    const chat = await chatTexts(page)
    expectInOrder(chat, ["What is this space for?", "it's for sleeping", "What is definitely staying?", "the bed stays"])
    expectInOrder(chat, ["mug", "What to do with mug?", "Keep", "It stays. Next?"])
    expectInOrder(chat, ["old socks", "What to do with old socks?", "Not now"])
    // The same history after a reload.
    await page.reload()
    await waitForText(page, "#pile-belongs li", "mug")
    expect(await chatTexts(page)).toEqual(chat)
    expect(problems.unexpected()).toEqual([])
    await page.close()
  })

  it("has a 'Not now' on every card, and takes a message typed while a card is up as a new message (its own label answers it)", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark", reducedMotion: "reduce" })
    const page = await context.newPage()
    const problems = watchPage(page)
    await page.goto(gui.url)
    // "Not now" at the start card: the whole card is left, nothing is decided.
    await waitForText(page, "#question h3", "What is this space for?")
    await page.locator("#question button", { hasText: "Not now" }).click()
    await waitForText(page, "#chat li", "No rush")
    await cardIsDown(page)
    expect(await page.locator("#phase").textContent()).toBe("Surveying")
    expect(await focusedId(page)).toBe("composer-text")
    await page.keyboard.type("it's for sleeping")
    await page.keyboard.press("Enter")
    await waitForText(page, "#chat li.coach", "sleeping")
    await page.keyboard.type("the bed stays")
    await page.keyboard.press("Enter")
    await waitForText(page, "#phase", "Sorting")

    // A card is up; Send is not disabled, and what is typed is a new message, not an answer to this card.
    await page.keyboard.type("mug")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with mug?")
    expect(await page.locator("#composer button").isDisabled()).toBe(false)
    await page.locator("#composer-text").fill("old socks")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with old socks?")
    expect(await page.locator("#composer-text").inputValue()).toBe("")
    const chat = await chatTexts(page)
    const asked = chat.indexOf("What to do with mug?")
    expect(chat[asked - 1]).toBe("mug")
    // The words are the card's answer, shown once as the user's, and taken as their next message.
    expect(chat[asked + 1]).toBe("old socks")
    expect(chat.filter((line) => line === "old socks")).toHaveLength(1)
    expect(chat.indexOf("old socks")).toBeGreaterThan(chat.indexOf("What to do with mug?"))
    const state = await storedState(sessionIdOf(page))
    expect([...state.piles.belongs, ...state.piles.out, ...state.piles.unsure]).not.toContain("mug")

    // "Not now" by keyboard alone: the card's last control, after its three choices.
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab")
    expect(await page.evaluate(`document.activeElement.textContent`)).toBe("Not now")
    await page.keyboard.press("Enter")
    await cardIsDown(page)
    expect(await focusedId(page)).toBe("composer-text")

    // The card's own label, typed in the message box, answers it.
    await page.keyboard.type("scarf")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with scarf?")
    await page.locator("#composer-text").fill("Keep")
    await page.keyboard.press("Enter")
    await waitForText(page, "#pile-belongs li", "scarf")
    await cardIsDown(page)
    expectInOrder(await chatTexts(page), ["scarf", "What to do with scarf?", "Keep", "It stays. Next?"])
    await page.keyboard.type("stop")
    await page.keyboard.press("Enter")
    await waitForText(page, "#status", "Session finished")
    expect(problems.unexpected()).toEqual([])
    await context.close()
  })

  // Two sessions of seven cards each: minutes on a machine busy with two full test runs, not the default 30 s.
  it("keeps the pile strip in view while the chat scrolls, at phone and desktop widths", async () => {
    for (const [name, viewport] of [["phone", { width: 390, height: 844 }], ["desktop", { width: 1280, height: 800 }]] as const) {
      const page = await browser.newPage({ viewport })
      const problems = watchPage(page)
      await startSession(page, gui.url, "it's for sleeping", "the bed stays")
      for (const item of ["mug", "old socks", "phone charger", "paperback", "scarf", "hand cream", "water glass"]) {
        await page.locator("#composer-text").fill(item)
        await page.keyboard.press("Enter")
        await waitForText(page, "#question h3", `What to do with ${item}?`)
        await page.locator("#question button", { hasText: "Keep" }).click()
        await waitForText(page, "#pile-belongs li", item)
      }
      await page.evaluate(`window.scrollTo(0, document.documentElement.scrollHeight)`)
      const scrolled = await page.evaluate(`window.scrollY`)
      expect(scrolled).toBeGreaterThan(200)
      const strip = await page.locator("#progress").boundingBox()
      expect(strip?.y).toBe(0)
      // In view, and small enough to leave the chat room on a phone.
      expect(strip?.height ?? viewport.height).toBeLessThan(viewport.height * 0.3)
      // The newest item is the one the pile's list shows.
      expect(await page.locator("#pile-belongs li", { hasText: "water glass" }).isVisible()).toBe(true)
      expect(await page.evaluate(`document.documentElement.scrollWidth <= window.innerWidth`)).toBe(true)
      await screenshotChecked(page, `gui-strip-${name}`, { fullPage: false })
      expect(problems.unexpected()).toEqual([])
      await page.close()
    }
  }, 120_000)
})
