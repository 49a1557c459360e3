/**
 * Conformance over real `uiautomator dump` files from public projects. They
 * are read in place from ../shared/fixtures/ui-dumps/ (their licences differ,
 * so they are never copied here); when that folder is absent the suite says
 * so and is skipped with that reason.
 */
import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describeElements, elementList, findByContentDesc, focusedField } from "../../../src/domain/android/elements.js"
import { contains, parseUiDump, walk } from "../../../src/domain/android/ui-tree.js"
import type { UiTree } from "../../../src/domain/android/ui-tree.js"

// test/domain/android/ → repository root → its sibling "shared".
const folder = new URL("../../../../shared/fixtures/ui-dumps/", import.meta.url)
const present = existsSync(fileURLToPath(folder))
if (!present) console.log(`real UI dumps not found at ${fileURLToPath(folder)}: skipping the conformance suite`)
const files = present ? readdirSync(folder).filter((f) => f.endsWith(".xml")).sort() : []
const read = (file: string) => readFileSync(new URL(file, folder), "utf8")
const tree = (file: string): UiTree => {
  const r = parseUiDump(read(file))
  if (Either.isLeft(r)) throw new Error(`${file}: ${r.left.message}`)
  return r.right
}

describe.skipIf(!present)("real uiautomator dumps (../shared/fixtures/ui-dumps)", () => {
  it("finds the dumps listed in SOURCES.md", () => {
    expect(files.length).toBeGreaterThanOrEqual(8)
  })

  it.each(files)("%s parses completely: one tree node per <node> element", (file) => {
    const nodes = walk(tree(file))
    expect(nodes).toHaveLength((read(file).match(/<node\b/g) ?? []).length)
    expect(nodes.every((n) => n.node.className.length > 0)).toBe(true)
  })

  it.each(files)("%s yields a non-empty element list whose centres lie inside their bounds", (file) => {
    const list = elementList(tree(file))
    expect(list.elements.length).toBeGreaterThan(0)
    for (const e of list.elements) expect(contains(e.node.bounds, e.centre)).toBe(true)
    expect(describeElements(list).split("\n")).toHaveLength(list.elements.length)
  })

  it("03 WhatsApp: the focused field is the 'Message' EditText", () => {
    const field = focusedField(elementList(tree("03-whatsapp-chat-input.xml")))
    expect(field?.node).toMatchObject({ text: "Message", resourceId: "com.whatsapp:id/entry", className: "android.widget.EditText" })
  })

  it("02 lock screen (API 17): no resource ids at all, Chinese text intact", () => {
    const t = tree("02-lockscreen-zh-api17.xml")
    expect(walk(t).every((n) => n.node.resourceId === undefined)).toBe(true)
    expect(walk(t).some((n) => /[\u4e00-\u9fff]/.test(n.node.text + n.node.contentDesc))).toBe(true)
  })

  it("08 Nova drawer: landscape rotation is kept", () => {
    expect(tree("08-nova-app-drawer-ko-landscape.xml").rotation).toBe(1)
  })

  it("11 quick settings: switch states are read (Wi-Fi on, Bluetooth off)", () => {
    const list = elementList(tree("11-quick-settings-zh.xml"))
    expect(findByContentDesc(list, "互联网", { exact: false })[0]?.node).toMatchObject({ className: "android.widget.Switch", checkable: true, checked: true })
    expect(findByContentDesc(list, "蓝牙", { exact: false })[0]?.node.checked).toBe(false)
  })

  it("07 chat: '&#10;' inside a message becomes a real newline", () => {
    expect(walk(tree("07-llm-chat-zh.xml")).some((n) => n.node.text.includes("\n"))).toBe(read("07-llm-chat-zh.xml").includes("&#10;"))
  })
})
