/**
 * What the browser tests of the tidy page share: a real photo, waiting for
 * text with the page's contents in the failure, the session id in the
 * address, the start card answered, and screenshots checked to be pictures.
 * Page-side checks are strings: the project compiles without the DOM library.
 */
import { mkdir, writeFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import sharp from "sharp"
import { expect } from "vitest"

/** A small photo of "a messy desk": coloured blocks, so sharp has something real to read. */
export const makePhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 150, b: 110 } } })
    .composite([
      { input: { create: { width: 200, height: 120, channels: 3, background: { r: 40, g: 60, b: 160 } } }, left: 60, top: 80 },
      { input: { create: { width: 90, height: 90, channels: 3, background: { r: 220, g: 30, b: 30 } } }, left: 400, top: 250 }
    ])
    .jpeg()
    .toBuffer()

export const sessionIdOf = (page: Page): string => new URL(page.url()).searchParams.get("s") ?? ""

/**
 * Waits until the page shows `text` in an element `selector` matches: a readiness signal, not a delay. What it
 * waits for is the agent's work behind the page (a shop item added in a fixture store), which took over 8 s with
 * two full runs at once; the bound (30 s) only turns a page that never shows it into a failure with its text.
 */
export const waitForText = (page: Page, selector: string, text: string) =>
  page.waitForFunction(
    `Array.from(document.querySelectorAll(${JSON.stringify(selector)})).some((n) => (n.textContent || "").includes(${JSON.stringify(text)}))`,
    undefined,
    { timeout: 30_000 }
  ).catch(async (e: unknown) => {
    throw new Error(`waiting for "${text}" in ${selector}: ${String(e)}\n${await page.locator("body").innerText()}`)
  })

/** Open a new session and answer its start card. */
export const startSession = async (page: Page, url: string, spaceFor: string, staying: string) => {
  await page.goto(url)
  await waitForText(page, "#question h3", "What is this space for?")
  await page.locator("#question input").fill(spaceFor)
  await page.keyboard.press("Enter")
  await waitForText(page, "#question h3", "What is definitely staying?")
  await page.locator("#question input").fill(staying)
  await page.keyboard.press("Enter")
  await waitForText(page, "#phase", "Sorting")
  await page.waitForFunction(`document.querySelector("#status").textContent === ""`)
}

/** A screenshot (in test-artifacts/) that is a picture, not a blank page: more than one colour, and some detail. */
export const screenshotChecked = async (page: Page, name: string, options: { readonly fullPage?: boolean } = {}) => {
  await mkdir("test-artifacts", { recursive: true })
  const png = await page.screenshot({ fullPage: options.fullPage ?? true, animations: "disabled" })
  await writeFile(`test-artifacts/${name}.png`, png)
  const stats = await sharp(png).stats()
  expect(stats.channels.some((c) => c.max - c.min > 64)).toBe(true)
  expect(stats.entropy).toBeGreaterThan(0.5)
}
