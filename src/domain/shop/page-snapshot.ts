/**
 * The page as the model reads it: Playwright's AI-mode aria snapshot (YAML
 * lines like `- link "Milk 2%" [ref=e6]:` with a `- /url:` child), capped in
 * size, plus a small parser the rule-based shopper uses to find links,
 * buttons and prices without a model.
 *
 * Where it sits: pure. The Browser's live layer produces the text; the model
 * tools show it; offline mode parses it (by Playwright's own quoting rules,
 * aria-yaml.ts).
 */
import { readAriaKey, readAriaLine } from "./aria-yaml.js"

/** One element of the snapshot: its role, accessible name, ref and the few attributes the shopper needs. */
export interface SnapshotNode {
  readonly role: string
  /** The accessible name; where Playwright left it out because the content below shows it, rebuilt from that content. */
  readonly name: string
  readonly ref: string | undefined
  readonly url: string | undefined
  readonly disabled: boolean
  /** The text after the colon: a textbox's value, a paragraph's text. */
  readonly value: string | undefined
  readonly depth: number
}

/** What one snapshot call returns. */
export interface PageSnapshot {
  readonly url: string
  readonly title: string
  /** The aria snapshot, capped (see `capSnapshot`). */
  readonly text: string
  /** A downscaled JPEG, base64, when asked for. */
  readonly screenshot: string | undefined
}

/** The default cap: ~16k characters, about 4k tokens — a search page's products fit, a mega-menu is cut. */
export const defaultSnapshotChars = 16_000

/**
 * Cut a snapshot to at most `maxChars`, at a line boundary, saying how much
 * was left out so the model knows to scroll or search more narrowly.
 */
export const capSnapshot = (text: string, maxChars = defaultSnapshotChars): string => {
  if (text.length <= maxChars) return text
  const lines = text.split("\n")
  const kept: Array<string> = []
  let used = 0
  for (const line of lines) {
    if (used + line.length + 1 > maxChars) break
    kept.push(line)
    used += line.length + 1
  }
  const cut = lines.length - kept.length
  return `${kept.join("\n")}\n# … ${cut} more line(s) cut to stay under ${maxChars} characters; search more narrowly or scroll.`
}

/**
 * The snapshot's nodes in document order, read by Playwright's own quoting
 * rules (aria-yaml.ts): names with `#`, `:`, `{` or quotes come back whole.
 * `/url` and `/placeholder` lines go to the node they belong to (the one a
 * level up); `- text: …` lines are nodes of role `text` with the text as value.
 */
export const parseSnapshot = (text: string): ReadonlyArray<SnapshotNode> => {
  const nodes: Array<SnapshotNode> = []
  /** Index in `nodes` of the latest node at each depth, for props. */
  const openAt: Array<number> = []
  for (const raw of text.split("\n")) {
    const line = readAriaLine(raw)
    if (line === undefined) continue
    if (line.key.startsWith("/")) {
      const owner = openAt[line.depth - 1]
      const node = owner === undefined ? undefined : nodes[owner]
      if (owner !== undefined && node !== undefined && line.key === "/url") nodes[owner] = { ...node, url: line.value ?? "" }
      continue
    }
    const key = line.key === "text" ? { role: "text", name: "", attributes: new Map<string, string>() } : readAriaKey(line.key)
    if (key === undefined) continue
    openAt.length = line.depth
    openAt[line.depth] = nodes.length
    nodes.push({
      role: key.role,
      name: key.name,
      ref: key.attributes.get("ref"),
      url: undefined,
      disabled: key.attributes.get("disabled") === "true",
      value: line.value === undefined || line.value.trim().length === 0 ? undefined : line.value,
      depth: line.depth
    })
  }
  return withNamesFromContent(nodes)
}

/**
 * Roles whose accessible name comes from their content (WAI-ARIA "name from
 * content"). Playwright's AI snapshot drops such a name when the content it
 * came from is shown below (`removeRedundantNames`): a product link wrapping
 * a heading appears as a nameless `- link [ref=e5]:` over `- heading "Eggs"`.
 */
const nameFromContentRoles = new Set([
  "link", "button", "heading", "cell", "gridcell", "menuitem", "menuitemcheckbox", "menuitemradio",
  "option", "tab", "treeitem", "checkbox", "radio", "switch", "tooltip"
])

/** Give such nameless nodes back their name: the names and text of what is below them, in order. */
const withNamesFromContent = (nodes: ReadonlyArray<SnapshotNode>): Array<SnapshotNode> => {
  const content = (index: number): string => {
    const node = nodes[index]
    if (node === undefined) return ""
    const parts: Array<string> = node.value === undefined ? [] : [node.value]
    for (let i = index + 1; i < nodes.length; i++) {
      const child = nodes[i]
      if (child === undefined || child.depth <= node.depth) break
      if (child.depth !== node.depth + 1) continue
      parts.push(child.name.length > 0 ? child.name : child.role === "text" ? child.value ?? "" : content(i))
    }
    return parts.join(" ").replace(/\s+/g, " ").trim()
  }
  return nodes.map((node, i) =>
    node.name.length === 0 && nameFromContentRoles.has(node.role) ? { ...node, name: content(i) } : node
  )
}

/** Every occurrence of a secret replaced, so a page that echoes a credential cannot pass it on. */
export const redact = (text: string, secrets: ReadonlyArray<string>): string =>
  secrets.reduce((t, s) => (s.length === 0 ? t : t.split(s).join("[redacted]")), text)
