/**
 * The ingredients of a named dish are the dish. "An omelette made with 3
 * eggs" is 3 eggs' weight of omelette, not an omelette plus 3 raw eggs; "a
 * burrito filled with meat, beans and rice" is one burrito, its fillings
 * already in its weight. Runs on the matched items, in the order written
 * (estimate.ts), before they are totalled. Pure.
 */
import { Option } from "effect"
import { isFilling } from "../../domain/fitlog/dishes.js"
import { scaleNutrients } from "../../domain/fitlog/types.js"
import { validate } from "../../domain/fitlog/validate.js"
import type { EstimatedItem } from "./estimate.js"

/** A dish that names what it holds or is made of: "a burrito filled with meat", "an omelette made (with 3 eggs)". */
const namesContents = /\b(?:filled|stuffed|loaded|packed|made)\s+(?:with|from|using)\b|\b(?:made|prepared|cooked)\s*$/i

/** A coating a baked food is sold with: icing, frosting or glaze. */
const coating = /\b(?:icing|icings|frosting|frosted|glaze|glazed)\b/i

/** The food family of a record: its first part ("Egg, whole, cooked, omelet" → "egg"). */
const family = (description: string) => (description.split(",")[0] ?? description).trim().toLowerCase()

const noAmount = (item: EstimatedItem) => item._tag !== "Unread" && (item.request.assumption ?? "").startsWith("no amount given")

const withNote = (item: EstimatedItem, note: string): EstimatedItem =>
  item._tag === "Matched" ? { ...item, assumption: Option.some(Option.match(item.assumption, { onNone: () => note, onSome: (a) => `${a}; ${note}` })) } : item

/** The dish `holder` weighed as `grams` of its own record: its ingredients' weight. */
const reweighed = (holder: Extract<EstimatedItem, { readonly _tag: "Matched" }>, grams: number, note: string): EstimatedItem => ({
  ...holder,
  grams: Math.round(grams * 10) / 10,
  nutrients: scaleNutrients(holder.food.per100g, grams),
  issues: validate({ food: holder.searchedAs, grams, per100g: holder.food.per100g }),
  assumption: Option.some(note)
})

/**
 * Items that follow a dish naming its contents and are its contents: fillings
 * with no amount of their own are in the dish's weight (dropped, said so); those
 * of the dish's own food family with an amount ("3 eggs" after "an omelette
 * made") give the dish its weight. Any other item ends the dish's contents.
 */
/** A piece the reader split from its dish: "packed with beans", "filled with chicken". */
const startsContents = /^(?:(?:that|which)\s+(?:was|were)\s+)?(?:filled|stuffed|loaded|packed)\s+with\b/i

export const foldContents = (items: ReadonlyArray<EstimatedItem>, built: (item: EstimatedItem) => boolean = () => false): ReadonlyArray<EstimatedItem> => {
  const out: Array<EstimatedItem> = []
  let holder: number | undefined
  let base: EstimatedItem | undefined
  const named: Array<string> = []
  for (const item of items) {
    const dish = holder === undefined ? undefined : out[holder]
    // "a burrito" then "packed with beans": the piece is what the dish before it holds.
    const last = out[out.length - 1]
    if (holder === undefined && last !== undefined && last._tag === "Matched" && !built(last) && item._tag !== "Unread" && startsContents.test(item.request.text)) {
      ;[holder, base] = [out.length - 1, last]
      named.length = 0
      named.push(item.request.name.replace(startsContents, "").trim())
      out[holder] = withNote(last, `${named.join(", ")}: named as what is in it, counted in its weight`)
      continue
    }
    if (dish !== undefined && holder !== undefined && item._tag !== "Unread") {
      if (noAmount(item) && isFilling(item.request.name)) {
        named.push(item.request.name)
        if (base !== undefined) out[holder] = withNote(base, `${named.join(", ")}: named as what is in it, counted in its weight`)
        continue
      }
      const kind = dish._tag === "Matched" ? family(dish.food.description) : ""
      if (dish._tag === "Matched" && item._tag === "Matched" && kind === family(item.food.description) && item.request.name.toLowerCase().includes(kind)) {
        out[holder] = reweighed(dish, item.grams, `${dish.request.text.replace(/\s+(?:made|prepared|cooked)\s*$/i, "")} made with ${item.request.text}: ${item.request.text} ≈ ${Math.round(item.grams)} g, weighed as ${dish.food.description}`)
        holder = undefined
        continue
      }
    }
    // "a frosted cupcake … with icing": icing with no amount of its own after a food whose record is already frosted is in it.
    if (last !== undefined && last._tag === "Matched" && item._tag !== "Unread" && noAmount(item) && coating.test(item.request.name) && coating.test(last.food.description.replace(/\bwithout \w+/gi, ""))) {
      out[out.length - 1] = withNote(last, `${item.request.name}: already in ${last.food.description}`)
      continue
    }
    holder = undefined
    named.length = 0
    out.push(item)
    // A dish built from the fillings its own words name (dishes.ts) holds only those: later foods are eaten besides.
    if (item._tag !== "Unread" && !built(item) && namesContents.test(item.request.text)) [holder, base] = [out.length - 1, item]
  }
  return out
}
