/**
 * The indexed element list a model sees instead of raw XML (DroidRun's
 * `ui_state`, seeds/002): the views a user could act on or read, numbered
 * from 1, one compact line each, e.g.
 *
 *   [4] EditText "Search for a food" id=search_edit_text focused editable (540,260)
 *
 * Where it sits: built from a `UiTree` (ui-tree.ts) after every dump; the
 * droid agent's `click(i)` and fitlog's navigator resolve an index back to
 * the element (and its centre) through `elementAt`; the finders are how
 * rules locate a view without a model.
 */
import type { Bounds, Point, UiNode, UiTree } from "./ui-tree.js"
import { area, centre, walk } from "./ui-tree.js"

export interface UiElement {
  /** 1-based position in the list; what `click(i)` refers to. */
  readonly index: number
  readonly node: UiNode
  /** Child positions from the tree's top to this node (ui-tree.ts `nodeAt`). */
  readonly path: ReadonlyArray<number>
  /** Where a tap lands. */
  readonly centre: Point
}

export interface ElementList {
  readonly elements: ReadonlyArray<UiElement>
}

/** Class name without its Java package: `android.widget.EditText` → `EditText`. */
export const shortClass = (className: string): string => className.slice(className.lastIndexOf(".") + 1) || "View"

/** The id without the package: `com.x:id/search` → `search`; `android:id/title` → `title`. */
export const shortId = (resourceId: string | undefined): string | undefined => {
  if (resourceId === undefined) return undefined
  const slash = resourceId.indexOf(":id/")
  return slash === -1 ? resourceId : resourceId.slice(slash + 4)
}

export const isEditable = (node: UiNode): boolean => /EditText|AutoCompleteTextView|SearchView/.test(node.className)

const isInteractive = (node: UiNode): boolean =>
  node.clickable || node.longClickable || node.checkable || node.scrollable || isEditable(node)

const bearsText = (node: UiNode): boolean => node.text.trim().length > 0 || node.contentDesc.trim().length > 0

/** Interactive or text-bearing, and visible (a view with no area cannot be tapped or read). */
export const isListed = (node: UiNode): boolean => area(node.bounds) > 0 && (isInteractive(node) || bearsText(node))

export const elementList = (tree: UiTree): ElementList => {
  const elements: Array<UiElement> = []
  for (const { node, path } of walk(tree)) {
    if (isListed(node)) elements.push({ index: elements.length + 1, node, path, centre: centre(node.bounds) })
  }
  return { elements }
}

/** The element a model's index refers to. */
export const elementAt = (list: ElementList, index: number): UiElement | undefined =>
  Number.isInteger(index) && index >= 1 ? list.elements[index - 1] : undefined

const quote = (text: string, max: number): string => {
  const oneLine = text.replace(/\s+/g, " ").trim()
  const cut = oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine
  return JSON.stringify(cut)
}

/** One compact line: index, class, text and/or description, id, the states that matter, centre. */
export const describeElement = (e: UiElement): string => {
  const n = e.node
  const parts = [`[${e.index}]`, shortClass(n.className)]
  if (n.text.trim().length > 0) parts.push(quote(n.text, 80))
  else if (isEditable(n) && n.hint.trim().length > 0) parts.push(`hint=${quote(n.hint, 40)}`)
  if (n.contentDesc.trim().length > 0 && n.contentDesc !== n.text) parts.push(`desc=${quote(n.contentDesc, 60)}`)
  const id = shortId(n.resourceId)
  if (id !== undefined) parts.push(`id=${id}`)
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

export const findByText = (list: ElementList, text: string, options: FindOptions = {}): ReadonlyArray<UiElement> =>
  list.elements.filter((e) => matches(e.node.text, text, options.exact ?? true))

export const findByContentDesc = (list: ElementList, desc: string, options: FindOptions = {}): ReadonlyArray<UiElement> =>
  list.elements.filter((e) => matches(e.node.contentDesc, desc, options.exact ?? true))

/** By full resource-id or by its short form (`search_edit_text`). */
export const findByResourceId = (list: ElementList, id: string): ReadonlyArray<UiElement> =>
  list.elements.filter((e) => e.node.resourceId !== undefined && (e.node.resourceId === id || shortId(e.node.resourceId) === id))

/** Text or description: how a person would name what they see. */
export const findByLabel = (list: ElementList, label: string, options: FindOptions = {}): ReadonlyArray<UiElement> =>
  list.elements.filter((e) => matches(e.node.text, label, options.exact ?? true) || matches(e.node.contentDesc, label, options.exact ?? true))

/** The smallest listed element under a point: what a tap there most likely hits. */
export const elementUnder = (list: ElementList, point: Point): UiElement | undefined => {
  const inside = (b: Bounds) => point.x >= b.left && point.x < b.right && point.y >= b.top && point.y < b.bottom
  let best: UiElement | undefined
  for (const e of list.elements) {
    if (inside(e.node.bounds) && (best === undefined || area(e.node.bounds) <= area(best.node.bounds))) best = e
  }
  return best
}

/** The focused field, if any. */
export const focusedField = (list: ElementList): UiElement | undefined => list.elements.find((e) => e.node.focused && isEditable(e.node))
