/**
 * A small XML reader for `uiautomator dump` output: elements, attributes and
 * the predefined and numeric entities. No DTDs, namespaces or CDATA — dumps
 * never have them — so a dependency would buy nothing.
 *
 * Where it sits: the first step of `parseUiDump` (ui-tree.ts). It tells a
 * dump that simply stops (the device cut it off: `Truncated`) from one that
 * is wrong (`Malformed`), because callers retry the first and report the second.
 */
import { Either } from "effect"

export interface XmlElement {
  readonly name: string
  readonly attributes: ReadonlyMap<string, string>
  readonly children: ReadonlyArray<XmlElement>
}

export type XmlProblem =
  | { readonly _tag: "Truncated"; readonly at: number; readonly detail: string }
  | { readonly _tag: "Malformed"; readonly at: number; readonly detail: string }

const named: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'" }

/** Replace entity references; an unknown one is kept as written (real dumps never have one). */
export const decodeEntities = (text: string): string =>
  text.indexOf("&") === -1 ? text : text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith("#x")) return codePoint(parseInt(body.slice(2), 16)) ?? whole
    if (body.startsWith("#")) return codePoint(parseInt(body.slice(1), 10)) ?? whole
    return named[body] ?? whole
  })

const codePoint = (n: number): string | undefined => (Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined)

/** Escape text for an attribute value in double quotes, as uiautomator does. */
export const escapeAttribute = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;")
    .replace(/\n/g, "&#10;").replace(/\r/g, "&#13;")

const nameChar = /[A-Za-z0-9_:.\-]/
const space = /\s/

interface Open {
  readonly name: string
  readonly attributes: ReadonlyMap<string, string>
  readonly children: Array<XmlElement>
}

/** The document's root element. Text between elements is ignored: dumps keep all text in attributes. */
export const parseXml = (source: string): Either.Either<XmlElement, XmlProblem> => {
  const stack: Array<Open> = []
  let root: XmlElement | undefined
  let i = 0
  const truncated = (detail: string) => Either.left<XmlProblem>({ _tag: "Truncated", at: source.length, detail })
  const malformed = (detail: string) => Either.left<XmlProblem>({ _tag: "Malformed", at: i, detail })

  while (i < source.length) {
    const lt = source.indexOf("<", i)
    if (lt === -1) break
    i = lt
    if (source.startsWith("<?", i) || source.startsWith("<!--", i)) {
      const close = source.indexOf(source.startsWith("<?", i) ? "?>" : "-->", i)
      if (close === -1) return truncated("inside a declaration or comment")
      i = close + (source.startsWith("<?", i) ? 2 : 3)
      continue
    }
    if (source.startsWith("<!", i)) return malformed("DTDs and CDATA are not expected in a UI dump")
    if (source.startsWith("</", i)) {
      const gt = source.indexOf(">", i)
      if (gt === -1) return truncated("inside a closing tag")
      const name = source.slice(i + 2, gt).trim()
      const open = stack.pop()
      if (open === undefined || open.name !== name) {
        return malformed(`closing </${name}> does not match ${open === undefined ? "any open element" : `<${open.name}>`}`)
      }
      const element: XmlElement = { name: open.name, attributes: open.attributes, children: open.children }
      const parent = stack.at(-1)
      if (parent === undefined) root = element
      else parent.children.push(element)
      i = gt + 1
      if (parent === undefined) break
      continue
    }
    // An opening tag: <name attr="v" …> or …/>
    i += 1
    const nameStart = i
    while (i < source.length && nameChar.test(source.charAt(i))) i++
    const name = source.slice(nameStart, i)
    if (i >= source.length) return truncated(`inside <${name}`)
    if (name.length === 0) return malformed("a '<' not followed by an element name")
    const attributes = new Map<string, string>()
    let selfClosing = false
    for (;;) {
      while (i < source.length && space.test(source.charAt(i))) i++
      if (i >= source.length) return truncated(`inside <${name}>'s attributes`)
      const c = source.charAt(i)
      if (c === ">") {
        i += 1
        break
      }
      if (c === "/") {
        if (i + 1 >= source.length) return truncated(`inside <${name}/`)
        if (source.charAt(i + 1) !== ">") return malformed(`stray '/' in <${name}>`)
        selfClosing = true
        i += 2
        break
      }
      const attrStart = i
      while (i < source.length && nameChar.test(source.charAt(i))) i++
      const attr = source.slice(attrStart, i)
      if (attr.length === 0) return malformed(`unexpected '${c}' in <${name}>`)
      while (i < source.length && space.test(source.charAt(i))) i++
      if (i >= source.length) return truncated(`after attribute ${attr}`)
      if (source.charAt(i) !== "=") return malformed(`attribute ${attr} of <${name}> has no value`)
      i += 1
      while (i < source.length && space.test(source.charAt(i))) i++
      const quote = source.charAt(i)
      if (i >= source.length) return truncated(`before the value of ${attr}`)
      if (quote !== "\"" && quote !== "'") return malformed(`attribute ${attr} of <${name}> is not quoted`)
      const end = source.indexOf(quote, i + 1)
      if (end === -1) return truncated(`inside the value of ${attr}`)
      attributes.set(attr, decodeEntities(source.slice(i + 1, end)))
      i = end + 1
    }
    if (selfClosing) {
      const element: XmlElement = { name, attributes, children: [] }
      const parent = stack.at(-1)
      if (parent === undefined) {
        root = element
        break
      }
      parent.children.push(element)
    } else {
      stack.push({ name, attributes, children: [] })
    }
  }
  if (stack.length > 0) return truncated(`${stack.length} element(s) still open, innermost <${stack.at(-1)?.name ?? ""}>`)
  if (root === undefined) return source.trim().length === 0 ? truncated("empty document") : malformed("no root element")
  return Either.right(root)
}
