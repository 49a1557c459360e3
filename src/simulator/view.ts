/**
 * What a simulated app draws: a tree of views with bounds, the attributes
 * uiautomator reports, and what a tap on it does. `renderDump` writes the
 * tree exactly as `uiautomator dump` does on API 30+ (single line, every
 * attribute, `drawing-order` and `hint` at the end); `hitTest` finds the view
 * a tap lands on the way Android dispatches touches (topmost child first).
 *
 * Where it sits: the fake apps (fitness-app.ts, settings-app.ts) build views;
 * the simulated device renders and taps them.
 */
import type { Bounds, Point } from "../domain/android/ui-tree.js"
import { contains, formatBounds } from "../domain/android/ui-tree.js"
import { escapeAttribute } from "../domain/android/xml.js"

export interface View {
  readonly className: string
  readonly bounds: Bounds
  readonly text?: string
  /** Full resource id, e.g. `com.myfitnesspal.android:id/search_edit_text`. */
  readonly id?: string
  readonly desc?: string
  readonly hint?: string
  readonly checkable?: boolean
  readonly checked?: boolean
  readonly clickable?: boolean
  readonly enabled?: boolean
  readonly focusable?: boolean
  readonly focused?: boolean
  readonly scrollable?: boolean
  readonly selected?: boolean
  readonly password?: boolean
  /** What a tap does; a view with one is clickable. */
  readonly onTap?: () => void
  readonly children?: ReadonlyArray<View>
}

export const box = (left: number, top: number, right: number, bottom: number): Bounds => ({ left, top, right, bottom })

/** A window's content: the view tree plus the package it belongs to. */
export interface Window {
  readonly packageName: string
  readonly root: View
}

const attr = (name: string, value: string | boolean): string =>
  ` ${name}="${typeof value === "string" ? escapeAttribute(value) : String(value)}"`

const renderNode = (view: View, index: number, packageName: string): string => {
  const clickable = view.clickable ?? view.onTap !== undefined
  const open = `<node${attr("index", String(index))}${attr("text", view.text ?? "")}${attr("resource-id", view.id ?? "")}` +
    `${attr("class", view.className)}${attr("package", packageName)}${attr("content-desc", view.desc ?? "")}` +
    `${attr("checkable", view.checkable ?? false)}${attr("checked", view.checked ?? false)}${attr("clickable", clickable)}` +
    `${attr("enabled", view.enabled ?? true)}${attr("focusable", view.focusable ?? (clickable || view.focused === true))}` +
    `${attr("focused", view.focused ?? false)}${attr("scrollable", view.scrollable ?? false)}${attr("long-clickable", false)}` +
    `${attr("password", view.password ?? false)}${attr("selected", view.selected ?? false)}${attr("bounds", formatBounds(view.bounds))}` +
    `${attr("drawing-order", String(index + 1))}${attr("hint", view.hint ?? "")}`
  const children = view.children ?? []
  if (children.length === 0) return `${open} />`
  return `${open}>${children.map((c, i) => renderNode(c, i, packageName)).join("")}</node>`
}

/** The dump of the given windows, bottom to top (a dialog comes after the app it covers). */
export const renderDump = (windows: ReadonlyArray<Window>, rotation = 0): string =>
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy${attr("rotation", String(rotation))}>` +
  windows.map((w, i) => renderNode(w.root, i, w.packageName)).join("") +
  "</hierarchy>"

/** The view that takes a tap at `point`: the topmost descendant with a tap action under it. */
export const hitTest = (view: View, point: Point): View | undefined => {
  if (!contains(view.bounds, point)) return undefined
  const children = view.children ?? []
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i]
    const hit = child === undefined ? undefined : hitTest(child, point)
    if (hit !== undefined) return hit
  }
  return view.onTap !== undefined && view.enabled !== false ? view : undefined
}

/** Every view, depth first (for tests and the screenshot painter). */
export const flatten = (view: View): ReadonlyArray<View> => [view, ...(view.children ?? []).flatMap(flatten)]

/** Rows of a scrolling list: those inside the viewport after scrolling by `offset`, others recycled away. */
export const scrolledRows = (
  viewport: Bounds,
  rowHeight: number,
  offset: number,
  rows: ReadonlyArray<(bounds: Bounds) => View>
): ReadonlyArray<View> =>
  rows.flatMap((row, i) => {
    const top = viewport.top + i * rowHeight - offset
    const bottom = top + rowHeight
    if (bottom <= viewport.top || top >= viewport.bottom) return []
    return [row(box(viewport.left, Math.max(top, viewport.top), viewport.right, Math.min(bottom, viewport.bottom)))]
  })

/** Largest scroll offset that still shows the last row at the bottom. */
export const maxScroll = (viewport: Bounds, rowHeight: number, rows: number): number =>
  Math.max(0, rows * rowHeight - (viewport.bottom - viewport.top))
