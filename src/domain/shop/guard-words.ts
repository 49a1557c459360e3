/**
 * The guard's reading of a URL as words: which blocked word (or run of
 * words) a path, a query's operation or a request body's operation names.
 *
 * Where it sits: pure, under `url-guard.ts`. A path is split into words the
 * way a server's router or a person reads it — on `/`, `\`, `-`, `_`, `.`,
 * `;`, spaces and camelCase, after percent-decoding and Unicode folding — so
 * a blocked word is found inside a compound segment (`/secure-checkout`,
 * `/express_checkout`, `/checkoutV2`, `/passer-ma-commande`). A blocked entry
 * is itself a run of words (`place-order`, `mon-compte`, `account/settings`);
 * it matches any run of consecutive path words that spells it, each word
 * as written or in the singular (`/guest-check-out` spells `checkout`,
 * `/orders/confirm` spells `order/confirm`, `/placeOrder` `place-order`).
 *
 * This fails closed on purpose: an aisle named `checkout-lane-snacks` is
 * blocked too. A product stays reachable through search; a checkout page
 * that slipped through cannot be taken back.
 *
 * Operations: a query parameter or body field that names what to do
 * (`?op=placeOrder`, `?action=checkout`, GraphQL's `operationName`, a GraphQL
 * mutation) is read the same way. A search text (`?q=checkout`) is not an
 * operation, and neither is a GraphQL query's field list, only its name.
 */

/** Fold case, accents and full-width forms; keep the camelCase boundaries (they are found before folding). */
const foldWord = (word: string): string => word.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()

/** Decode percent-escapes until nothing changes (bounded), so `%252F` and `%2F` both become `/`. */
export const decodeFully = (text: string): string => {
  let current = text
  for (let round = 0; round < 5; round++) {
    // IIS-style `%u006f` escapes: some servers still decode them, so the guard must read them too.
    current = current.replace(/%u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    let next = current
    try {
      next = decodeURIComponent(current)
    } catch {
      // A malformed escape: decode the well-formed ones and keep the rest as written.
      next = current.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)))
    }
    if (next === current) return current
    current = next
  }
  return current
}

/**
 * Cyrillic and Greek letters that look like Latin ones (Unicode's confusables for the Latin
 * alphabet), each with the letter it imitates: `/chеckout` with a Cyrillic е is read as
 * `checkout`. Case is kept, so camelCase boundaries survive (`С` → `C`).
 */
const latinLookalikes: Readonly<Record<string, string>> = {
  // Cyrillic
  "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j", "к": "k", "ӏ": "l", "м": "m",
  "н": "h", "о": "o", "р": "p", "ԛ": "q", "с": "c", "ѕ": "s", "т": "t", "у": "y", "ԝ": "w", "х": "x", "ԁ": "d",
  "ɡ": "g", "ꞵ": "b",
  "А": "A", "В": "B", "Е": "E", "Ё": "E", "Һ": "H", "І": "I", "Ї": "I", "Ј": "J", "К": "K", "Ӏ": "I", "М": "M",
  "Н": "H", "О": "O", "Р": "P", "Ԛ": "Q", "С": "C", "Ѕ": "S", "Т": "T", "У": "Y", "Ԝ": "W", "Х": "X", "Ԁ": "D",
  // Greek
  "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x",
  "γ": "y", "η": "n", "ω": "w",
  "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P",
  "Τ": "T", "Υ": "Y", "Χ": "X"
}
const unconfuse = (text: string): string => text.replace(/[\u0370-\u052f\u0261\ua7b5]/gu, (c) => latinLookalikes[c] ?? c)

/**
 * The words of a text as written in a URL: decoded, lookalike letters read as Latin, split on anything that is not a letter or a
 * digit, on camelCase (`placeOrder`, `XMLHttpCheckout`) and between letters and digits
 * (`checkoutV2`, `v2Checkout`, `2checkout`), folded.
 */
export const textWords = (text: string): ReadonlyArray<string> =>
  unconfuse(decodeFully(text).normalize("NFKC"))
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/(\p{L})(\d)/gu, "$1 $2")
    .replace(/(\d)(\p{L})/gu, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .map(foldWord)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((w) => w.length > 0)
    // A Latin word with a letter no table maps (`chec\u1d0bout`, `\u03f2heckout`, `check\ua4f3ut`): that letter may imitate any
    // Latin one, so it is read as a wildcard. Fails closed; words wholly in another script are read as written.
    .map((w) => (/[a-z]/.test(w) ? w.replace(/[^a-z0-9]/gu, wildcard) : w))
    // "v2" reads as one word: a version is not a word of its own.
    .reduce<Array<string>>((out, w) => {
      const last = out[out.length - 1]
      if (last === "v" && /^\d+$/.test(w)) out[out.length - 1] = `v${w}`
      else out.push(w)
      return out
    }, [])

/** A letter in a Latin word that may stand for any letter (see `textWords`). */
const wildcard = "\u0000"

/** Whether `form` matches `wanted` at `at`, a wildcard matching any one letter. */
const matchesAt = (wanted: string, at: number, form: string): boolean =>
  at + form.length <= wanted.length && [...form].every((c, i) => c === wildcard || c === wanted[at + i])

/** A word as written, and its singular forms (`checkouts`, `caisses`, `passwords`). */
const forms = (word: string): ReadonlyArray<string> => [
  word,
  ...(word.endsWith("es") && word.length > 4 ? [word.slice(0, -2)] : []),
  ...(word.endsWith("s") && !word.endsWith("ss") && word.length > 3 ? [word.slice(0, -1)] : [])
]

/** Whether the words from `start` on spell `wanted` (an entry's letters, run together), each word in any of its forms. */
const spells = (words: ReadonlyArray<string>, start: number, wanted: string): boolean => {
  const go = (index: number, done: number): boolean => {
    if (done === wanted.length) return true
    const word = words[index]
    if (word === undefined) return false
    return forms(word).some((form) => matchesAt(wanted, done, form) && go(index + 1, done + form.length))
  }
  return go(start, 0)
}

/** The blocked entry (as listed) that some run of these words spells, if any. */
export const blockedEntryIn = (entries: ReadonlyArray<string>, words: ReadonlyArray<string>): string | undefined =>
  entries.find((entry) => {
    const wanted = textWords(entry).join("")
    if (wanted.length === 0) return false
    for (let start = 0; start < words.length; start++) if (spells(words, start, wanted)) return true
    return false
  })

/** Query and body fields that name an operation to perform rather than data. */
const operationKeys = new Set([
  "op", "operation", "operationname", "action", "cmd", "command", "mutation", "method", "do", "task", "intent", "step",
  "fn", "function", "call", "rpc"
])
const isOperationKey = (key: string): boolean => operationKeys.has(textWords(key).join(""))

/**
 * The names a GraphQL document gives what it does: every operation's name, and for a mutation
 * every field it calls (`mutation { checkoutComplete(…) }`). A query's fields are data, not read.
 */
const graphqlNames = (document: string): ReadonlyArray<string> => {
  const names = [...document.matchAll(/\b(?:query|mutation|subscription)\s+([_A-Za-z]\w*)/g)].map((m) => m[1] ?? "")
  const mutationBody = /\bmutation\b[^{]*\{([\s\S]*)/.exec(document)?.[1]
  const fields = mutationBody === undefined ? [] : [...mutationBody.matchAll(/[_A-Za-z]\w*/g)].map((m) => m[0])
  return [...names, ...fields]
}
const looksLikeGraphql = (text: string): boolean => /^\s*(?:\{|(?:query|mutation|subscription)\b)/.test(text)

/** The operation names one field carries: its value when the key names an operation, a GraphQL document's names. */
const fieldOperations = (key: string, value: string): ReadonlyArray<string> =>
  isOperationKey(key) ? [value] : looksLikeGraphql(value) ? graphqlNames(value) : []

/** The operations a query string names (`?op=placeOrder`, `?query=mutation…`). */
export const queryOperations = (search: string): ReadonlyArray<string> =>
  [...new URLSearchParams(search).entries()].flatMap(([key, value]) => fieldOperations(key, value))

const jsonOperations = (value: unknown, depth: number): ReadonlyArray<string> => {
  if (depth > 3 || value === null || typeof value !== "object") return []
  if (Array.isArray(value)) return value.flatMap((v: unknown) => jsonOperations(v, depth + 1))
  return Object.entries(value).flatMap(([key, v]) =>
    typeof v === "string" ? fieldOperations(key, v) : jsonOperations(v, depth + 1)
  )
}

/** The operations a request body names: JSON (GraphQL included), a form, or a bare GraphQL document. */
export const bodyOperations = (body: string): ReadonlyArray<string> => {
  const text = body.trim()
  if (text.length === 0) return []
  if (text.startsWith("{") || text.startsWith("[")) {
    try {
      return jsonOperations(JSON.parse(text), 0)
    } catch {
      return looksLikeGraphql(text) ? graphqlNames(text) : []
    }
  }
  if (looksLikeGraphql(text)) return graphqlNames(text)
  return queryOperations(text)
}
