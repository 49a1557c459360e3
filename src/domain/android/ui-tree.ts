/**
 * The screen as uiautomator sees it: a typed tree of views with their bounds,
 * text, resource-id, class, package, content-desc and boolean flags.
 *
 * Where it sits: `Adb.dumpUi` returns a `UiTree`; elements.ts derives the
 * indexed element list agents see; the simulated device renders its screens
 * to the same XML (src/simulator/view.ts), so parse ∘ render is tested both ways.
 * Robust to real dumps: missing attributes take neutral defaults (API 17 has
 * no `resource-id`), entities and non-ASCII are decoded, and a dump cut off by
 * the device is a `UiDumpTruncated`, not a half tree.
 */
import { Either } from "effect"
import { UiDumpInvalid, UiDumpTruncated } from "./errors.js"
import { ResourceId } from "./ids.js"
import { parseXml } from "./xml.js"
import type { XmlElement } from "./xml.js"

export interface Bounds {
  readonly left: number
  readonly top: number
  readonly right: number
  readonly bottom: number
}

export interface Point {
  readonly x: number
  readonly y: number
}

export interface UiFlags {
  readonly checkable: boolean
  readonly checked: boolean
  readonly clickable: boolean
  readonly enabled: boolean
  readonly focusable: boolean
  readonly focused: boolean
  readonly scrollable: boolean
  readonly longClickable: boolean
  readonly password: boolean
  readonly selected: boolean
  /** `visible-to-user` (newer dumps write it; absent means visible). */
  readonly visibleToUser: boolean
}

export interface UiNode extends UiFlags {
  /** The `index` attribute: position among its siblings. */
  readonly index: number
  readonly text: string
  readonly resourceId?: ResourceId
  readonly className: string
  readonly packageName: string
  readonly contentDesc: string
  /** Hint text of an empty field (API 26+ dumps write it; older ones do not). */
  readonly hint: string
  readonly bounds: Bounds
  readonly children: ReadonlyArray<UiNode>
}

export interface UiTree {
  /** 0 portrait, 1 landscape (90°), 2, 3. */
  readonly rotation: number
  readonly nodes: ReadonlyArray<UiNode>
}

export const emptyBounds: Bounds = { left: 0, top: 0, right: 0, bottom: 0 }

export const centre = (b: Bounds): Point => ({ x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) })

export const contains = (b: Bounds, p: Point): boolean => p.x >= b.left && p.x < b.right && p.y >= b.top && p.y < b.bottom

export const area = (b: Bounds): number => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top)

/** The part two rectangles share (empty bounds when they do not meet). */
export const intersect = (a: Bounds, b: Bounds): Bounds => {
  const r = { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) }
  return r.right > r.left && r.bottom > r.top ? r : emptyBounds
}

/**
 * The screen the dump covers: the box around its top-level windows (the
 * first is the full display for an app, the popup itself when the dump's
 * root is a popup window). Undefined when no window has bounds.
 */
export const screenOf = (tree: UiTree): Bounds | undefined => {
  const sized = tree.nodes.map((n) => n.bounds).filter((b) => area(b) > 0)
  if (sized.length === 0) return undefined
  return {
    // A display starts at (0,0): a window drawn partly above or left of it shows only from there.
    left: Math.max(0, Math.min(...sized.map((b) => b.left))),
    top: Math.max(0, Math.min(...sized.map((b) => b.top))),
    right: Math.max(...sized.map((b) => b.right)),
    bottom: Math.max(...sized.map((b) => b.bottom))
  }
}

/** `[l,t][r,b]`; anything else is empty bounds (a view uiautomator could not measure). */
export const parseBounds = (text: string | undefined): Bounds => {
  const m = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(text?.trim() ?? "")
  if (m === null) return emptyBounds
  return { left: Number(m[1]), top: Number(m[2]), right: Number(m[3]), bottom: Number(m[4]) }
}

export const formatBounds = (b: Bounds): string => `[${b.left},${b.top}][${b.right},${b.bottom}]`

const flag = (attributes: ReadonlyMap<string, string>, name: string, fallback = false): boolean => {
  const value = attributes.get(name)
  return value === undefined ? fallback : value === "true"
}

const toNode = (element: XmlElement): UiNode => {
  const a = element.attributes
  const resourceId = a.get("resource-id") ?? ""
  return {
    index: Number.parseInt(a.get("index") ?? "0", 10) || 0,
    text: a.get("text") ?? "",
    ...(resourceId.length > 0 ? { resourceId: ResourceId.make(resourceId) } : {}),
    className: a.get("class") ?? "",
    packageName: a.get("package") ?? "",
    contentDesc: a.get("content-desc") ?? "",
    hint: a.get("hint") ?? "",
    checkable: flag(a, "checkable"),
    checked: flag(a, "checked"),
    clickable: flag(a, "clickable"),
    enabled: flag(a, "enabled", true),
    focusable: flag(a, "focusable"),
    focused: flag(a, "focused"),
    scrollable: flag(a, "scrollable"),
    longClickable: flag(a, "long-clickable"),
    password: flag(a, "password"),
    selected: flag(a, "selected"),
    visibleToUser: flag(a, "visible-to-user", true),
    bounds: parseBounds(a.get("bounds")),
    children: element.children.filter((c) => c.name === "node").map(toNode)
  }
}

/**
 * The XML inside a command's output: `exec-out uiautomator dump /dev/tty`
 * prints the document followed by `UI hierchary dumped to: /dev/tty`, and a
 * failed dump prints only an `ERROR: …` line.
 */
export const extractDump = (output: string): Either.Either<string, UiDumpTruncated | UiDumpInvalid> => {
  const start = output.search(/<\?xml|<hierarchy/)
  if (start === -1) {
    const line = output.trim().split("\n").find((l) => l.trim().length > 0)?.trim()
    return Either.left(new UiDumpInvalid({ reason: line === undefined ? "the device printed nothing" : `the device printed "${line.slice(0, 200)}"` }))
  }
  const end = output.indexOf("</hierarchy>", start)
  if (end === -1) {
    return Either.left(new UiDumpTruncated({ length: output.length - start, detail: "no closing </hierarchy>" }))
  }
  return Either.right(output.slice(start, end + "</hierarchy>".length))
}

/** Parse a dump (or a command output holding one) into a tree. */
export const parseUiDump = (output: string): Either.Either<UiTree, UiDumpTruncated | UiDumpInvalid> =>
  Either.flatMap(extractDump(output), (xml) => {
    const parsed = parseXml(xml)
    if (Either.isLeft(parsed)) {
      const problem = parsed.left
      return Either.left(
        problem._tag === "Truncated"
          ? new UiDumpTruncated({ length: xml.length, detail: problem.detail })
          : new UiDumpInvalid({ reason: `malformed XML at character ${problem.at}: ${problem.detail}` })
      )
    }
    const root = parsed.right
    if (root.name !== "hierarchy") return Either.left(new UiDumpInvalid({ reason: `root element is <${root.name}>, not <hierarchy>` }))
    return Either.right({
      rotation: Number.parseInt(root.attributes.get("rotation") ?? "0", 10) || 0,
      nodes: root.children.filter((c) => c.name === "node").map(toNode)
    })
  })

/** Every node, depth first in document order, with its path of child positions from the top. */
export const walk = (tree: UiTree): ReadonlyArray<{ readonly node: UiNode; readonly path: ReadonlyArray<number> }> => {
  const out: Array<{ readonly node: UiNode; readonly path: ReadonlyArray<number> }> = []
  const visit = (nodes: ReadonlyArray<UiNode>, prefix: ReadonlyArray<number>) =>
    nodes.forEach((node, i) => {
      const path = [...prefix, i]
      out.push({ node, path })
      visit(node.children, path)
    })
  visit(tree.nodes, [])
  return out
}

/** The node at a path from `walk`, if the tree has one there. */
export const nodeAt = (tree: UiTree, path: ReadonlyArray<number>): UiNode | undefined => {
  let nodes = tree.nodes
  let found: UiNode | undefined
  for (const i of path) {
    found = nodes[i]
    if (found === undefined) return undefined
    nodes = found.children
  }
  return found
}
