// The text layer (src/domain/text) measured on text written by others, read in
// place from ../shared/fixtures and never copied: which NLP library it stands
// on, and how it compares with the hand-written readers it replaces.
//
// - tidy: every user line of ../shared/fixtures/tidy-conversations/*.txt. For
//   each conversation, how many of its expected `items:` (any `|` alternative)
//   some reader recovers from the lines, as a head phrase or head phrase plus
//   description; how many phrases it returns that match no expected item; and
//   how many contain a word the conversation says is never an item
//   (`no-item:`). Readers: the text layer's grammar over compromise's tags and
//   over wink-nlp's (when installed), compromise's own `nouns()`, and tidy's
//   current rules (agents/tidy/rules.ts, mid-session).
// - fitlog: the everyday-meals dev texts and NutriBench's natural phrasing
//   (CC BY-NC-SA, read in place): whether the text layer's list split agrees
//   with the hand-written splitItems, after the meal words are taken out.
//   `--show N` prints N differences per set for judging by hand.
// - size added to a minified bundle, first load, and time per message.
//
// `node bench/text-layer.mjs [--show N] [--misses]` (--misses lists the text
// layer's missed and unmatched names for the tidy set; bundles src/ with esbuild; needs
// no build). Skipped, saying why, when ../shared/fixtures is absent. wink-nlp
// is not a dependency: `npm i --no-save wink-nlp@2.4.0 wink-eng-lite-web-model@1.8.1`
// adds its rows.
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { parseCsv } from "../scripts/csv.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))
const fixtures = join(root, "..", "shared", "fixtures")
const tidyDir = join(fixtures, "tidy-conversations")
const everyday = join(fixtures, "everyday-meals", "dev.csv")
const natural = join(fixtures, "nutribench-dev", "meal_natural.csv")

const args = process.argv.slice(2)
const showAt = args.indexOf("--show")
const show = showAt >= 0 ? Number(args[showAt + 1] ?? 10) : 0
const misses = args.includes("--misses")

if (!existsSync(tidyDir) || !existsSync(everyday) || !existsSync(natural)) {
  console.log(`text-layer: skipped — ${fixtures} (tidy-conversations, everyday-meals, nutribench-dev) is not beside this checkout`)
  process.exit(0)
}

const column = (file, name) => {
  const [header, ...rows] = parseCsv(readFileSync(file, "utf8"))
  const at = header.indexOf(name)
  return rows.map((r) => r[at]).filter((t) => t !== undefined && t.length > 0)
}

/** A conversation: the user's lines and its expectations. */
const readConversation = (file) => {
  const lines = readFileSync(file, "utf8").split("\n")
  const expectAt = lines.findIndex((l) => l.trim() === "### expect")
  const said = lines.slice(0, expectAt < 0 ? lines.length : expectAt)
    .filter((l) => l.trim().length > 0 && !l.startsWith("#"))
    .map((l) => l.replace(/^@(?:no)?card:\s*/, ""))
  const expect = new Map(lines.slice(expectAt + 1).map((l) => /^([a-z-]+):\s*(.*)$/.exec(l.trim())).filter((m) => m !== null).map((m) => [m[1], m[2]]))
  const items = (expect.get("items") ?? "").split(/,\s*/).filter((s) => s.length > 0).map((s) => ({
    optional: s.startsWith("?"),
    names: s.replace(/^\?/, "").split("|").map(normal)
  }))
  const noItem = (expect.get("no-item") ?? "").split(/,\s*/).map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0)
  return { said, items, noItem }
}

/** Names compared without case, punctuation, articles or possessive determiners. */
function normal(s) {
  return s.toLowerCase().replace(/[’‘]/g, "'").replace(/[^\p{L}\p{N}' ]+/gu, " ").replace(/\s+/g, " ").trim()
    .replace(/^(?:(?:a|an|the|some|my|our|his|her|their|your|this|that|these|those)\s+)+/, "").trim()
}

// ---------------------------------------------------------------------------
// The code under measurement, bundled from src/ (no tsc build needed)
// ---------------------------------------------------------------------------

const { build } = await import("esbuild")
// Inside the checkout, so the bundle's external packages resolve from its node_modules.
const scratch = join(root, "dist", "bench-text")
mkdirSync(scratch, { recursive: true })
const entry = `
export * as text from "./src/domain/text/index.ts"
export * as phrases from "./src/domain/text/phrases.ts"
export { splitItems, extractMeal } from "./src/domain/fitlog/parse.ts"
export { extractByRules } from "./src/agents/tidy/rules.ts"
export { initialState } from "./src/domain/tidy/state.ts"
export { SpaceFunction } from "./src/domain/tidy/types.ts"
`
const out = join(scratch, "text-layer.mjs")
await build({ stdin: { contents: entry, resolveDir: root, loader: "ts" }, outfile: out, bundle: true, format: "esm", platform: "node", target: "node20", packages: "external", logLevel: "warning" })
const lib = await import(out)
const { Option } = await import("effect")

/** The minified size a package adds to a bundle (esbuild, as the CLI bundles are built). */
const bundled = async (name, contents) => {
  const file = join(scratch, `${name}.mjs`)
  await build({ stdin: { contents, resolveDir: root, loader: "js" }, outfile: file, bundle: true, minify: true, format: "esm", platform: "node", logLevel: "silent" })
  return { file, size: statSync(file).size }
}

// ---------------------------------------------------------------------------
// Readers: message → names (head phrase, and head phrase with its description)
// ---------------------------------------------------------------------------

const phraseNames = (phrases) => phrases.map((p) => ({ name: p.name, full: p.description === undefined ? p.name : `${p.name} ${p.description}` }))

const readers = [
  { name: "text layer · compromise", read: (line) => phraseNames(lib.text.readThings(line)) },
  {
    name: "compromise nouns()",
    read: (line) => (globalThis.__nlp(line).nouns().out("array")).map((n) => ({ name: n, full: n }))
  }
]
globalThis.__nlp = (await import("compromise")).default

const sortingState = {
  ...lib.initialState,
  phaseData: { _tag: "Sorting", active: { function: Option.getOrThrow(lib.SpaceFunction.fromText("sorting things")), anchors: [], lastAnxiety: Option.none() }, currentItem: Option.none() }
}
readers.push({
  name: "tidy rules today",
  read: (line) => {
    const e = lib.extractByRules(line, sortingState)
    const names = [...Option.toArray(e.item), ...e.alsoNamed, ...Option.getOrElse(e.anchors, () => [])]
    return names.map((n) => ({ name: n, full: n }))
  }
})

// wink-nlp with its English model, when installed: its tags through the same grammar.
let winkBundle
try {
  const winkNLP = (await import("wink-nlp")).default
  const model = (await import("wink-eng-lite-web-model")).default
  const nlp = winkNLP(model)
  const its = nlp.its
  const posMap = { NOUN: "noun", PROPN: "proper", PRON: "pronoun", DET: "determiner", ADJ: "adjective", VERB: "verb", AUX: "auxiliary", ADV: "adverb", ADP: "preposition", CCONJ: "conjunction", SCONJ: "conjunction", NUM: "number", INTJ: "interjection" }
  const possessives = new Set(["my", "our", "your", "his", "her", "their", "its"])
  const winkTokens = (message) => {
    const doc = nlp.readDoc(message)
    const values = doc.tokens().out(its.value)
    const pos = doc.tokens().out(its.pos)
    const times = new Set()
    doc.entities().each((e) => {
      if (["DATE", "TIME", "DURATION"].includes(e.out(its.type))) e.tokens().each((t) => times.add(t.index()))
    })
    const tokens = []
    let cursor = 0
    values.forEach((value, i) => {
      const at = message.indexOf(value, cursor)
      const start = at < 0 ? cursor : at
      cursor = start + value.length
      const p = pos[i]
      const previous = tokens[tokens.length - 1]
      // "wife" + "'s": the possessive marker makes the word before it possessive.
      if (p === "PART" && /^'s?$|^’s?$/.test(value) && previous !== undefined) {
        tokens[tokens.length - 1] = { ...previous, text: message.slice(previous.start, cursor), end: cursor, possessive: true }
        return
      }
      if (p === "PUNCT" || p === "SYM" || p === "X" || p === "SPACE") {
        if (/^[+&]$/.test(value)) tokens.push({ text: value, normal: value, pos: "conjunction", possessive: false, time: false, participle: false, known: true, endsSentence: false, start, end: cursor, after: "" })
        return
      }
      const normalWord = value.toLowerCase().replace(/[’‘]/g, "'")
      const mapped = possessives.has(normalWord) ? "determiner" : p === "PART" && /^(?:not|n't)$/.test(normalWord) ? "negation" : posMap[p] ?? "symbol"
      tokens.push({ text: value, normal: normalWord, pos: mapped, possessive: false, time: times.has(i), participle: (p === "VERB" || p === "ADJ") && /(?:ed|en)$/.test(normalWord), known: false, endsSentence: false, start, end: cursor, after: "" })
    })
    return tokens.map((t, i) => {
      const after = message.slice(t.end, tokens[i + 1]?.start ?? message.length)
      return { ...t, after, endsSentence: /[.!?…]/.test(after) }
    })
  }
  readers.splice(1, 0, { name: "text layer · wink-nlp", read: (line) => phraseNames(lib.phrases.things(line, winkTokens(line))), tokens: winkTokens })
  winkBundle = await bundled("wink", `import w from "wink-nlp"; import m from "wink-eng-lite-web-model"; export const read = (s) => w(m).readDoc(s).tokens().out()`)
} catch (e) {
  console.log(`(wink-nlp rows skipped: ${e.code === "ERR_MODULE_NOT_FOUND" ? "not installed; npm i --no-save wink-nlp@2.4.0 wink-eng-lite-web-model@1.8.1" : e.message})`)
}

// ---------------------------------------------------------------------------
// tidy: things recovered, non-things returned
// ---------------------------------------------------------------------------

const conversations = readdirSync(tidyDir).filter((f) => /^\d+-.*\.txt$/.test(f)).sort().map((f) => readConversation(join(tidyDir, f)))
const lineCount = conversations.reduce((n, c) => n + c.said.length, 0)
const expected = conversations.reduce((n, c) => n + c.items.filter((i) => !i.optional).length, 0)

const pad = (s, n) => String(s).padEnd(n)
const lpad = (s, n) => String(s).padStart(n)

console.log(`\ntidy-conversations: ${conversations.length} conversations, ${lineCount} user lines, ${expected} expected items`)
console.log(`${pad("reader", 26)}${lpad("items found", 13)}${lpad("returned", 10)}${lpad("unmatched", 11)}${lpad("no-item words", 15)}${lpad("ms/line", 9)}`)
for (const reader of readers) {
  let found = 0
  let returned = 0
  let unmatched = 0
  let noItem = 0
  const t0 = performance.now()
  for (const c of conversations) {
    const got = c.said.flatMap((line) => reader.read(line)).map((g) => ({ name: normal(g.name), full: normal(g.full) }))
    const matches = (g, item) => item.names.includes(g.name) || item.names.includes(g.full)
    found += c.items.filter((item) => !item.optional && got.some((g) => matches(g, item))).length
    if (misses && reader === readers[0]) {
      for (const item of c.items.filter((i) => !i.optional && !got.some((g) => matches(g, i)))) console.log(`  missed: ${item.names.join(" | ")}`)
      for (const g of got.filter((g) => !c.items.some((item) => matches(g, item)))) console.log(`  extra:  ${g.full}`)
    }
    returned += got.length
    unmatched += got.filter((g) => !c.items.some((item) => matches(g, item))).length
    noItem += got.filter((g) => c.noItem.some((w) => g.full.split(" ").includes(w))).length
  }
  const ms = (performance.now() - t0) / lineCount
  console.log(`${pad(reader.name, 26)}${lpad(`${found}/${expected}`, 13)}${lpad(returned, 10)}${lpad(unmatched, 11)}${lpad(noItem, 15)}${lpad(ms.toFixed(2), 9)}`)
}

// ---------------------------------------------------------------------------
// fitlog: the text layer's list split against the hand-written splitItems
// ---------------------------------------------------------------------------

/** splitItems as it was before the text layer (main, 2026-11): the hand-written splitter, the reference here. */
const handSplitItems = (text) =>
  text
    .split(/(?<!\d),(?!\d)|[;\n+]|\s+(?:and|plus|with|&)\s+(?=(?:\d|[½¼¾⅓⅔]|an?\s|one\b|two\b|three\b|four\b|five\b|six\b|half\b|some\b))/i)
    .map((s) => s.replace(/[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}\u{200D}]/gu, " ").replace(/\s+/g, " "))
    .map((s) => s.replace(/^\s*(?:and|plus|also|then|&)\s+/i, "").replace(/[.!]+$/, "").trim())
    .filter((s) => s.length > 0)

const splitKey = (parts) => parts.map((p) => p.toLowerCase().replace(/[.!,;]+$/, "").trim()).join(" | ")
console.log(`\nfitlog list split: splitItems on the text layer vs the hand-written one it replaced (after the meal words)`)
console.log(`${pad("set", 26)}${lpad("texts", 7)}${lpad("same", 7)}${lpad("differ", 8)}${lpad("ms/text", 9)}`)
for (const [name, texts] of [["everyday-meals dev", column(everyday, "text")], ["nutribench natural", column(natural, "meal_description")]]) {
  let same = 0
  const differ = []
  const t0 = performance.now()
  for (const text of texts) {
    const rest = lib.extractMeal(text).rest
    const hand = handSplitItems(rest)
    const layer = lib.splitItems(rest)
    if (splitKey(hand) === splitKey(layer)) same++
    else differ.push({ text: rest, hand, layer })
  }
  const ms = (performance.now() - t0) / texts.length
  console.log(`${pad(name, 26)}${lpad(texts.length, 7)}${lpad(same, 7)}${lpad(differ.length, 8)}${lpad(ms.toFixed(2), 9)}`)
  for (const d of differ.slice(0, show)) console.log(`  ${d.text}\n    hand:  ${JSON.stringify(d.hand)}\n    layer: ${JSON.stringify(d.layer)}`)
}

// ---------------------------------------------------------------------------
// Size and load
// ---------------------------------------------------------------------------

/** Time to load a minified bundle (as the CLI bundles them) and read a first message, in a fresh Node: median of three. */
const loadTime = (file) => {
  const code = `const t = performance.now(); const { read } = await import(${JSON.stringify(pathToFileURL(file).href)}); read("a lamp that works"); console.log(performance.now() - t)`
  const runs = [0, 1, 2].map(() => Number(execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" }).trim()))
  return runs.sort((a, b) => a - b)[1]
}
const libraries = [["compromise 14", await bundled("compromise", `import nlp from "compromise"; export const read = (s) => nlp(s).json()`)]]
if (winkBundle !== undefined) libraries.push(["wink-nlp 2 + eng-lite model", winkBundle])
console.log(`\nlibrary                      minified bundle   load + first message (fresh node)`)
for (const [name, { file, size }] of libraries) console.log(`${pad(name, 29)}${lpad(`${(size / 1e6).toFixed(2)} MB`, 15)}${lpad(`${loadTime(file).toFixed(0)} ms`, 12)}`)

rmSync(scratch, { recursive: true, force: true })
