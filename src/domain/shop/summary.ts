/**
 * The report after every item has been tried (seeds/003 "Summary Report"):
 * what went in the cart and for how much, what the store did not have and
 * why, what failed, the total and the cart link.
 *
 * Where it sits: the orchestrator folds outcomes into a `ShoppingSummary`;
 * the provider delivers `renderSummary`'s Markdown. The totals are computed
 * here from the outcomes, so they can never be left empty (the original's
 * summary lists were never filled and its total was always $0).
 */
import { Schema } from "effect"
import { ItemAdded, ItemFailed, ItemNotFound } from "./item.js"
import type { ItemOutcome } from "./item.js"

export class ShoppingSummary extends Schema.Class<ShoppingSummary>("ShoppingSummary")({
  added: Schema.Array(ItemAdded),
  notFound: Schema.Array(ItemNotFound),
  failed: Schema.Array(ItemFailed),
  totalCents: Schema.Int.pipe(Schema.nonNegative()),
  cartUrl: Schema.String
}) {}

export const summarize = (outcomes: ReadonlyArray<ItemOutcome>, cartUrl: string): ShoppingSummary => {
  const added = outcomes.filter((o): o is ItemAdded => o._tag === "ItemAdded")
  return new ShoppingSummary({
    added,
    notFound: outcomes.filter((o): o is ItemNotFound => o._tag === "ItemNotFound"),
    failed: outcomes.filter((o): o is ItemFailed => o._tag === "ItemFailed"),
    totalCents: added.reduce((sum, a) => sum + a.lineCents, 0),
    cartUrl
  })
}

/** 1234 → "$12.34". */
export const formatCents = (cents: number): string => {
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(Math.trunc(cents))
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
}

/**
 * The first price in a text, in cents: "$12.34", "12,34 $", "$5" → 1234, 1234, 500.
 * Undefined when there is none. Parsed from digits, never through a float.
 */
export const parsePriceCents = (text: string): number | undefined => {
  const match = /\$\s*(\d{1,6})(?:[.,](\d{2}))?(?!\d)|(\d{1,6})[.,](\d{2})\s*\$/.exec(text)
  if (match === null) return undefined
  const whole = match[1] ?? match[3]
  const fraction = match[2] ?? match[4] ?? "00"
  return whole === undefined ? undefined : Number.parseInt(whole, 10) * 100 + Number.parseInt(fraction, 10)
}

/** The report as Markdown, for the file beside the list and the terminal. */
export const renderSummary = (summary: ShoppingSummary): string => {
  const lines: Array<string> = ["# Shopping summary", ""]
  lines.push(`## Added to cart (${summary.added.length})`, "")
  if (summary.added.length === 0) lines.push("Nothing was added.")
  for (const a of summary.added) {
    const quantity = a.quantity > 1 ? ` × ${a.quantity}` : ""
    lines.push(`- **${a.itemName}**: [${a.productName}](${a.url}) — ${a.priceText || formatCents(a.priceCents)}${quantity} = ${formatCents(a.lineCents)}`)
  }
  lines.push("", `## Not found (${summary.notFound.length})`, "")
  if (summary.notFound.length === 0) lines.push("None.")
  for (const n of summary.notFound) lines.push(`- **${n.itemName}**: ${n.explanation}`)
  lines.push("", `## Failed (${summary.failed.length})`, "")
  if (summary.failed.length === 0) lines.push("None.")
  for (const f of summary.failed) lines.push(`- **${f.itemName}** (${f.reason}): ${f.error}`)
  lines.push(
    "",
    `**Estimated total: ${formatCents(summary.totalCents)}**`,
    "",
    `Review the cart and check out yourself: ${summary.cartUrl}`,
    ""
  )
  return lines.join("\n")
}
