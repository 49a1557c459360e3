/**
 * How the element list is read off a `UiTree`, in one pass over the views:
 *
 * - Only what a user can see is listed: a view with `visible-to-user="false"`
 *   (and everything under it) and a view whose bounds lie outside the screen
 *   or outside the scrolling container it sits in are left out. The tap
 *   point is the middle of the part that is visible, so a half-scrolled row
 *   or a view running off the screen's edge is tapped where it shows.
 * - A clickable or checkable view with no label of its own (a card, a list
 *   row) takes the text of the views inside it: one line for the card, its
 *   texts folded into it instead of listed apart. An empty text field folds
 *   the placeholder drawn inside it as its hint.
 * - A text that only repeats the element it sits in (a tile's caption under
 *   the tile's description) is folded into that element.
 * - A control nothing names is named by its resource id in words.
 *
 * Where it sits: `elementList` (elements.ts) is this; labels.ts says what
 * each view reads as. Pure.
 */
import type { ElementList, UiElement } from "./elements.js"
import { fieldValue, idWords, isEditable, ownDescription, ownLabel, readable, sameWords, says } from "./labels.js"
import type { Bounds, UiNode, UiTree } from "./ui-tree.js"
import { area, centre, emptyBounds, intersect, screenOf } from "./ui-tree.js"

/** A view someone can act on: these are listed even without a label, and stop folding. */
export const isInteractive = (node: UiNode): boolean =>
  node.clickable || node.longClickable || node.checkable || node.scrollable || isEditable(node)

/** Controls that take their inner texts as their label when they have none of their own. */
const gathersChildren = (node: UiNode): boolean =>
  isEditable(node) || (!node.scrollable && (node.clickable || node.longClickable || node.checkable) && ownLabel(node).length === 0)

interface Draft {
  readonly node: UiNode
  readonly path: ReadonlyArray<number>
  readonly visible: Bounds
  readonly gathers: boolean
  readonly parts: Array<UiNode>
}

const everywhere: Bounds = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity }

/** Labels of the folded parts, each once. */
const joined = (labels: ReadonlyArray<string>): string => {
  const kept: Array<string> = []
  for (const label of labels) if (label.length > 0 && !kept.some((k) => sameWords(k, label))) kept.push(label)
  return kept.join(" · ")
}

const finish = (draft: Draft, index: number): UiElement => {
  const { node } = draft
  const own = ownLabel(node)
  const gathered = draft.gathers ? joined(draft.parts.map(ownLabel)) : ""
  const editable = isEditable(node)
  // An empty field's placeholder is its hint; a filled password field's inner texts are never read out.
  const hint = editable && fieldValue(node).length === 0
    ? readable(node.hint).length > 0 ? readable(node.hint) : gathered
    : ""
  const [label, labelFrom]: readonly [string, UiElement["labelFrom"]] =
    own.length > 0 ? [own, "own"]
      : !editable && gathered.length > 0 ? [gathered, "children"]
      : !editable && !node.scrollable && idWords(node.resourceId).length > 0 ? [idWords(node.resourceId), "id"]
      : ["", "none"]
  return { index, node, path: draft.path, visible: draft.visible, centre: centre(draft.visible), label, labelFrom, hint, parts: draft.parts }
}

export const readElements = (tree: UiTree): ElementList => {
  const screen = screenOf(tree)
  const drafts: Array<Draft> = []

  /**
   * `clip`: what of the screen this view's parents leave visible. `gatherer`:
   * the unlabelled control whose label this view's text becomes. `owner`: the
   * nearest listed element, whose line a repeated text folds into.
   */
  const visit = (node: UiNode, path: ReadonlyArray<number>, clip: Bounds, gatherer: Draft | undefined, owner: Draft | undefined): void => {
    if (!node.visibleToUser) return
    const sized = area(node.bounds) > 0
    const visible = sized ? intersect(node.bounds, clip) : emptyBounds
    // Only the screen and scrolling containers clip what is inside them: real dumps
    // show views drawn outside their plain parents (a status bar's clock above its row).
    const inner = sized && node.scrollable ? visible : clip
    // Off the screen (or scrolled out of view): not listed, though its children may show.
    const shows = sized && area(visible) > 0
    let nextGatherer = gatherer
    let nextOwner = owner
    if (isInteractive(node)) {
      if (shows) {
        const draft: Draft = { node, path, visible, gathers: gathersChildren(node), parts: [] }
        drafts.push(draft)
        nextOwner = draft
        nextGatherer = draft.gathers ? draft : undefined
      } else {
        nextGatherer = undefined
      }
    } else if (ownLabel(node).length > 0) {
      const shown = owner === undefined ? "" : `${ownLabel(owner.node)} ${ownDescription(owner.node)}`
      // A gathering control reads its inner views even when they report no size of their own.
      if (gatherer !== undefined) gatherer.parts.push(node)
      else if (!shows) {
        // Nothing to see or tap.
      } else if (owner !== undefined && says(shown, ownLabel(node))) owner.parts.push(node)
      else {
        const draft: Draft = { node, path, visible, gathers: false, parts: [] }
        drafts.push(draft)
        nextOwner = draft
      }
    }
    node.children.forEach((child, i) => visit(child, [...path, i], inner, nextGatherer, nextOwner))
  }

  tree.nodes.forEach((node, i) => visit(node, [i], screen ?? everywhere, undefined, undefined))
  return { elements: drafts.map((d, i) => finish(d, i + 1)), ...(screen === undefined ? {} : { screen }) }
}
