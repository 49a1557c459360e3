/**
 * One line of Playwright's aria snapshot, read back exactly as Playwright
 * writes it (playwright-core 1.65, `packages/isomorphic/yaml.ts` and
 * `ariaSnapshotRenderer.ts`):
 *
 * - a node's key is `role`, then ` ` + `JSON.stringify(name)` when it has a
 *   name (of at most 900 characters), then attributes ` [disabled]`,
 *   ` [level=2]`, ` [ref=e5]`, ` [cursor=pointer]`…;
 * - the whole key goes through `yamlEscapeKeyIfNeeded`: when YAML would
 *   misread it (`: `, ` #`, `{`, `}`, a backquote, a leading `-`, `[`,
 *   `#`, `&`, `*`, `!`, `|`, `>`, `%`, `@`, quotes, …) it is wrapped in
 *   single quotes with every `'` doubled;
 * - the line is `- key`, or `- key:` with children below, or `- key: value`
 *   where the value (a textbox's text, a paragraph's text, `/url`,
 *   `/placeholder`, `text`) went through `yamlEscapeValueIfNeeded`: plain,
 *   or double-quoted with `\\ \" \b \f \n \r \t` and `\xNN` escapes.
 *
 * So a name holding `#`, `:`, `{` or quotes is read back whole, never cut
 * at the first quote or taken for a comment. Pure.
 */

export interface AriaLine {
  readonly depth: number
  /** The key as Playwright built it, unquoted: `link "Eggs: 12" [ref=e5]`, `/url`, `text`. */
  readonly key: string
  /** The value after `: `, unescaped; `undefined` when the line has none (a leaf, or a parent ending in `:`). */
  readonly value: string | undefined
}

export interface AriaKey {
  readonly role: string
  readonly name: string
  /** `[disabled]` → `disabled: "true"`, `[ref=e5]` → `ref: "e5"`. */
  readonly attributes: ReadonlyMap<string, string>
}

/** `'…'` with `''` for each `'`: returns the text and where the closing quote ended, or undefined if unterminated. */
const readSingleQuoted = (s: string, start: number): { readonly text: string; readonly end: number } | undefined => {
  let text = ""
  for (let i = start + 1; i < s.length; i++) {
    const c = s[i]
    if (c !== "'") {
      text += c
      continue
    }
    if (s[i + 1] === "'") {
      text += "'"
      i++
      continue
    }
    return { text, end: i + 1 }
  }
  return undefined
}

const simpleEscapes: Readonly<Record<string, string>> = {
  "\\": "\\", "\"": "\"", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", "0": "\0", " ": " ", e: "\x1b", a: "\x07", v: "\v"
}

/** A YAML double-quoted scalar as `yamlEscapeValueIfNeeded` writes it (and YAML's other escapes, to be safe). */
export const readDoubleQuoted = (s: string): string | undefined => {
  if (!s.startsWith("\"")) return undefined
  let text = ""
  for (let i = 1; i < s.length; i++) {
    const c = s[i] ?? ""
    if (c === "\"") return i === s.length - 1 ? text : undefined
    if (c !== "\\") {
      text += c
      continue
    }
    const e = s[i + 1] ?? ""
    const hexLength = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0
    if (hexLength > 0) {
      const hex = s.slice(i + 2, i + 2 + hexLength)
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== hexLength) return undefined
      text += String.fromCodePoint(Number.parseInt(hex, 16))
      i += 1 + hexLength
      continue
    }
    const simple = simpleEscapes[e]
    if (simple === undefined) return undefined
    text += simple
    i++
  }
  return undefined
}

/** A value after `key: `: double-quoted, else plain (it needed no quotes, so it is the text itself). */
const readValue = (s: string): string => readDoubleQuoted(s) ?? s

/** One snapshot line; undefined for what is not a `- ` item (blank lines, our own `# … cut` note). */
export const readAriaLine = (line: string): AriaLine | undefined => {
  const m = /^( *)- /.exec(line)
  if (m === null) return undefined
  const depth = (m[1] ?? "").length / 2
  const rest = line.slice(m[0].length)
  if (rest.startsWith("'")) {
    const quoted = readSingleQuoted(rest, 0)
    if (quoted === undefined) return undefined
    const after = rest.slice(quoted.end)
    if (after === "" || after === ":") return { depth, key: quoted.text, value: undefined }
    if (after.startsWith(": ")) return { depth, key: quoted.text, value: readValue(after.slice(2)) }
    return undefined
  }
  // An unquoted key holds no `: ` and does not end in `:` (either would have forced quotes), so the first is the separator.
  const separator = rest.indexOf(": ")
  if (separator >= 0) return { depth, key: rest.slice(0, separator), value: readValue(rest.slice(separator + 2)) }
  return { depth, key: rest.endsWith(":") ? rest.slice(0, -1) : rest, value: undefined }
}

/** `role "name" [attr] [attr=value]…` → its parts; undefined when the key is not a node (`/url`, `text`). */
export const readAriaKey = (key: string): AriaKey | undefined => {
  const role = /^[a-zA-Z]+/.exec(key)?.[0]
  if (role === undefined) return undefined
  let i = role.length
  let name = ""
  if (key.startsWith(" \"", i)) {
    // The name is a JSON string literal: find its closing quote, skipping escapes, and let JSON read it.
    let j = i + 2
    while (j < key.length && key[j] !== "\"") j += key[j] === "\\" ? 2 : 1
    if (j >= key.length) return undefined
    try {
      const parsed: unknown = JSON.parse(key.slice(i + 1, j + 1))
      if (typeof parsed !== "string") return undefined
      name = parsed
    } catch {
      return undefined
    }
    i = j + 1
  }
  const attributes = new Map<string, string>()
  const attribute = / \[([a-zA-Z-]+)(?:=([^\]]*))?\]/y
  while (i < key.length) {
    attribute.lastIndex = i
    const a = attribute.exec(key)
    if (a === null) return undefined
    attributes.set(a[1] ?? "", a[2] ?? "true")
    i = attribute.lastIndex
  }
  return { role, name, attributes }
}
