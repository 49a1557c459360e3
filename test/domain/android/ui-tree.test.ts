/** The uiautomator parser on hand-written edge cases (test/fixtures/ui/) and on the simulator's own screens. */
import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { readFileSync } from "node:fs"
import { elementList, findByResourceId } from "../../../src/domain/android/elements.js"
import { parseUiDump, walk } from "../../../src/domain/android/ui-tree.js"
import type { UiTree } from "../../../src/domain/android/ui-tree.js"
import { renderDump, SimulatedDevice } from "../../fakes/android/index.js"

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/ui/${name}`, import.meta.url), "utf8")

const parsed = (text: string): UiTree => {
  const result = parseUiDump(text)
  if (Either.isLeft(result)) throw new Error(`expected a tree, got ${result.left.message}`)
  return result.right
}

describe("parseUiDump on edge cases", () => {
  it("decodes predefined, decimal and hex entities and keeps non-ASCII text", () => {
    const texts = walk(parsed(fixture("entities-unicode.xml"))).map((n) => n.node.text)
    expect(texts).toContain("Fish & Chips <large> \"extra\" 'salt'")
    expect(texts).toContain("Line one\nLine two")
    expect(texts).toContain("crème brûlée 🍮 한국어 日本語")
    expect(texts).toContain("你好")
    expect(walk(parsed(fixture("entities-unicode.xml"))).map((n) => n.node.contentDesc)).toContain("greeting & wave")
  })

  it("reads the node fields: bounds, id, class, package, flags", () => {
    const tree = parsed(fixture("nested-scroll.xml"))
    const qty = walk(tree).find((n) => n.node.resourceId === "com.example.shop:id/qty")?.node
    expect(qty).toMatchObject({
      className: "android.widget.EditText",
      packageName: "com.example.shop",
      text: "",
      hint: "Quantity",
      focused: true,
      clickable: true,
      longClickable: true,
      enabled: true,
      bounds: { left: 0, top: 800, right: 1080, bottom: 950 }
    })
    const buy = walk(tree).find((n) => n.node.text === "Buy")?.node
    expect(buy?.enabled).toBe(false)
  })

  it("keeps nested scroll views as nested nodes, and leaves zero-area views out of the element list", () => {
    const tree = parsed(fixture("nested-scroll.xml"))
    const outer = tree.nodes[0]?.children[0]
    expect(outer?.scrollable).toBe(true)
    expect(outer?.children[0]?.scrollable).toBe(true)
    expect(outer?.children[0]?.children.map((c) => c.text)).toEqual(["", "Pears"])
    const list = elementList(tree)
    expect(list.elements.map((e) => e.node.text || e.node.contentDesc || e.node.resourceId)).not.toContain("Pears")
    expect(findByResourceId(list, "card")[0]?.node.contentDesc).toBe("Apples, 2.99")
  })

  it("gives missing attributes neutral defaults (API 17 dumps have no resource-id)", () => {
    const tree = parsed(fixture("missing-attributes.xml"))
    expect(tree.rotation).toBe(0)
    const [button, noBounds, blank, bad] = tree.nodes[0]?.children ?? []
    expect(button).toMatchObject({ text: "Old style, no resource-id", clickable: true, enabled: true, contentDesc: "" })
    expect(button?.resourceId).toBeUndefined()
    expect(noBounds).toMatchObject({ index: 0, bounds: { left: 0, top: 0, right: 0, bottom: 0 } })
    expect(blank?.text).toBe("")
    expect(bad?.bounds).toEqual({ left: 0, top: 0, right: 0, bottom: 0 })
    // Only the button is listed: the others have no area or nothing to show.
    expect(elementList(tree).elements.map((e) => e.node.text)).toEqual(["Old style, no resource-id"])
  })

  it("finds the XML inside exec-out output that ends with 'UI hierchary dumped to'", () => {
    expect(walk(parsed(fixture("exec-out-with-suffix.txt")))).toHaveLength(5)
  })

  it("reports a dump cut off by the device as UiDumpTruncated, not as a partial tree", () => {
    const result = parseUiDump(fixture("truncated.xml"))
    expect(Either.isLeft(result) && result.left._tag).toBe("UiDumpTruncated")
  })

  it("reports a device error line as UiDumpInvalid with the device's words", () => {
    const result = parseUiDump(fixture("error-null-root.txt"))
    expect(Either.isLeft(result) && result.left._tag).toBe("UiDumpInvalid")
    expect(Either.isLeft(result) && result.left.message).toContain("null root node")
  })

  it("rejects XML that is well-formed but not a hierarchy, and mismatched tags", () => {
    const wrongRoot = parseUiDump("<?xml version='1.0' ?><hierarchy><node></nodes></hierarchy>")
    expect(Either.isLeft(wrongRoot) && wrongRoot.left._tag).toBe("UiDumpInvalid")
    const unclosed = parseUiDump("<hierarchy rotation=\"0\"><node index=\"0\" bounds=\"[0,0][1,1]\">")
    expect(Either.isLeft(unclosed) && unclosed.left._tag).toBe("UiDumpTruncated")
  })
})

describe("parseUiDump on the simulator's screens", () => {
  it("parses every node the simulator rendered, with its attributes", () => {
    const device = new SimulatedDevice()
    device.launch("com.myfitnesspal.android", true)
    device.dump() // past the splash screen
    const windows = device.windows()
    const tree = parsed(renderDump(windows))
    const rendered = (renderDump(windows).match(/<node /g) ?? []).length
    expect(walk(tree)).toHaveLength(rendered)
    const add = elementList(tree).elements.find((e) => e.node.contentDesc === "Add food to Lunch")
    expect(add?.node).toMatchObject({ text: "ADD FOOD", clickable: true, resourceId: "com.myfitnesspal.android:id/add_food_button", packageName: "com.myfitnesspal.android" })
  })

  it("parses a dialog window on top of the app as a second root", () => {
    const device = new SimulatedDevice()
    device.launch("com.android.settings", true)
    device.showDialog()
    const tree = parsed(device.dump())
    expect(tree.nodes.map((n) => n.packageName)).toEqual(["com.android.settings", "com.google.android.gms"])
    expect(elementList(tree).elements.map((e) => e.node.text)).toContain("Later")
  })
})
