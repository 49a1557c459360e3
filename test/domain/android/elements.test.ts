/** The indexed element list: its lines, its finders, and the property that an index addresses exactly the element it describes. */
import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import {
  describeElement,
  elementAt,
  elementList,
  elementUnder,
  findByLabel,
  findByResourceId,
  findByText,
  isInteractive
} from "../../../src/domain/android/elements.js"
import { ownLabel } from "../../../src/domain/android/labels.js"
import { area, contains, intersect, nodeAt, parseUiDump, screenOf, walk } from "../../../src/domain/android/ui-tree.js"
import type { UiNode, UiTree } from "../../../src/domain/android/ui-tree.js"
import type { View, Window } from "../../fakes/android/index.js"
import { renderDump, SimulatedDevice } from "../../fakes/android/index.js"

const parsed = (xml: string): UiTree => Either.getOrThrowWith(parseUiDump(xml), (e) => new Error(e.message))

const diaryTree = () => {
  const device = new SimulatedDevice()
  device.launch("com.myfitnesspal.android", true)
  device.dump()
  return parsed(device.dump())
}

describe("element list", () => {
  it("numbers from 1 and writes one compact line per element", () => {
    const list = elementList(diaryTree())
    const add = findByLabel(list, "Add food to Lunch")[0]
    expect(add).toBeDefined()
    if (add === undefined) return
    expect(describeElement(add)).toBe(`[${add.index}] Button "ADD FOOD" desc="Add food to Lunch" id=add_food_button clickable (540,945)`)
    expect(list.elements[0]?.index).toBe(1)
  })

  it("finds by text (exact or substring, case-insensitive), by short or full resource-id, and under a point", () => {
    const list = elementList(diaryTree())
    expect(findByText(list, "lunch").map((e) => e.node.text)).toEqual(["Lunch"])
    expect(findByText(list, "unc", { exact: false })).toHaveLength(1)
    expect(findByResourceId(list, "add_food_button")).toHaveLength(4)
    expect(findByResourceId(list, "com.myfitnesspal.android:id/add_food_button")).toHaveLength(4)
    const button = findByLabel(list, "Add food to Dinner")[0]
    expect(button && elementUnder(list, button.centre)?.index).toBe(button?.index)
  })
})

// ---------------------------------------------------------------------------
// Property: for random screens, element i is the node at its path, which is
// the view that was drawn there, and its line names it.
// ---------------------------------------------------------------------------

const awkward = fc.constantFrom("&", "<", ">", "\"", "'", "\n", " ", "é", "🍮", "한", "%s", "$x")
const label = fc.array(fc.oneof(fc.char(), awkward), { maxLength: 12 }).map((parts) => parts.join(""))

const viewArb = (depth: number): fc.Arbitrary<View> =>
  fc.record({
    className: fc.constantFrom("android.widget.TextView", "android.widget.Button", "android.widget.EditText", "android.widget.LinearLayout", "android.widget.Switch"),
    text: label,
    desc: fc.oneof(fc.constant(""), label),
    id: fc.oneof(fc.constant(""), fc.constantFrom("com.x:id/title", "android:id/summary", "com.x:id/row")),
    left: fc.integer({ min: 0, max: 1000 }),
    top: fc.integer({ min: 0, max: 2000 }),
    width: fc.integer({ min: 0, max: 500 }),
    height: fc.integer({ min: 0, max: 300 }),
    clickable: fc.boolean(),
    checkable: fc.boolean(),
    scrollable: fc.boolean(),
    children: depth === 0 ? fc.constant([]) : fc.array(viewArb(depth - 1), { maxLength: 3 })
  }).map((r): View => ({
    className: r.className,
    text: r.text,
    desc: r.desc,
    id: r.id,
    bounds: { left: r.left, top: r.top, right: r.left + r.width, bottom: r.top + r.height },
    clickable: r.clickable,
    checkable: r.checkable,
    scrollable: r.scrollable,
    children: r.children
  }))

const viewAt = (windows: ReadonlyArray<Window>, path: ReadonlyArray<number>): View | undefined => {
  const [first, ...rest] = path
  let view = first === undefined ? undefined : windows[first]?.root
  for (const i of rest) view = view?.children?.[i]
  return view
}

describe("element list indices (property)", () => {
  it("index i addresses exactly the element line i describes, which is the view drawn at that place", () => {
    fc.assert(
      fc.property(fc.array(viewArb(3), { minLength: 1, maxLength: 2 }), (roots) => {
        const windows = roots.map((root) => ({ packageName: "com.x", root }))
        const tree = parsed(renderDump(windows))
        const list = elementList(tree)
        // In document order; every visible control listed; every visible text either
        // listed or folded into exactly one listed line, never lost.
        // Visible: inside the screen and inside every scrolling container around it.
        const screen = screenOf(tree)
        const onScreen = (node: UiNode, path: ReadonlyArray<number>) =>
          screen !== undefined && area(path.slice(0, -1).reduce((b, _, i) => {
            const around = nodeAt(tree, path.slice(0, i + 1))
            return around !== undefined && around.scrollable && area(around.bounds) > 0 ? intersect(b, around.bounds) : b
          }, intersect(node.bounds, screen))) > 0
        const listed = list.elements.map((e) => e.node)
        expect(list.elements.map((e) => e.path.join("."))).toEqual(walk(tree).filter((w) => listed.includes(w.node)).map((w) => w.path.join(".")))
        for (const { node, path } of walk(tree)) {
          if (!onScreen(node, path)) continue
          if (isInteractive(node)) expect(listed).toContain(node)
          else if (ownLabel(node).length > 0) {
            const places = list.elements.filter((e) => e.node === node || e.parts.includes(node))
            expect(places).toHaveLength(1)
          }
        }
        for (const [position, e] of list.elements.entries()) {
          expect(e.index).toBe(position + 1)
          expect(elementAt(list, e.index)).toBe(e)
          expect(nodeAt(tree, e.path)).toBe(e.node)
          const drawn = viewAt(windows, e.path)
          expect(e.node.text).toBe(drawn?.text)
          expect(e.node.contentDesc).toBe(drawn?.desc)
          expect(e.node.bounds).toEqual(drawn?.bounds)
          expect(contains(e.node.bounds, e.centre)).toBe(true)
          const line = describeElement(e)
          expect(line.startsWith(`[${e.index}] `)).toBe(true)
          expect(line.endsWith(`(${e.centre.x},${e.centre.y})`)).toBe(true)
        }
        expect(elementAt(list, 0)).toBeUndefined()
        expect(elementAt(list, list.elements.length + 1)).toBeUndefined()
      }),
      { numRuns: 200 }
    )
  })
})
