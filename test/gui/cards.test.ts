/**
 * Every kind of question card in a real browser: a QuestionGroup holding a
 * Choose whose option reveals a Confirm, a ConditionalQ that holds and one
 * that does not, a FreeText with its placeholder, and a Confirm — answered
 * by taps and by the keyboard alone; the answer that comes back is exact.
 */
import { Effect, Option } from "effect"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Answer, Question } from "../../src/domain/question.js"
import type { RunningGui } from "./harness.js"
import { launchChromium, startGui, watchPage } from "./harness.js"
import { tidyScript } from "./scripted-model.js"

let gui: RunningGui
let browser: Browser

beforeAll(async () => {
  gui = await startGui(tidyScript(0))
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await gui?.close()
})

const space: Question = {
  _tag: "QuestionGroup",
  title: "About the closet",
  questions: [
    {
      id: "kind",
      question: {
        _tag: "Choose",
        id: "kind",
        prompt: "Where are we working?",
        options: [
          { value: "desk", label: "Desk", description: "the work surface" },
          { value: "closet", label: "Closet" }
        ],
        reveals: { closet: { _tag: "Confirm", prompt: "Is the door stuck?", default: false } }
      }
    },
    {
      id: "behind",
      question: {
        _tag: "ConditionalQ",
        condition: { _tag: "ChoiceIs", id: "kind", value: "closet" },
        question: { _tag: "FreeText", prompt: "What is behind the door?", placeholder: "e.g. boxes of photos" }
      }
    },
    {
      id: "desk-only",
      question: {
        _tag: "ConditionalQ",
        condition: { _tag: "ChoiceIs", id: "kind", value: "desk" },
        question: { _tag: "Confirm", prompt: "Is the desk clear?", default: true }
      }
    },
    { id: "ready", question: { _tag: "Confirm", prompt: "Ready to start?", default: true } }
  ]
}

const waitForHeading = (page: import("playwright-core").Page, text: string) =>
  page.waitForFunction(`(document.querySelector("#question h3") || {}).textContent === ${JSON.stringify(text)}`, undefined, { timeout: 30_000 })

describe("question cards in a real browser", () => {
  it("draws and answers every kind of question, taps and keyboard alike", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const problems = watchPage(page)
    await page.goto(gui.url)
    // Skip the start card: both questions left empty, with Enter.
    await waitForHeading(page, "What is this space for?")
    await page.keyboard.press("Enter")
    await waitForHeading(page, "What is definitely staying?")
    await page.keyboard.press("Enter")
    await page.waitForFunction(`document.querySelector("#question").hidden === true`)

    const id = new URL(page.url()).searchParams.get("s") ?? ""
    const session = Option.getOrThrow(await Effect.runPromise(gui.sessions.open(id)))
    const answered: Promise<Answer> = Effect.runPromise(session.ask(space))

    await waitForHeading(page, "Where are we working?")
    expect(await page.locator("#question .group").textContent()).toBe("About the closet")
    expect(await page.locator("#question .choices button").allInnerTexts()).toEqual(["Desk\nthe work surface", "Closet"])
    expect(await page.locator("#question button.not-now").allInnerTexts()).toEqual(["Not now"])
    await page.locator("#question button", { hasText: "Closet" }).click()

    // The revealed follow-up; its default (No) has the focus, so Enter answers it.
    await waitForHeading(page, "Is the door stuck?")
    await page.keyboard.press("Enter")

    await waitForHeading(page, "What is behind the door?")
    expect(await page.locator("#question input").getAttribute("placeholder")).toBe("e.g. boxes of photos")
    await page.keyboard.type("boxes of photos")
    await page.keyboard.press("Enter")

    // "Is the desk clear?" is skipped: its condition does not hold.
    await waitForHeading(page, "Ready to start?")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Shift+Tab")
    await page.keyboard.press("Enter")

    expect(await answered).toEqual({
      _tag: "GroupAnswer",
      answers: {
        kind: { _tag: "ChoiceAnswer", value: "closet", followUp: { _tag: "ConfirmAnswer", confirmed: false } },
        behind: { _tag: "TextAnswer", text: "boxes of photos" },
        "desk-only": { _tag: "Skipped" },
        ready: { _tag: "ConfirmAnswer", confirmed: true }
      }
    })
    await page.waitForFunction(`document.querySelector("#question").hidden === true`)
    expect(problems.unexpected()).toEqual([])
    await page.close()
  })

  it("says so when the address names a session that is not there", async () => {
    const page = await browser.newPage()
    const problems = watchPage(page, [{ path: "/api/sessions/gone-for-good", status: 404 }])
    await page.goto(`${gui.url}/?s=gone-for-good`)
    await page.waitForFunction(`document.querySelector("#status").textContent.includes("There is no session gone-for-good here")`)
    expect(await page.locator("#question").isHidden()).toBe(true)
    expect(problems.unexpected()).toEqual([])
    await page.close()
  })
})
