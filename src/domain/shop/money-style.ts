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

const symbolOf = (s: string): MoneyStyle["symbol"] => (s === "€" ? "€" : s === "£" ? "£" : "$")

/** The style of the first of these texts that names a currency ("1,49 €" → €, after, comma); dollars when none does. */
export const moneyStyleOf = (texts: ReadonlyArray<string>): MoneyStyle => {
  for (const text of texts) {
    const sign = /[$€£]/.exec(text)
    if (sign === null) continue
    const after = /\d\s?[$€£]/.test(text) && !/[$€£]\s?\d/.test(text)
    const comma = /\d,\d{2}(?!\d)/.test(text) && !/\d\.\d{2}(?!\d)/.test(text)
    return { symbol: symbolOf(sign[0]), after, comma }
  }
  return dollars
}

/** Cents in a store's style: 518 → "$5.18", "5,18 €", "£5.18". */
export const formatIn = (style: MoneyStyle, cents: number): string => {
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(Math.trunc(cents))
  const amount = `${Math.floor(abs / 100)}${style.comma ? "," : "."}${String(abs % 100).padStart(2, "0")}`
  return style.after ? `${sign}${amount} ${style.symbol}` : `${sign}${style.symbol}${amount}`
}
