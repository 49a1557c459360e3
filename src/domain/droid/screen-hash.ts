/**
 * A screen's normalised hash: two dumps of "the same screen" hash alike even
 * when the clock ticked or the battery drained in between, and any change a
 * user could act on (a label, a switch, focus, a moved or new element)
 * changes it.
 *
 * The rule (stated once, used by loop detection and by replay checks):
 * - a node whose resource-id names a clock, time, date or battery (the
 *   status bar's, a launcher's date widget) keeps its place but not its text
 *   or content-desc;
 * - in every other text, times (`9:41`, `09:41:07`, `9:41 PM`) become `#:#`
 *   and percentages (`87%`, `87 %`) become `#%`;
 * - what counts of each remaining node: depth, class, package, resource-id,
 *   text, content-desc, hint, bounds and the checked/enabled/focused/selected flags.
 *
 * Pure; the hash is 16 hex digits (two 32-bit mixes of the canonical text).
 */
import type { UiNode, UiTree } from "../android/ui-tree.js"

const noisyId = /clock|time|date|battery/i
const clockTime = /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?/g
const percentage = /\b\d{1,3}(?:[.,]\d+)?\s?%/g

/** Times and percentages masked, as the rule above says. */
export const maskNoise = (text: string): string => text.replace(clockTime, "#:#").replace(percentage, "#%")

const nodeLine = (node: UiNode, depth: number): string => {
  const quiet = node.resourceId !== undefined && noisyId.test(node.resourceId)
  const b = node.bounds
  return [
    depth,
    node.className,
    node.packageName,
    node.resourceId ?? "",
    quiet ? "" : maskNoise(node.text),
    quiet ? "" : maskNoise(node.contentDesc),
    node.hint,
    `${b.left},${b.top},${b.right},${b.bottom}`,
    [node.checked, node.enabled, node.focused, node.selected].map((f) => (f ? 1 : 0)).join("")
  ].join("\u001f")
}

/** The canonical text the hash is taken of (exported for tests and for explaining a divergence). */
export const canonicalScreen = (tree: UiTree): string => {
  const lines: Array<string> = [`rotation ${tree.rotation}`]
  const visit = (nodes: ReadonlyArray<UiNode>, depth: number): void => {
    for (const node of nodes) {
      lines.push(nodeLine(node, depth))
      visit(node.children, depth + 1)
    }
  }
  visit(tree.nodes, 0)
  return lines.join("\n")
}

/** cyrb53-style string hash: two independent 32-bit lanes, 16 hex digits. */
const hash64 = (text: string): string => {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, "0")
  return hex(h2) + hex(h1)
}

/** The screen's normalised hash (see the rule above). */
export const screenHash = (tree: UiTree): string => hash64(canonicalScreen(tree))
