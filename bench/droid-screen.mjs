// droid's element list on real uiautomator dumps (bench/README.md): the
// characters (≈ tokens) and lines the model reads over every dump in
// ../shared/fixtures/ui-dumps, against a naive baseline from the same run —
// one line per interactive or text-bearing node, as the list was before
// issue 15 (no folding, no visibility, ids always shown).
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
// The Android domain module itself: these helpers are not part of the public root entry.
import { describeElements, elementList, parseUiDump, shortClass, shortId, walk } from "../dist/lib/domain/android/index.js"

const folder = fileURLToPath(new URL("../../shared/fixtures/ui-dumps/", import.meta.url))

const naiveLine = (node, i) => {
  const parts = [`[${i}]`, shortClass(node.className)]
  if (node.text.trim()) parts.push(JSON.stringify(node.text.replace(/\s+/g, " ").trim().slice(0, 80)))
  if (node.contentDesc.trim() && node.contentDesc !== node.text) parts.push(`desc=${JSON.stringify(node.contentDesc.trim().slice(0, 60))}`)
  const id = shortId(node.resourceId)
  if (id !== undefined) parts.push(`id=${id}`)
  for (const [on, word] of [[node.clickable, "clickable"], [node.scrollable, "scrollable"], [node.focused, "focused"], [node.selected, "selected"]]) if (on) parts.push(word)
  if (node.checkable) parts.push(node.checked ? "checked" : "unchecked")
  parts.push(`(${Math.floor((node.bounds.left + node.bounds.right) / 2)},${Math.floor((node.bounds.top + node.bounds.bottom) / 2)})`)
  return parts.join(" ")
}

const naiveList = (tree) => {
  const listed = walk(tree).map((w) => w.node).filter((n) => {
    const w = n.bounds.right - n.bounds.left
    const h = n.bounds.bottom - n.bounds.top
    const acts = n.clickable || n.longClickable || n.checkable || n.scrollable || /EditText|AutoCompleteTextView|SearchView/.test(n.className)
    return w > 0 && h > 0 && (acts || n.text.trim() || n.contentDesc.trim())
  })
  return listed.map((n, i) => naiveLine(n, i + 1)).join("\n")
}

export const screenRows = () => {
  if (!existsSync(folder)) {
    console.log(`droid element list bench: ${folder} not found, skipped`)
    return [{ name: "droid element list on real dumps", value: "—", baseline: "../shared/fixtures not found", ratio: "—", target: "(skipped)", ok: true }]
  }
  const files = readdirSync(folder).filter((f) => f.endsWith(".xml")).sort()
  let chars = 0
  let naiveChars = 0
  let lines = 0
  let naiveLines = 0
  for (const file of files) {
    const parsed = parseUiDump(readFileSync(`${folder}${file}`, "utf8"))
    if (parsed._tag === "Left") throw new Error(`${file}: ${parsed.left.message}`)
    const shown = describeElements(elementList(parsed.right))
    const naive = naiveList(parsed.right)
    chars += shown.length
    naiveChars += naive.length
    lines += shown.split("\n").length
    naiveLines += naive.split("\n").length
  }
  return [
    { name: `droid element list: characters over ${files.length} real dumps`, value: String(chars), baseline: `one line per node ${naiveChars}`, ratio: `${(chars / naiveChars).toFixed(2)}×`, target: "≤ baseline", ok: chars <= naiveChars },
    { name: `droid element list: lines over ${files.length} real dumps`, value: String(lines), baseline: `one line per node ${naiveLines}`, ratio: `${(lines / naiveLines).toFixed(2)}×`, target: "(reported)", ok: true }
  ]
}
