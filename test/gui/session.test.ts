/**
 * `shoal tidy --gui` end to end: the real server and page in headless
 * Chromium, the model scripted. A whole session — the start card (a
 * QuestionGroup answered with the keyboard alone), a photo, a disposition
 * card answered with one tap, a reload mid-session, stop → summary — with
 * the page's piles checked against the SessionStore, refused uploads, two
 * tabs on one session, and screenshots at desktop and phone widths.
 */
import { Effect } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { tidySessions } from "../../src/agents/tidy/session-kind.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import type { PageProblems, ScriptedGui } from "./harness.js"
import { launchChromium, startGui, watchPage } from "./harness.js"
import { makePhoto, screenshotChecked, sessionIdOf, waitForText } from "./page-helpers.js"
import { tidyScript } from "./scripted-model.js"

const maxUploadBytes = 1024 * 1024

let gui: ScriptedGui
let browser: Browser

beforeAll(async () => {
  gui = await startGui(tidyScript(), { maxUploadBytes })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await gui?.close()
})

const textsOf = (page: Page, selector: string) => page.locator(selector).allTextContents()

const statusIsQuiet = (page: Page) => page.waitForFunction(`document.querySelector("#status").textContent === ""`)

const storedState = (id: string) => Effect.runPromise(gui.store.load(tidySessions, SessionId.make(id)))

/** The piles drawn on the page equal the piles saved in the SessionStore. */
const expectPilesMatchStore = async (page: Page) => {
  const state = await storedState(sessionIdOf(page))
  expect({
    belongs: await textsOf(page, "#pile-belongs li"),
    out: await textsOf(page, "#pile-out li"),
    unsure: await textsOf(page, "#pile-unsure li")
  }).toEqual({ belongs: [...state.piles.belongs], out: [...state.piles.out], unsure: [...state.piles.unsure] })
  expect(await page.locator("#items").textContent()).toBe(String(state.itemsProcessed))
}

const expectClean = (problems: PageProblems) => expect(problems.unexpected()).toEqual([])

const wholeSession = 120_000

describe("shoal tidy --gui in a real browser", () => {
  // A whole session in a real browser, step by step: minutes on a machine busy with two full test runs, not the
  // default 30 s. What it asserts is the page's behaviour, not its speed.
  it("runs a whole session: start card, photo, one-tap card, reload, summary", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const problems = watchPage(page, [{ path: "/photos", status: 415 }, { path: "/photos", status: 413 }])
    await page.goto(gui.url)

    // The start card is a QuestionGroup: two questions, answered with the keyboard alone.
    await waitForText(page, "#question .group", "Before we start")
    expect(await page.evaluate(`document.activeElement === document.querySelector("#question input")`)).toBe(true)
    await page.keyboard.type("home office")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What is definitely staying?")
    await page.keyboard.type("the desk")
    await page.keyboard.press("Enter")
    await waitForText(page, "#phase", "Sorting")
    const id = sessionIdOf(page)
    expect(id).toMatch(/^\d{4}-\d{2}-\d{2}-\d{4}-[0-9a-z]{4}$/)
    expect((await storedState(id)).phaseData._tag).toBe("Sorting")

    // A photo through the file picker: normalised by sharp and seen by the model.
    await page.locator("#photo-input").setInputFiles({ name: "desk.jpg", mimeType: "image/jpeg", buffer: await makePhoto() })
    await waitForText(page, "#chat li.you", "Photo: desk.jpg")
    await statusIsQuiet(page)
    const visionRequests = (await Effect.runPromise(gui.scripted.requests)).filter((r) =>
      r.messages.some((m) => m.content.some((b) => b._tag === "Image" && b.source._tag === "Base64" && b.source.mediaType === "image/jpeg"))
    )
    expect(visionRequests).toHaveLength(1)

    // Refused uploads: a clear message, and nothing changes.
    const before = await storedState(id)
    const chatBefore = await page.locator("#chat li").count()
    await page.locator("#photo-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") })
    await waitForText(page, "#upload-error", "\"notes.txt\" is not a photo we can read")
    await page.locator("#photo-input").setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(maxUploadBytes + 4096, 1) })
    await waitForText(page, "#upload-error", "the limit is 1 MB")
    expect(await storedState(id)).toEqual(before)
    expect(await page.locator("#chat li").count()).toBe(chatBefore)

    // Naming an item brings the disposition card; one tap answers it.
    await page.locator("#composer-text").fill("old mug")
    await page.keyboard.press("Enter")
    await waitForText(page, "#question h3", "What to do with old mug?")
    // The model's suggestion, and only it, is marked as one.
    expect(await page.locator("#question button.suggested").allInnerTexts()).toEqual(["Trash\nsuggested"])
    await page.locator("#question button", { hasText: "Trash" }).click()
    await waitForText(page, "#pile-out li", "old mug")
    await statusIsQuiet(page)
    await expectPilesMatchStore(page)
    await screenshotChecked(page, "gui-desktop")

    // Reload mid-session: the same session, the same piles and chat, and it goes on.
    const chatLines = await textsOf(page, "#chat li")
    await page.reload()
    await waitForText(page, "#pile-out li", "old mug")
    expect(sessionIdOf(page)).toBe(id)
    expect(await textsOf(page, "#chat li")).toEqual(chatLines)
    await expectPilesMatchStore(page)

    await page.locator("#composer-text").fill("stop")
    await page.keyboard.press("Enter")
    await waitForText(page, "#status", "Session finished")
    await expectPilesMatchStore(page)
    expectClean(problems)
    await context.close()
  }, wholeSession)

  it("takes a photo at the start card: with a model it is looked at, and the card is set aside with nothing decided", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const problems = watchPage(page)
    await page.goto(gui.url)
    await waitForText(page, "#question h3", "What is this space for?")
    const looked = (await Effect.runPromise(gui.scripted.requests)).length
    await page.locator("#photo-input").setInputFiles({ name: "corner.jpg", mimeType: "image/jpeg", buffer: await makePhoto() })
    await waitForText(page, "#chat li.you", "Photo: corner.jpg")
    await statusIsQuiet(page)
    const requests = (await Effect.runPromise(gui.scripted.requests)).slice(looked)
    expect(requests.filter((r) => r.tools.some((t) => t.name === "analyze_photo"))).toHaveLength(1)
    const chat = await textsOf(page, "#chat li")
    expect(chat.slice(0, 3)).toEqual(["What is this space for?", "Left for now, to take what you sent first.", "Photo: corner.jpg"])
    expect(chat.length).toBeGreaterThan(3)
    expect(await textsOf(page, "#upload-error")).toEqual([""])
    expectClean(problems)
    await page.close()
  })

  it("keeps two tabs on one session consistent, and works at phone width in dark mode", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "dark", reducedMotion: "reduce" })
    const first = await context.newPage()
    const problemsFirst = watchPage(first)
    await first.goto(gui.url)
    await waitForText(first, "#question .group", "Before we start")
    await first.locator("#question input").fill("home office")
    await first.locator("#question button", { hasText: "Next" }).click()

    // The second tab joins mid-card and sees the same question.
    const second = await context.newPage()
    const problemsSecond = watchPage(second)
    await second.goto(first.url())
    await waitForText(second, "#question h3", "What is definitely staying?")
    await second.locator("#question input").fill("the desk")
    await second.keyboard.press("Enter")
    await waitForText(first, "#phase", "Sorting")
    await waitForText(second, "#phase", "Sorting")

    await first.locator("#composer-text").fill("tangled cables")
    await first.keyboard.press("Enter")
    await waitForText(second, "#question h3", "What to do with tangled cables?")
    await second.locator("#question button", { hasText: "Kitchen" }).click()
    for (const page of [first, second]) {
      await waitForText(page, "#pile-belongs li", "tangled cables")
      await page.waitForFunction(`document.querySelector("#question").hidden === true`)
      await expectPilesMatchStore(page)
    }
    expect(await textsOf(first, "#chat li")).toEqual(await textsOf(second, "#chat li"))

    // A photo dropped on the page (drag-and-drop) reaches the session; both tabs show it.
    const jpeg = (await makePhoto()).toString("base64")
    await first.evaluate(`(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(jpeg)}), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "dropped.jpg", { type: "image/jpeg" }));
      document.querySelector("#drop").dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`)
    await waitForText(second, "#chat li.you", "Photo: dropped.jpg")
    await statusIsQuiet(first)

    // Dark mode is drawn dark, and the phone layout has no sideways scrolling.
    const background = await first.evaluate(`getComputedStyle(document.body).backgroundColor`)
    expect(background).toBe("rgb(23, 25, 21)")
    expect(await first.evaluate(`document.documentElement.scrollWidth <= window.innerWidth`)).toBe(true)
    await screenshotChecked(first, "gui-phone")

    // The session list offers this session to resume.
    await first.locator("#sessions summary").click()
    await waitForText(first, "#session-list a", sessionIdOf(first))
    expectClean(problemsFirst)
    expectClean(problemsSecond)
    await context.close()
  }, wholeSession)
})
