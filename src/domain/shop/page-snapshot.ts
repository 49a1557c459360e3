/**
 * The page as the model reads it: Playwright's AI-mode aria snapshot (YAML
 * lines like `- link "Milk 2%" [ref=e6]:` with a `- /url:` child), capped in
 * size, plus a small parser the rule-based shopper uses to find links,
 * buttons and prices without a model.
 *
 * Where it sits: pure. The Browser's live layer produces the text; the model
 * tools show it; offline mode parses it.
 */

/** One element of the snapshot: its role, accessible name, ref and the few attributes the shopper needs. */
export interface SnapshotNode {
  readonly role: string
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

const lineShape = /^(\s*)- ([a-zA-Z][\w-]*)(?: "((?:[^"\\]|\\.)*)")?((?: \[[^\]]*\])*)(?::(?: (.*))?)?$/
const urlShape = /^\s*- \/url: (.*)$/

const unquote = (s: string): string => {
  try {
    const parsed: unknown = JSON.parse(`"${s}"`)
    return typeof parsed === "string" ? parsed : s
  } catch {
    return s
  }
}

export const parseSnapshot = (text: string): ReadonlyArray<SnapshotNode> => {
  const nodes: Array<SnapshotNode> = []
  for (const line of text.split("\n")) {
    const url = urlShape.exec(line)
    if (url !== null) {
      const last = nodes.pop()
      if (last !== undefined) nodes.push({ ...last, url: unquote((url[1] ?? "").replace(/^"|"$/g, "")) })
      continue
    }
    const m = lineShape.exec(line)
    if (m === null) continue
    const attributes = m[4] ?? ""
    const ref = /\[ref=([^\]]+)\]/.exec(attributes)?.[1]
    const rawValue = m[5]?.trim()
    nodes.push({
      role: m[2] ?? "",
      name: unquote(m[3] ?? ""),
      ref,
      url: undefined,
      disabled: /\[disabled\]/.test(attributes),
      value: rawValue === undefined || rawValue.length === 0 ? undefined : unquote(rawValue.replace(/^"|"$/g, "")),
      depth: (m[1] ?? "").length / 2
    })
  }
  return nodes
}

/** Every occurrence of a secret replaced, so a page that echoes a credential cannot pass it on. */
export const redact = (text: string, secrets: ReadonlyArray<string>): string =>
  secrets.reduce((t, s) => (s.length === 0 ? t : t.split(s).join("[redacted]")), text)
