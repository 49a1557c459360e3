/**
 * How well a product's name fits a list item, for the rule-based shopper:
 * "2% milk" fits "Lactantia 2% Milk, 2 L" better than "Milk Chocolate Bar".
 *
 * Where it sits: pure; offline mode (no model) ranks search results with it.
 * Score in [0, 1]: the share of the item's words found in the product name
 * (exactly, or by a shared stem of at least 4 letters), lightly penalising
 * long product names so the plainest match wins ties.
 */

const stopWords = new Set(["a", "an", "the", "of", "and", "or", "de", "la", "le", "les", "et", "du", "des"])

export const words = (text: string): ReadonlyArray<string> =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9%]+/)
    .filter((w) => w.length > 0 && !stopWords.has(w))

const stem = (w: string): string => w.replace(/(ies|es|s)$/, "")

const wordMatches = (wanted: string, candidates: ReadonlyArray<string>): boolean =>
  candidates.some((c) => c === wanted || (stem(c).length >= 3 && stem(c) === stem(wanted)) ||
    (wanted.length >= 4 && c.startsWith(wanted)))

export const nameSimilarity = (item: string, product: string): number => {
  const wanted = words(item)
  const have = words(product)
  if (wanted.length === 0 || have.length === 0) return 0
  const hits = wanted.filter((w) => wordMatches(w, have)).length
  const coverage = hits / wanted.length
  const extra = Math.max(0, have.length - hits)
  return coverage * (1 / (1 + 0.05 * extra))
}

/** The best candidate scoring at least `threshold`, with its score. */
export const bestMatch = <A>(
  item: string,
  candidates: ReadonlyArray<A>,
  nameOf: (a: A) => string,
  threshold = 0.5
): { readonly candidate: A; readonly score: number } | undefined => {
  let best: { readonly candidate: A; readonly score: number } | undefined
  for (const candidate of candidates) {
    const score = nameSimilarity(item, nameOf(candidate))
    if (score >= threshold && (best === undefined || score > best.score)) best = { candidate, score }
  }
  return best
}
