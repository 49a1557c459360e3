/**
 * How a store writes its money, so that totals the run prints look like the
 * store's own prices: "$12.34", "12,34 €", "£2.10", "12,34 $" (Québec).
 * Amounts are cents of whichever currency it is (`price.ts`). Pure.
 */
import { Schema } from "effect"

export const MoneyStyle = Schema.Struct({
  symbol: Schema.Literal("$", "€", "£"),
  /** The symbol after the amount ("12,34 €"). */
  after: Schema.Boolean,
  /** A decimal comma ("12,34"). */
  comma: Schema.Boolean
})
export type MoneyStyle = typeof MoneyStyle.Type

export const dollars: MoneyStyle = { symbol: "$", after: false, comma: false }

/** A currency sign, or its code ("EUR 4,99", "4,99 CAD"). */
const currency = /[$€£]|\b(?:CAD|USD|EUR|GBP)\b/

const symbolOf = (s: string): MoneyStyle["symbol"] => (s === "€" || s === "EUR" ? "€" : s === "£" || s === "GBP" ? "£" : "$")

/**
 * The style of these texts: the symbol and its side from the first that names a currency ("1,49 €" → €,
 * after), the decimal mark from the first that shows cents ("3 pour 5 $" shows none); dollars when none does.
 */
export const moneyStyleOf = (texts: ReadonlyArray<string>): MoneyStyle => {
  const priced = texts.find((t) => currency.test(t))
  if (priced === undefined) return dollars
  const sign = currency.exec(priced)?.[0] ?? "$"
  // "4€99": the sign as the decimal mark reads, in a total, as "4,99 €".
  const signMark = /\d[€£]\d{2}(?!\d)/.test(priced)
  const after = signMark || (/\d\s?(?:[$€£]|[A-Z]{2}\$|[A-Z]{3}\b)/.test(priced) && !/(?:[$€£]|\b[A-Z]{3})\s?\d/.test(priced))
  const decimals = texts.map((t) => /\d([.,€£])\d{2}(?!\d)/.exec(t)?.[1]).find((mark) => mark !== undefined)
  return { symbol: symbolOf(sign), after, comma: decimals === "," || decimals === "€" || decimals === "£" }
}

/** Cents in a store's style: 518 → "$5.18", "5,18 €", "£5.18". */
export const formatIn = (style: MoneyStyle, cents: number): string => {
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(Math.trunc(cents))
  const amount = `${Math.floor(abs / 100)}${style.comma ? "," : "."}${String(abs % 100).padStart(2, "0")}`
  return style.after ? `${sign}${amount} ${style.symbol}` : `${sign}${style.symbol}${amount}`
}
