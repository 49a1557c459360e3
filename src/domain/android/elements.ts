/**
 * The indexed element list a model sees instead of raw XML (DroidRun's
 * `ui_state`, seeds/002): the views a user could act on or read, numbered
 * from 1, one compact line each, e.g.
 *
 *   [4] EditText hint: "Search for a food" id=search_edit_text focused editable (540,260)
 *   [7] LinearLayout "Banana · Raw, 1 medium, 105 cal" clickable (540,880)
 *
 * What is listed, and what each line reads as, is element-reader.ts and
 * labels.ts: visible views only, tap points inside the visible part,
 * passwords never shown, hints shown as hints, icon glyphs dropped, cards
 * read as one line.
 *
 * Where it sits: built from a `UiTree` (ui-tree.ts) after every dump; the
 * droid agent's `click(i)` and fitlog's navigator resolve an index back to
 * the element (and its tap point) through `elementAt`; the finders are how
 * rules locate a view without a model.
 */
import { readElements } from "./element-reader.js"
import { fieldValue, isEditable, ownDescription, ownText, says } from "./labels.js"
import type { Bounds, Point, UiNode, UiTree } from "./ui-tree.js"
import { area } from "./ui-tree.js"

export { isEditable }
export { isInteractive } from "./element-reader.js"

export interface UiElement {
  /** 1-based position in the list; what `click(i)` refers to. */
  readonly index: number
  readonly node: UiNode
  /** Child positions from the tree's top to this node (ui-tree.ts `nodeAt`). */
  readonly path: ReadonlyArray<number>
  /** The part of its bounds on screen: its bounds clipped by the screen and by its parents. */
  readonly visible: Bounds
  /** Where a tap lands: the middle of the visible part. */
  readonly centre: Point
  /** What it reads as ("" when nothing names it); never a password, never an empty field's hint. */
  readonly label: string
  /** Its own text or description, the texts folded into it, words of its resource id, or nothing. */
  readonly labelFrom: "own" | "children" | "id" | "none"
  /** An empty field's hint (its `hint`, or the placeholder drawn inside it); "" otherwise. */
  readonly hint: string
  /** Views folded into this line: a card's texts, a field's placeholder, captions repeating it. */
  readonly parts: ReadonlyArray<UiNode>
}

export interface ElementList {
  readonly elements: ReadonlyArray<UiElement>
  /** The screen the dump covers (ui-tree.ts `screenOf`), when its windows have bounds. */
  readonly screen?: Bounds
}

/** Class name without its Java package: `android.widget.EditText` → `EditText`. */
export const shortClass = (className: string): string => className.slice(className.lastIndexOf(".") + 1) || "View"

/** The id without the package: `com.x:id/search` → `search`; `android:id/title` → `title`. */
export const shortId = (resourceId: string | undefined): string | undefined => {
  if (resourceId === undefined) return undefined
  const slash = resourceId.indexOf(":id/")
  return slash === -1 ? resourceId : resourceId.slice(slash + 4)
}

/** Listed: visible, and interactive or readable. */
export const elementList = (tree: UiTree): ElementList => readElements(tree)

/** The element a model's index refers to. */
export const elementAt = (list: ElementList, index: number): UiElement | undefined =>
  Number.isInteger(index) && index >= 1 ? list.elements[index - 1] : undefined

const quote = (text: string, max: number): string => {
  const oneLine = text.replace(/\s+/g, " ").trim()
  const cut = oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine
  return JSON.stringify(cut)
}

/**
 * One compact line: index, class, label, description when it adds to the
 * label, hint, id (unless the label is made from it), the states that
 * matter, tap point. A password field says `password` and whether it is
 * filled, never what it holds.
 */
export const describeElement = (e: UiElement): string => {
  const n = e.node
  const parts = [`[${e.index}]`, shortClass(n.className)]
  if (e.label.length > 0) parts.push(quote(e.label, e.labelFrom === "children" ? 100 : 80))
  const desc = ownDescription(n)
  if (e.labelFrom === "own" && desc.length > 0 && !says(e.label, desc)) parts.push(`desc=${quote(desc, 60)}`)
  if (e.hint.length > 0) parts.push(`hint: ${quote(e.hint, 40)}`)
  const id = shortId(n.resourceId)
  if (id !== undefined && e.labelFrom !== "id") parts.push(`id=${id}`)
  if (n.password) parts.push(fieldValue(n).length > 0 ? "password filled" : "password")
  if (n.clickable) parts.push("clickable")
  if (isEditable(n)) parts.push("editable")
  if (n.checkable) parts.push(n.checked ? "checked" : "unchecked")
  if (n.scrollable) parts.push("scrollable")
  if (n.focused) parts.push("focused")
  if (n.selected) parts.push("selected")
  if (!n.enabled) parts.push("disabled")
  parts.push(`(${e.centre.x},${e.centre.y})`)
  return parts.join(" ")
}

export const describeElements = (list: ElementList): string =>
  list.elements.length === 0 ? "(no visible elements)" : list.elements.map(describeElement).join("\n")

/** A cheap identity of the screen: equal lists describe the same screen (used to wait for idle). */
export const fingerprint = (list: ElementList): string => list.elements.map(describeElement).join("\n")

export interface FindOptions {
  /** Whole-string match (default) or substring; both ignore case and surrounding spaces. */
  readonly exact?: boolean
}

const matches = (value: string, wanted: string, exact: boolean): boolean => {
  const v = value.trim().toLocaleLowerCase()
  const w = wanted.trim().toLocaleLowerCase()
  return w.length > 0 && (exact ? v === w : v.includes(w))
}

/** The element's node and the views folded into its line. */
const shownNodes = (e: UiElement): ReadonlyArray<UiNode> => [e.node, ...e.parts]

/** By readable text (never a password's): the element's own, or a text folded into it. */
export const findByText = (list: ElementList, text: string, options: FindOptions = {}): ReadonlyArray<UiElement> =>
  list.elements.filter((e) => shownNodes(e).some((n) => matches(ownText(n), text, options.exact ?? true)))

export const findByContentDesc = (list: ElementList, desc: string, options: FindOptions = {}): ReadonlyArray<UiElement> =>
  list.elements.filter((e) => shownNodes(e).some((n) => matches(ownDescription(n), desc, options.exact ?? true)))

/** By full resource-id or by its short form (`search_edit_text`), of the element or a view folded into it. */
export const findByResourceId = (list: ElementList, id: string): ReadonlyArray<UiElement> =>
  list.elements.filter((e) => shownNodes(e).some((n) => n.resourceId !== undefined && (n.resourceId === id || shortId(n.resourceId) === id)))

/** The element's own view or the view folded into it that has this id (full or short): a card's `food_name`. */
export const partById = (e: UiElement, id: string): UiNode | undefined =>
  shownNodes(e).find((n) => n.resourceId !== undefined && (n.resourceId === id || shortId(n.resourceId) === id))

/** Text, description or the label the line shows: how a person would name what they see. */
export const findByLabel = (list: ElementList, label: string, options: FindOptions = {}): ReadonlyArray<UiElement> => {
  const exact = options.exact ?? true
  return list.elements.filter((e) =>
    matches(e.label, label, exact) || shownNodes(e).some((n) => matches(ownText(n), label, exact) || matches(ownDescription(n), label, exact))
  )
}

/** The smallest listed element whose visible part is under a point: what a tap there most likely hits. */
export const elementUnder = (list: ElementList, point: Point): UiElement | undefined => {
  const inside = (b: Bounds) => point.x >= b.left && point.x < b.right && point.y >= b.top && point.y < b.bottom
  let best: UiElement | undefined
  for (const e of list.elements) {
    if (inside(e.visible) && (best === undefined || area(e.visible) <= area(best.visible))) best = e
  }
  return best
}

/** The focused field, if any. */
export const focusedField = (list: ElementList): UiElement | undefined => list.elements.find((e) => e.node.focused && isEditable(e.node))
