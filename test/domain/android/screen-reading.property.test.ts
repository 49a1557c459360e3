/**
 * Property: on any UI tree — views on and off screen, invisible ones,
 * password fields holding secrets, labels full of icon glyphs — every listed
 * element's tap point lies inside the screen and inside its bounds, no
 * password's text and no Private Use code point reaches what the model reads.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { describeElements, elementList, findByLabel } from "../../../src/domain/android/elements.js"
import { ResourceId } from "../../../src/domain/android/ids.js"
import { contains } from "../../../src/domain/android/ui-tree.js"
import type { UiNode, UiTree } from "../../../src/domain/android/ui-tree.js"
import { privateUse } from "./dump-support.js"

const screen = { left: 0, top: 0, right: 1080, bottom: 2400 }

/** Secrets are the only texts with "pw-" in them, so finding one in the output is a leak. */
const secret = fc.stringMatching(/^[a-z0-9]{1,8}$/).map((s) => `pw-${s}`)
const glyph = fc.oneof(
  fc.integer({ min: 0xe000, max: 0xf8ff }),
  fc.integer({ min: 0xf0000, max: 0xffffd }),
  fc.integer({ min: 0x100000, max: 0x10fffd })
).map((cp) => String.fromCodePoint(cp))
const word = fc.constantFrom("Send", "OK", "Wi-Fi", "Margherita", "€8.50", "蓝牙", "검색", "", " ", "Search", "Cancel")
const label = fc.array(fc.oneof(word, glyph), { maxLength: 4 }).map((parts) => parts.join(" "))
const coordinate = fc.integer({ min: -600, max: 3000 })

const nodeArb = (depth: number): fc.Arbitrary<UiNode> =>
  fc.record({
    className: fc.constantFrom("android.widget.TextView", "android.widget.Button", "android.widget.EditText", "android.widget.FrameLayout", "androidx.cardview.widget.CardView", "android.widget.Switch"),
    password: fc.boolean(),
    secretText: secret,
    text: label,
    desc: fc.oneof(fc.constant(""), label),
    hint: fc.oneof(fc.constant(""), label),
    id: fc.constantFrom(undefined, "com.x:id/btn_send", "com.x:id/title", "com.x:id/row"),
    x: coordinate,
    y: coordinate,
    width: fc.integer({ min: 0, max: 1400 }),
    height: fc.integer({ min: 0, max: 900 }),
    clickable: fc.boolean(),
    checkable: fc.boolean(),
    scrollable: fc.boolean(),
    focused: fc.boolean(),
    visibleToUser: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    children: depth === 0 ? fc.constant([]) : fc.array(nodeArb(depth - 1), { maxLength: 3 })
  }).map((r): UiNode => ({
    index: 0,
    text: r.password ? r.secretText : r.text,
    ...(r.id === undefined ? {} : { resourceId: ResourceId.make(r.id) }),
    className: r.className,
    packageName: "com.x",
    contentDesc: r.desc,
    hint: r.hint,
    checkable: r.checkable,
    checked: false,
    clickable: r.clickable,
    enabled: true,
    focusable: r.clickable,
    focused: r.focused,
    scrollable: r.scrollable,
    longClickable: false,
    password: r.password,
    selected: false,
    visibleToUser: r.visibleToUser,
    bounds: { left: r.x, top: r.y, right: r.x + r.width, bottom: r.y + r.height },
    children: r.children
  }))

/** A full-screen window holding random views, and sometimes a smaller dialog window on top. */
const treeArb: fc.Arbitrary<UiTree> = fc.record({
  content: fc.array(nodeArb(3), { minLength: 1, maxLength: 4 }),
  dialog: fc.option(fc.array(nodeArb(2), { maxLength: 3 }))
}).map(({ content, dialog }) => {
  const window = (children: ReadonlyArray<UiNode>, bounds = screen): UiNode => ({
    index: 0, text: "", className: "android.widget.FrameLayout", packageName: "com.x", contentDesc: "", hint: "",
    checkable: false, checked: false, clickable: false, enabled: true, focusable: false, focused: false, scrollable: false,
    longClickable: false, password: false, selected: false, visibleToUser: true, bounds, children
  })
  return { rotation: 0, nodes: dialog === null ? [window(content)] : [window(content), window(dialog, { left: 100, top: 800, right: 980, bottom: 1600 })] }
})

const secrets = (tree: UiTree): ReadonlyArray<string> => {
  const out: Array<string> = []
  const visit = (n: UiNode) => {
    if (n.password) out.push(n.text)
    n.children.forEach(visit)
  }
  tree.nodes.forEach(visit)
  return out
}

describe("element list over generated UI trees (property)", () => {
  it("taps land inside the screen and the element; no password text and no Private Use glyph is ever shown", () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const list = elementList(tree)
        for (const e of list.elements) {
          expect(contains(screen, e.centre)).toBe(true)
          expect(contains(e.node.bounds, e.centre)).toBe(true)
          expect(e.node.visibleToUser).toBe(true)
        }
        const shown = describeElements(list)
        expect(shown).not.toMatch(/pw-/)
        expect(shown).not.toMatch(privateUse)
        // Nor does a finder confirm a guessed password.
        for (const s of secrets(tree)) expect(findByLabel(list, s)).toEqual([])
      }),
      { numRuns: 300 }
    )
  })
})
