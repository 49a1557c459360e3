/**
 * Prices as grocery stores write them, read from one product tile (or the
 * product block of a product page) — never the first `$` on the page.
 *
 * Where it sits: pure. The rule shopper and the add verifier hand it the
 * texts of the tile the item was added from (in document order, a struck
 * `<del>` price marked as regular); the summary totals with `lineCents`.
 *
 * What a tile may say, and what is taken as the price of one item:
 * - a sale price after (or before) the regular one: "Reg. $4.99", "was",
 *   "avant", a struck price — the regular one is never taken; with no label,
 *   the lower of two plain prices is the sale price (a regular price is only
 *   ever shown beside a lower one);
 * - weighted items: "$5.49 avg. ea." / "5,49 $ moy. ch." — an estimate, taken;
 * - per-unit prices "$0.80 /100 g", "$11.00 /kg", "$4.99/lb", "0,27 $ / 100 ml":
 *   shown for comparison, never the item's price;
 * - multi-buy "2 for $5", "2 / $7.00 … or $3.99 ea.", "3 / $10.98 or $3.66 ea.":
 *   the "ea." price is one item's; without one, the deal's price divided;
 * - savings "Save $1.00", "Économisez 1,00 $": not a price;
 * - a range "$3.99 - $5.99", "3,99 $ à 5,99 $": not a sale — the low end, marked "from";
 * - French numbers `3,99 $`, `1 299,00 $`.
 * Money is integer cents, parsed from digits, never through a float.
 */

/** How many for how much: "2 / $7.00" is `{ count: 2, cents: 700 }`. */
export interface MultiBuy {
  readonly count: number
  readonly cents: number
}

export interface TilePrice {
  /** What one item costs when bought alone. */
  readonly unitCents: number
  /** The words the price was read from, as the store wrote them. */
  readonly text: string
  /** The regular price, when the tile shows a sale. */
  readonly regularCents: number | undefined
  readonly multiBuy: MultiBuy | undefined
  /** A weighted item's average price ("avg. ea."): the store charges by weight. */
  readonly estimated: boolean
  /** Per-unit prices seen ("$0.80 /100 g"), for the record; never the item's price. */
  readonly unitPrices: ReadonlyArray<string>
  /**
   * A price range ("$3.99 - $5.99": sizes or flavours priced apart): the item's price is then the
   * low end, shown as "from $3.99", and no regular price is inferred from the high end.
   */
  readonly range: PriceRange | undefined
}

export interface PriceRange {
  readonly lowCents: number
  readonly highCents: number
}

/** One amount of money found in a text, where it starts and ends. */
export interface Money {
  readonly cents: number
  readonly start: number
  readonly end: number
}

const toCents = (whole: string, fraction: string | undefined): number =>
  Number.parseInt(whole.replace(/[\s,.\u00a0\u202f]/g, ""), 10) * 100 + (fraction === undefined ? 0 : Number.parseInt(fraction.padEnd(2, "0"), 10))

/**
 * The ways one amount is written, each a named alternative:
 * - `dollar`: "$1,299.00" "$ 5.49" "$5" — `$` first, comma thousands, dot decimals ("12 $4.29" is 12 of something, then $4.29);
 * - `dollarComma`: "$1,99" "$12,34" "$1.234,56" — `$` first with a decimal comma (two digits after it: 3 are thousands);
 * - `dollarCents`: "$.99";
 * - `trailing`: "1 299,00 $" "3,99$" "3.99 $" "1,299.00 $" "1.299,00 $" — the amount, then `$`;
 * - `cent`: "99¢" "99 ¢"; `pence`: "99p";
 * - `signMark`: "4€99", "2£49" — the sign as the decimal mark.
 *
 * The currency a price is written with: a sign (dollars, euros, pounds; "CA$", "US$" end in one) or,
 * before or after the amount, a code ("EUR 4,99", "4,99 CAD"). Amounts are cents of whichever it is.
 */
const code = String.raw`\b(?:CAD|USD|EUR|GBP)\b`
const cur = String.raw`(?:[$€£]|${code})`
/** After the amount: a sign, a sign with its country ("4,99 CA$"), or a code. */
const curAfter = String.raw`(?:(?:CA|C|US|AU|NZ)?[$€£]|${code})`
const moneyShape = new RegExp(
  [
    // "4€99", "2£49": the sign as the decimal mark (French and British shelf labels).
    String.raw`(?<![\d.,])(?<signMark>\d{1,4})[€£](?<signMarkFraction>\d{2})(?!\d)`,
    String.raw`${cur}\s?(?<dollar>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?<dollarFraction>\d{1,2}))?(?!\d|,\d)`,
    String.raw`${cur}\s?(?<dollarComma>\d{1,3}(?:\.\d{3})+|\d+),(?<dollarCommaFraction>\d{2})(?!\d)`,
    String.raw`${cur}\s?\.(?<dollarCents>\d{2})(?!\d)`,
    String.raw`(?<![\d.,])(?<trailing>\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d{1,3}(?:\.\d{3})+(?=,)|\d{1,3}(?:,\d{3})+(?=\.)|\d+)(?:[,.](?<trailingFraction>\d{2})\s?${curAfter}|\s?${curAfter}(?!\s?\d))`,
    String.raw`(?<![\d.,$€£])(?<cent>\d{1,2})\s?¢`,
    // "99p": pence, written alone after a space or a label ("Now 99p"), never inside a word ("12pk").
    String.raw`(?<![\d.,$€£\p{L}])(?<pence>\d{1,2})p(?![\p{L}\d])`
  ].join("|"),
  "gu"
)

/** Every amount in a text, in order. */
export const moneyIn = (text: string): ReadonlyArray<Money> =>
  [...text.matchAll(moneyShape)].map((m) => {
    const g = m.groups ?? {}
    const cents = g["cent"] !== undefined || g["pence"] !== undefined
      ? Number.parseInt(g["cent"] ?? g["pence"] ?? "0", 10)
      : g["dollarCents"] !== undefined
      ? Number.parseInt(g["dollarCents"], 10)
      : toCents(
        g["signMark"] ?? g["dollar"] ?? g["dollarComma"] ?? g["trailing"] ?? "0",
        g["signMarkFraction"] ?? g["dollarFraction"] ?? g["dollarCommaFraction"] ?? g["trailingFraction"]
      )
    return { cents, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }
  })

/** The first amount in a text, in cents ("$12.34", "12,34 $", "$5"); undefined when there is none. */
export const parsePriceCents = (text: string): number | undefined => moneyIn(text)[0]?.cents

type Role = "item" | "each" | "unit" | "regular" | "multi" | "saving"

const perEach = /^\s*(?:\/\s*|per\s+)?(?:ea|each|ch|chacun|chaque|un|unit|unité|item)\b\.?/i
/**
 * A price per some measure: "/100 g", "/kg", "per lb", "le kg", but also "/ct", "/count", "/lt",
 * "/fl oz", "/sheet", "/ 1 ea" — after a slash, "per", "le", "la" or "par", any measure that is
 * not plainly "each" (an amount written before it, "/ 1 ea", makes it a comparison price too).
 */
const perMeasure = /^\s*(?:\/|per\b|le\b|la\b|par\b)\s*(\d+(?:[.,]\d+)?\s*)?\p{L}/iu
const isPerUnit = (after: string): boolean => {
  const m = perMeasure.exec(after)
  return m !== null && (m[1] !== undefined || !perEach.test(after))
}
const averageEach = /^\s*(?:avg\.?|average|moy\.?|moyenne|approx\.?|env\.?)\s*(?:ea|each|ch|chacun)?\b\.?/i
const regularBefore = /(?:\breg(?:ular)?\b\.?(?:\s*price)?|\bwas\b|\bbefore\b|\bavant\b|\brég(?:ulier)?\b\.?|prix\s+régulier|\bordinaire\b|\boriginal(?:ly)?\b)\s*:?\s*$/i
const savingBefore = /(?:\bsave\b|\bsaving\b|\béconomisez\b|\béconomie\b|\byou save\b)\s*:?\s*(?:up to\s*)?$/i
const offAfter = /^\s*(?:off\b|de rabais|de moins)/i
const multiBefore = /(?:^|[^\d.,$])(\d{1,2})\s*(?:\/|for|pour)\s*$/i
const orBefore = /\b(?:or|ou)\s*$/i
/** "$10.00 for 3": the deal written price first. */
const multiAfter = /^\s*(?:for|pour)\s*(\d{1,2})\b/i

const classify = (text: string, money: Money): { readonly role: Role; readonly count?: number } => {
  const before = text.slice(0, money.start)
  const after = text.slice(money.end)
  if (savingBefore.test(before) || offAfter.test(after)) return { role: "saving" }
  if (regularBefore.test(before)) return { role: "regular" }
  const multi = multiBefore.exec(before)
  if (multi !== null && Number.parseInt(multi[1] ?? "1", 10) > 1) return { role: "multi", count: Number.parseInt(multi[1] ?? "1", 10) }
  const dealAfter = multiAfter.exec(after)
  if (dealAfter !== null && Number.parseInt(dealAfter[1] ?? "1", 10) > 1) return { role: "multi", count: Number.parseInt(dealAfter[1] ?? "1", 10) }
  if (isPerUnit(after)) return { role: "unit" }
  if (perEach.test(after) || averageEach.test(after) || orBefore.test(before)) return { role: "each" }
  return { role: "item" }
}

/** The amounts in a text that are a price someone pays (not per-unit, regular, savings or a deal), with how they read. */
export const paidAmounts = (text: string): ReadonlyArray<{ readonly cents: number; readonly each: boolean }> =>
  moneyIn(text).flatMap((money) => {
    const { role } = classify(text, money)
    return role === "item" || role === "each" ? [{ cents: money.cents, each: role === "each" }] : []
  })

/** The texts as a store tile shows them; `struck` for a price drawn through (`<del>`). */
export interface TileText {
  readonly text: string
  readonly struck?: boolean
}

/**
 * A tile's texts as one line, so a label in one element reads with the
 * amount in the next ("Reg." · "$6.49", "$11.02" · "avg. ea."), and a price
 * drawn in pieces (`<sup>$</sup>5<sup>49</sup>`) reads as $5.49.
 */
const joinTexts = (texts: ReadonlyArray<string | TileText>): { readonly line: string; readonly struck: ReadonlyArray<readonly [number, number]> } => {
  const parts = texts.map((t) => (typeof t === "string" ? { text: t, struck: false } : { text: t.text, struck: t.struck === true }))
  const merged: Array<{ text: string; struck: boolean }> = []
  for (let i = 0; i < parts.length; i++) {
    const [a, b, c] = [parts[i], parts[i + 1], parts[i + 2]]
    if (a !== undefined && b !== undefined && c !== undefined && /^\s*\$\s*$/.test(a.text) && /^\s*\d+\s*$/.test(b.text) && /^\s*\d{2}\s*$/.test(c.text)) {
      merged.push({ text: `$${b.text.trim()}.${c.text.trim()}`, struck: a.struck || b.struck })
      i += 2
    } else if (a !== undefined && b !== undefined && /^\s*\$\s*\d+[.,]?\s*$/.test(a.text) && /^\s*(?:[.,]\d{2}|\d{2}\s*$)/.test(b.text)) {
      // "$4" · ".49", "$4." · "49", "$4" · "49" (cents in a <sup>): one price.
      merged.push({ text: `${a.text.trim().replace(/[.,]$/, "")}.${b.text.trim().replace(/^[.,]/, "")}`, struck: a.struck || b.struck })
      i += 1
    } else if (a !== undefined && b !== undefined && /^\s*\d+\s*$/.test(a.text) && /^\s*,\d{2}\s*\$/.test(b.text)) {
      // "4" · ",49 $": the French price in two pieces.
      merged.push({ text: `${a.text.trim()}${b.text.trim()}`, struck: a.struck || b.struck })
      i += 1
    } else if (a !== undefined) merged.push({ ...a })
  }
  let line = ""
  const struck: Array<readonly [number, number]> = []
  for (const part of merged) {
    const text = part.text.trim()
    if (text.length === 0) continue
    if (line.length > 0) line += " "
    if (part.struck) struck.push([line.length, line.length + text.length])
    line += text
  }
  return { line, struck }
}

const rangeJoin = /^\s*(?:-|–|—|to|à|au)\s*$/i

/**
 * Two prices joined by a dash, "to" or "à" ("$3.99 - $5.99"), low then high, each one an item's
 * price by its own words (not a saving, a per-unit or a regular price): a range, not a sale.
 */
const rangeIn = (text: string, moneys: ReadonlyArray<Money>): { readonly low: Money; readonly high: Money } | undefined => {
  for (let i = 0; i + 1 < moneys.length; i++) {
    const [low, high] = [moneys[i], moneys[i + 1]]
    if (low === undefined || high === undefined || high.cents <= low.cents) continue
    if (!rangeJoin.test(text.slice(low.end, high.start))) continue
    if (classify(text, low).role === "item" && classify(text, high).role === "item") return { low, high }
  }
  return undefined
}

/** What may follow an amount and belongs to it: "avg. ea.", "each", "/lb", "/ 100 g", "per kg", "le kg". */
const qualifierAfter =
  /^(?:\s*(?:avg\.?|average|moy\.?|moyenne|approx\.?|env\.?))?(?:\s*(?:\/\s*|per\s+|le\s+|la\s+|par\s+)(?:\d+(?:[.,]\d+)?\s*)?\p{L}+\.?(?:\s?oz\b)?|\s*(?:ea|each|ch|chacun|chaque)\b\.?)?/iu

/**
 * The store's own words for one amount: the amount and its qualifier ("$3.00 each", "$0.89/lb"),
 * a deal from its count ("3 pour 5 $", "2 / $7.00"), never the next label on the tile.
 */
const shownText = (text: string, money: Money, role: Role): string => {
  if (role === "item") return text.slice(money.start, money.end).trim()
  if (role === "multi") {
    const before = multiBefore.exec(text.slice(0, money.start))
    if (before !== null) return text.slice(before.index + before[0].indexOf(before[1] ?? ""), money.end).trim()
    const after = multiAfter.exec(text.slice(money.end))
    return text.slice(money.start, money.end + (after?.[0].length ?? 0)).trim()
  }
  const qualifier = qualifierAfter.exec(text.slice(money.end))?.[0] ?? ""
  return text.slice(money.start, money.end + qualifier.length).trim()
}

/** The price of one item on this tile, or undefined when the tile shows none (per-unit prices alone are not one). */
export const readTilePrice = (texts: ReadonlyArray<string | TileText>): TilePrice | undefined => {
  const items: Array<{ readonly cents: number; readonly text: string; readonly estimated: boolean }> = []
  const each: Array<{ readonly cents: number; readonly text: string; readonly estimated: boolean }> = []
  const regular: Array<number> = []
  const unitPrices: Array<string> = []
  let multiBuy: MultiBuy | undefined
  let multiText = ""
  const { line: text, struck } = joinTexts(texts)
  const isStruck = (money: Money) => struck.some(([from, to]) => money.start >= from && money.start < to)
  const moneys = moneyIn(text)
  const range = rangeIn(text, moneys.filter((m) => !isStruck(m)))
  for (const money of moneys) {
    if (range !== undefined && (money === range.low || money === range.high)) continue
    const { role, count } = classify(text, money)
    const estimated = averageEach.test(text.slice(money.end))
    const shown = shownText(text, money, role)
    if (isStruck(money) || role === "regular") regular.push(money.cents)
    else if (role === "unit") unitPrices.push(shown)
    else if (role === "multi" && count !== undefined && multiBuy === undefined) {
      multiBuy = { count, cents: money.cents }
      multiText = shown
    }
    else if (role === "each") each.push({ cents: money.cents, text: shown, estimated })
    else if (role === "item") items.push({ cents: money.cents, text: shown, estimated })
  }
  // A range alone on the tile: its low end, "from", and no sale read into it.
  if (range !== undefined && each.length === 0 && items.length === 0) {
    return {
      unitCents: range.low.cents,
      text: `from ${formatMoney(range.low.cents)}`,
      regularCents: regular[0],
      multiBuy,
      estimated: false,
      unitPrices,
      range: { lowCents: range.low.cents, highCents: range.high.cents }
    }
  }
  // An "or $3.99 ea." beside a deal, or "avg. ea.", names one item's price outright.
  const chosen = each[0] ?? [...items].sort((a, b) => a.cents - b.cents)[0]
  const regularCents = regular[0] ?? (items.length > 1 && chosen !== undefined ? Math.max(...items.map((i) => i.cents)) : undefined)
  if (chosen === undefined) {
    if (multiBuy === undefined) return undefined
    return {
      unitCents: Math.round(multiBuy.cents / multiBuy.count),
      text: multiText,
      regularCents,
      multiBuy,
      estimated: false,
      unitPrices,
      range: undefined
    }
  }
  return {
    unitCents: chosen.cents,
    text: chosen.text,
    regularCents: regularCents === chosen.cents ? undefined : regularCents,
    multiBuy,
    estimated: chosen.estimated,
    unitPrices,
    range: undefined
  }
}

/** What `quantity` of this item costs, a multi-buy deal applied as the store would ("2 / $7.00": 3 cost $7.00 + one alone). */
export const lineCents = (price: Pick<TilePrice, "unitCents" | "multiBuy">, quantity: number): number => {
  const deal = price.multiBuy
  if (deal === undefined || quantity < deal.count) return price.unitCents * quantity
  return Math.floor(quantity / deal.count) * deal.cents + (quantity % deal.count) * price.unitCents
}

/** 1234 → "$12.34". */
export const formatMoney = (cents: number): string => {
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(Math.trunc(cents))
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
}
