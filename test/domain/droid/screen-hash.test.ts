/**
 * The normalised screen hash: clock and battery noise does not change it,
 * anything a user could act on does. Checked on made dumps and on the real
 * dumps in ../shared/fixtures/ui-dumps (read in place; skipped with a
 * printed reason when absent).
 */
import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { parseUiDump } from "../../../src/domain/android/ui-tree.js"
import type { UiTree } from "../../../src/domain/android/ui-tree.js"
import { maskNoise, screenHash } from "../../../src/domain/droid/screen-hash.js"

const parse = (xml: string): UiTree => {
  const r = parseUiDump(xml)
  if (Either.isLeft(r)) throw new Error(r.left.message)
  return r.right
}

const node = (attrs: string, children = "") =>
  `<node index="0" text="" resource-id="" class="android.widget.TextView" package="com.example" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][100,100]" ${attrs}>${children}</node>`

const dump = (clock: string, battery: string, label: string, checked = false) =>
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${
    node(`text="${clock}" resource-id="com.android.systemui:id/clock" package="com.android.systemui"`)
  }${node(`text="" content-desc="Battery ${battery} percent" resource-id="com.android.systemui:id/battery"`)}${
    node(`text="Updated ${clock}, ${battery}% charged" resource-id="com.example:id/status"`)
  }${node(`text="${label}" class="android.widget.Switch" checkable="true" checked="${checked}" clickable="true" bounds="[0,200][1080,400]"`)}</hierarchy>`

describe("screenHash", () => {
  it("masks times and percentages in text", () => {
    expect(maskNoise("Updated 9:41 PM, 87% charged at 09:41:07")).toBe("Updated #:#, #% charged at #:#")
  })

  it("ignores the clock and the battery level, wherever they show", () => {
    expect(screenHash(parse(dump("9:41", "87", "Wi-Fi")))).toBe(screenHash(parse(dump("10:02", "12", "Wi-Fi"))))
  })

  it("changes with a label, a switch's state, or a node's place", () => {
    const base = screenHash(parse(dump("9:41", "87", "Wi-Fi")))
    expect(screenHash(parse(dump("9:41", "87", "Bluetooth")))).not.toBe(base)
    expect(screenHash(parse(dump("9:41", "87", "Wi-Fi", true)))).not.toBe(base)
    expect(screenHash(parse(dump("9:41", "87", "Wi-Fi").replace("[0,200][1080,400]", "[0,300][1080,500]")))).not.toBe(base)
  })

  it("is 16 hex digits", () => {
    expect(screenHash(parse(dump("9:41", "87", "Wi-Fi")))).toMatch(/^[0-9a-f]{16}$/)
  })
})

const folder = new URL("../../../../shared/fixtures/ui-dumps/", import.meta.url)
const present = existsSync(fileURLToPath(folder))
if (!present) console.log(`real UI dumps not found at ${fileURLToPath(folder)}: skipping the screen-hash checks on them`)
const files = present ? readdirSync(folder).filter((f) => f.endsWith(".xml")).sort() : []

describe.skipIf(!present)("screenHash on real dumps", () => {
  it("gives every real dump its own hash", () => {
    const hashes = files.map((f) => screenHash(parse(readFileSync(new URL(f, folder), "utf8"))))
    expect(new Set(hashes).size).toBe(files.length)
  })

  it("a quick-settings panel hashes alike at another time, and differently with a tile's label changed", () => {
    const xml = readFileSync(new URL("11-quick-settings-zh.xml", folder), "utf8")
    expect(xml).toContain('text="07:20"')
    const base = screenHash(parse(xml))
    expect(screenHash(parse(xml.replace('text="07:20"', 'text="23:59"')))).toBe(base)
    const label = /text="([^"0-9:%][^"]*)"/.exec(xml)?.[1]
    if (label === undefined) throw new Error("no text label in the quick-settings dump")
    expect(screenHash(parse(xml.replace(`text="${label}"`, `text="${label}x"`)))).not.toBe(base)
  })
})
