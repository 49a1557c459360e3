/**
 * A screen the model can read (issue 15): each element-list rule on a dump
 * made for it (test/fixtures/ui), then the same rule on every real dump in
 * ../shared/fixtures/ui-dumps, rewritten where the dump lacks the case
 * (no real dump has a password field, so its texts are made secret).
 */
import { describe, expect, it } from "@effect/vitest"
import { describeElements, elementList, findByLabel, findByText, isInteractive } from "../../../src/domain/android/elements.js"
import type { UiElement } from "../../../src/domain/android/elements.js"
import { ownDescription, ownLabel, says } from "../../../src/domain/android/labels.js"
import { area, contains, intersect, nodeAt, screenOf, walk } from "../../../src/domain/android/ui-tree.js"
import type { UiNode, UiTree } from "../../../src/domain/android/ui-tree.js"
import { madeDump, mapNodes, privateUse, realDump, realDumps, realPresent } from "./dump-support.js"

const lines = (tree: UiTree) => describeElements(elementList(tree)).split("\n")

describe("the element list on dumps made for each case", () => {
  it("a password field is marked and never shows its text; an empty one shows its hint", () => {
    const tree = madeDump("password-login.xml")
    expect(lines(tree)).toEqual([
      "[1] TextView \"Sign in to Example Bank\" id=title (540,250)",
      "[2] EditText \"ada@example.com\" id=username clickable editable (540,470)",
      "[3] EditText id=password password filled clickable editable focused (540,650)",
      "[4] EditText hint: \"Password\" id=pin password clickable editable (540,830)",
      "[5] LinearLayout \"Card PIN\" id=card_row clickable (540,1010)",
      "[6] EditText id=card_pin password filled clickable editable (710,1010)",
      "[7] Button \"Sign in\" id=sign_in clickable (540,1270)"
    ])
    const list = elementList(tree)
    // Nor can a finder (click("hunter2")) confirm a guess.
    expect(findByText(list, "hunter2")).toEqual([])
    expect(findByLabel(list, "8841", { exact: false })).toEqual([])
  })

  it("a hint is shown as a hint: the hint attribute, text equal to it, or a placeholder drawn inside the field", () => {
    expect(lines(madeDump("hints.xml"))).toEqual([
      "[1] EditText hint: \"Search\" id=search clickable editable (540,160)",
      "[2] EditText hint: \"Title\" id=title clickable editable focused (540,320)",
      "[3] EditText \"Groceries\" id=tag clickable editable (540,480)",
      "[4] EditText hint: \"Write a note…\" clickable editable (540,670)",
      "[5] TextView \"Remind me\" id=remind (540,850)"
    ])
  })

  it("Private Use glyphs are dropped; a control left without a label takes a child's, then its id's words", () => {
    const list = elementList(madeDump("icon-glyphs.xml"))
    expect(describeElements(list).split("\n")).toEqual([
      "[1] ImageButton \"send\" clickable (1000,2320)",
      "[2] Button \"Share\" id=share clickable (160,2320)",
      "[3] FrameLayout \"Favourites\" id=fav_tab clickable (460,2320)",
      "[4] ImageView clickable (690,2320)",
      "[5] TextView \"Hello there\" id=message (540,350)"
    ])
    expect(list.elements.map((e) => e.labelFrom)).toEqual(["id", "own", "children", "none", "own"])
    // click("send") finds the button named by its id.
    expect(findByLabel(list, "send")[0]?.index).toBe(1)
  })

  it("an unlabelled clickable card is one line with its texts; a button inside it keeps its own line", () => {
    const list = elementList(madeDump("cards.xml"))
    expect(describeElements(list).split("\n")).toEqual([
      "[1] RecyclerView id=menu scrollable (540,1200)",
      "[2] CardView \"Margherita · Tomato, mozzarella, basil · €8.50\" id=card clickable (540,410)",
      "[3] Button \"Add\" id=add clickable (970,530)",
      "[4] CardView \"Diavola · €9.50\" id=card clickable (540,810)",
      "[5] LinearLayout \"Extra cheese\" id=extra_cheese_row clickable checked (540,1080)",
      "[6] CardView \"empty card\" clickable (540,1230)"
    ])
    // Rules still find the card by a folded text or id.
    expect(findByText(list, "Diavola")[0]?.index).toBe(4)
  })

  it("a caption repeating its element's description is folded into it; one that adds to it stays", () => {
    expect(lines(madeDump("duplicates.xml"))).toEqual([
      "[1] Switch \"Wi-Fi, HomeNet\" id=tile clickable checked (280,200)",
      "[2] Switch \"Bluetooth\" id=tile clickable unchecked (800,200)",
      "[3] TextView \"2 devices nearby\" id=app_label (800,240)",
      "[4] FrameLayout \"Brightness\" id=brightness (540,380)"
    ])
  })

  it("off-screen, scrolled-out and invisible views are left out; half-visible ones are tapped in their visible part", () => {
    const list = elementList(madeDump("offscreen.xml"))
    expect(describeElements(list).split("\n")).toEqual([
      "[1] TextView \"Top stories\" id=header clickable (540,50)",
      "[2] RecyclerView id=list scrollable (540,900)",
      "[3] TextView \"Story one\" id=story clickable (540,600)",
      "[4] TextView \"Story two\" id=story clickable (540,1300)",
      "[5] Button \"Load more\" id=more clickable (540,2350)"
    ])
    expect(list.elements.map((e) => e.visible)).toContainEqual({ left: 0, top: 1200, right: 1080, bottom: 1400 })
  })
})

// ---------------------------------------------------------------------------
// The same rules on every real dump.
// ---------------------------------------------------------------------------

const tapInside = (e: UiElement, screen: UiTree) => {
  const s = screenOf(screen)
  expect(s === undefined || contains(s, e.centre)).toBe(true)
  expect(contains(e.node.bounds, e.centre)).toBe(true)
  expect(contains(e.visible, e.centre)).toBe(true)
}

/** Listed views and the views folded into them. */
const shownNodes = (tree: UiTree) => new Set(elementList(tree).elements.flatMap((e) => [e.node, ...e.parts]))

describe.skipIf(!realPresent)("the element list on every real dump (../shared/fixtures/ui-dumps)", () => {
  it.each(realDumps)("%s: text made secret on password fields never shows, and each such field says password", (file) => {
    let n = 0
    const tree = mapNodes(realDump(file), (node) => (node.text.length > 0 ? { ...node, text: `secret${n++}x`, password: true } : node))
    const list = elementList(tree)
    expect(n).toBeGreaterThan(0)
    expect(describeElements(list)).not.toMatch(/secret\d+x/)
    for (const e of list.elements) if (e.node.password && /EditText/.test(e.node.className)) expect(describeElements({ elements: [e] })).toContain("password")
  })

  it.each(realDumps)("%s: fields whose text is their hint show it as a hint, never as typed text", (file) => {
    // Every text view becomes an empty field that reports its hint as its text (Android before 8.0).
    const tree = mapNodes(realDump(file), (node) =>
      node.text.trim().length > 0 ? { ...node, className: "android.widget.EditText", hint: node.text, password: false } : node)
    const fields = elementList(tree).elements.filter((e) => /EditText/.test(e.node.className) && e.node.hint.length > 0)
    expect(fields.length).toBeGreaterThan(0)
    for (const e of fields) {
      expect(e.hint.length).toBeGreaterThan(0)
      // Named by its description at most, never by the hint it reports as text.
      expect(e.label).toBe(ownDescription(e.node))
      expect(describeElements({ elements: [e] })).toContain(`hint: ${JSON.stringify(e.hint).slice(0, 10)}`)
    }
  })

  it.each(realDumps)("%s: Private Use glyphs around every label change nothing the model reads", (file) => {
    const original = realDump(file)
    const glyphed = mapNodes(original, (node) => ({
      ...node,
      text: node.text.length > 0 ? `\uE5CD ${node.text}\u{F0001}` : node.text,
      contentDesc: node.contentDesc.length > 0 ? `\u{10FFFD}${node.contentDesc} \uF8FF` : node.contentDesc
    }))
    expect(describeElements(elementList(glyphed))).toBe(describeElements(elementList(original)))
  })

  it.each(realDumps)("%s: controls labelled only by glyphs fall back to a child's label or their id, and no glyph is shown", (file) => {
    const tree = mapNodes(realDump(file), (node) => (isInteractive(node) && !/EditText/.test(node.className) ? { ...node, text: "\uE000", contentDesc: "\uF8FF\uE001" } : node))
    const text = describeElements(elementList(tree))
    expect(text).not.toMatch(privateUse)
    for (const e of elementList(tree).elements) if (e.labelFrom === "id") expect(e.node.resourceId).toBeDefined()
  })

  it.each(realDumps)("%s: an unlabelled clickable container is one line holding its inner texts", (file) => {
    const tree = realDump(file)
    const list = elementList(tree)
    const listed = new Set(list.elements.map((e) => e.node))
    for (const e of list.elements.filter((x) => x.labelFrom === "children")) {
      // Its inner, non-interactive texts are folded, not listed apart, and its line says each of them.
      const inner = (n: UiNode): ReadonlyArray<UiNode> => n.children.flatMap((c) => (isInteractive(c) ? [] : [c, ...inner(c)]))
      for (const part of inner(e.node).filter((p) => ownLabel(p).length > 0)) {
        expect(listed.has(part)).toBe(false)
        expect(says(e.label, ownLabel(part))).toBe(true)
      }
    }
  })

  it.each(realDumps)("%s: no line repeats the element it sits in", (file) => {
    const tree = realDump(file)
    const list = elementList(tree)
    const byNode = new Map(list.elements.map((e) => [e.node, e]))
    for (const e of list.elements) {
      if (isInteractive(e.node)) continue
      const around = e.path.slice(0, -1).map((_, i) => nodeAt(tree, e.path.slice(0, i + 1))).reverse().map((n) => n && byNode.get(n)).find((x) => x !== undefined)
      if (around !== undefined) expect(says(`${around.label} ${ownDescription(around.node)}`, e.label)).toBe(false)
    }
  })

  it.each(realDumps)("%s: every tap point lies inside the screen and the element; shifted half off screen, taps stay on it", (file) => {
    const tree = realDump(file)
    for (const e of elementList(tree).elements) tapInside(e, tree)
    const screen = screenOf(tree)
    if (screen === undefined) return
    const dy = Math.floor((screen.bottom - screen.top) / 2)
    // Everything below the first window moves down by half a screen; the window itself stays.
    const shifted = mapNodes(tree, (node, path) =>
      path.length === 1 ? node : { ...node, bounds: { ...node.bounds, top: node.bounds.top + dy, bottom: node.bounds.bottom + dy } })
    const list = elementList(shifted)
    for (const e of list.elements) tapInside(e, shifted)
    for (const { node } of walk(shifted)) if (area(intersect(node.bounds, screen)) === 0 && node !== shifted.nodes[0]) expect(shownNodes(shifted).has(node)).toBe(false)
  })

  it.each(realDumps)("%s: views marked visible-to-user=\"false\" are left out with all they hold", (file) => {
    const tree = realDump(file)
    const hidden = mapNodes(tree, (node, path) => (path.length === 2 ? { ...node, visibleToUser: false } : node))
    const list = elementList(hidden)
    for (const e of list.elements) expect(e.path.length).toBe(1)
  })

  it("04 popup menu: six rows, each one line with its title; 11 quick settings: tile captions folded into their tiles", () => {
    if (!realDumps.includes("04-whatsapp-popup-menu.xml")) return
    expect(elementList(realDump("04-whatsapp-popup-menu.xml")).elements.map((e) => e.label)).toEqual([
      "Custom Privacy", "Clear call log", "Scheduled calls", "Manage Recordings", "WaEnhancerX Settings", "Settings"
    ])
    const qs = lines(realDump("11-quick-settings-zh.xml"))
    expect(qs.filter((l) => l.includes("\"互联网\""))).toEqual([])
    expect(qs.some((l) => l.includes("Switch \"开启\" desc=\"互联网,zxgj_5G\""))).toBe(true)
    expect(lines(realDump("07-llm-chat-zh.xml"))).toContain("[7] EditText hint: \"Type a message...\" clickable editable focused (466,2284)")
  })
})
