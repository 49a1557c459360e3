/** Reading the dumps the element-list tests use: made ones in test/fixtures/ui, real ones in ../shared/fixtures/ui-dumps (read in place). */
import { Either } from "effect"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { parseUiDump } from "../../../src/domain/android/ui-tree.js"
import type { UiNode, UiTree } from "../../../src/domain/android/ui-tree.js"

const made = new URL("../../fixtures/ui/", import.meta.url)
// test/domain/android/ → repository root → its sibling "shared".
export const realFolder = new URL("../../../../shared/fixtures/ui-dumps/", import.meta.url)
export const realPresent = existsSync(fileURLToPath(realFolder))
export const realDumps: ReadonlyArray<string> = realPresent ? readdirSync(realFolder).filter((f) => f.endsWith(".xml")).sort() : []

export const parsed = (xml: string, name = "dump"): UiTree => {
  const r = parseUiDump(xml)
  if (Either.isLeft(r)) throw new Error(`${name}: ${r.left.message}`)
  return r.right
}

export const madeDump = (name: string): UiTree => parsed(readFileSync(new URL(name, made), "utf8"), name)
export const realDump = (name: string): UiTree => parsed(readFileSync(new URL(name, realFolder), "utf8"), name)

/** The tree with every node rewritten by `f` (children first), keeping the shape. */
export const mapNodes = (tree: UiTree, f: (node: UiNode, path: ReadonlyArray<number>) => UiNode): UiTree => {
  const go = (node: UiNode, path: ReadonlyArray<number>): UiNode =>
    f({ ...node, children: node.children.map((c, i) => go(c, [...path, i])) }, path)
  return { ...tree, nodes: tree.nodes.map((n, i) => go(n, [i])) }
}

/** Private Use code points, BMP and planes 15–16. */
export const privateUse = /[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/u
