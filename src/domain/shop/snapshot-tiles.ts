/**
 * A product tile in a parsed snapshot: the part of the page that belongs to
 * one product link — its badge, price, add button — and whether the store
 * marked it as an ad.
 *
 * Where it sits: pure, over `parseSnapshot`'s nodes. The shopper builds its
 * candidates with it (`ProductCandidate.sponsored` in similarity.ts) and can
 * read a tile's own text (its price) instead of the whole page's.
 */
import type { SnapshotNode } from "./page-snapshot.js"

/** The end (exclusive) of the subtree rooted at `index`. */
const subtreeEnd = (nodes: ReadonlyArray<SnapshotNode>, index: number): number => {
  const depth = nodes[index]?.depth ?? 0
  let end = index + 1
  while (end < nodes.length && (nodes[end]?.depth ?? 0) > depth) end++
  return end
}

const isProductLink = (node: SnapshotNode | undefined): boolean => node?.role === "link" && node.url !== undefined

/**
 * The tile of the link at `index`: the largest enclosing subtree that holds
 * no other link with a URL — in `list > listitem > [badge, link, price,
 * button]` that is the listitem, whatever wrappers the store nests.
 * Returns `[start, end)` indexes into `nodes`.
 */
export const tileRange = (nodes: ReadonlyArray<SnapshotNode>, index: number): { readonly start: number; readonly end: number } => {
  let start = index
  let end = subtreeEnd(nodes, index)
  let depth = nodes[index]?.depth ?? 0
  for (let i = index - 1; i >= 0 && depth > 0; i--) {
    const node = nodes[i]
    if (node === undefined || node.depth >= depth) continue
    depth = node.depth
    const candidateEnd = subtreeEnd(nodes, i)
    let others = false
    for (let j = i; j < candidateEnd; j++) if (j !== index && isProductLink(nodes[j]) && nodes[j]?.url !== nodes[index]?.url) others = true
    if (others) break
    start = i
    end = candidateEnd
  }
  return { start, end }
}

/** Words stores put on paid placements, in English and French. */
const sponsoredMarker = /(^|[^\p{L}])(sponsored|sponsoris[ée]e?|commandit[ée]e?|advertisement|publicit[ée]|promoted|annonce)([^\p{L}]|$)|^\s*(ad|pub)\s*$/iu

/** Whether the tile of the link at `index` says it is an ad (a badge, a text, or the link's own label). */
export const isSponsoredTile = (nodes: ReadonlyArray<SnapshotNode>, index: number): boolean => {
  const { start, end } = tileRange(nodes, index)
  for (let i = start; i < end; i++) {
    const node = nodes[i]
    if (node === undefined) continue
    if (node.role === "button" || node.role === "textbox") continue
    if (sponsoredMarker.test(node.name) || (node.value !== undefined && sponsoredMarker.test(node.value))) return true
  }
  return false
}
