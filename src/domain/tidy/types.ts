/**
 * The words of a tidying session (seeds/001 Types.hs): branded text so an
 * item is never mistaken for a place, and the photo's chaos level.
 *
 * Where it sits: used by every stage of the tidy OODA loop. Text from the
 * user or the model becomes one of these only through a smart constructor
 * that trims and rejects empty text (`ItemName.fromText("  mug ")` → `Some("mug")`).
 */
import { Option, Schema } from "effect"

/** Realistic samples keep generated states readable when a property test fails. */
const words = [
  "mug", "desk", "lamp", "old receipts", "charging cable", "sweater", "books", "shelf", "laptop", "plant",
  "kitchen drawer", "closet", "papers", "shoes", "box of photos", "yoga mat", "window sill", "bed"
]

const brandedText = <B extends string>(brand: B) => {
  const schema = Schema.String.pipe(
    Schema.trimmed(),
    Schema.nonEmptyString({
      arbitrary: () => (fc) => fc.oneof(fc.constantFrom(...words), fc.stringMatching(/^[a-z][a-z ]{0,14}[a-z]$/))
    }),
    Schema.brand(brand)
  )
  const fromRaw = Schema.decodeUnknownOption(Schema.compose(Schema.Trim, schema))
  return Object.assign(schema, {
    /** Trim; `None` for empty or blank text. */
    fromText: (raw: string): Option.Option<typeof schema.Type> => fromRaw(raw)
  })
}

/** A thing being sorted. */
export const ItemName = brandedText("ItemName")
export type ItemName = typeof ItemName.Type

/** Where a thing goes. */
export const Location = brandedText("Location")
export type Location = typeof Location.Type

/** What the space is FOR ("working from home", "sleeping"). */
export const SpaceFunction = brandedText("SpaceFunction")
export type SpaceFunction = typeof SpaceFunction.Type

/** A topic the user was anxious about; routing steers away from it until they choose to face it. */
export const AnxietyTrigger = brandedText("AnxietyTrigger")
export type AnxietyTrigger = typeof AnxietyTrigger.Type

/** A pile that emerged when the unsure pile was split. */
export const CategoryName = brandedText("CategoryName")
export type CategoryName = typeof CategoryName.Type

/** How bad the photo looks, parsed at the boundary. */
export const ChaosLevel = Schema.Literal("Buried", "Cluttered", "Moderate", "Clear")
export type ChaosLevel = typeof ChaosLevel.Type

/** Same text, ignoring case and surrounding space: "Old Mug" names the same item as "old mug". */
export const sameText = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Words that say nothing about which thing is meant ("the", "my", "it"). */
const noWords = new Set([
  "a", "an", "the", "my", "your", "our", "his", "her", "their", "this", "that", "these", "those", "some",
  "it", "its", "them", "they", "one", "thing", "things", "stuff", "of"
])

const wordsOf = (text: string): ReadonlyArray<string> =>
  text.toLowerCase().replace(/[‘’]/g, "'").split(/[^a-z0-9']+/).map((w) => w.replace(/^'+|'+$/g, "")).filter((w) => w.length > 0 && !noWords.has(w))

const containsRun = (hay: ReadonlyArray<string>, needle: ReadonlyArray<string>): boolean =>
  needle.length > 0 && hay.some((_, i) => needle.every((w, j) => hay[i + j] === w))

/**
 * Does `text` mention `topic`: the words of one appear, whole and in order,
 * in the other ("the old birthday card" mentions "birthday card"). Words are
 * never matched inside other words, and "it", "the", "my" never match
 * anything, so "it" is no match for "kitchen timer".
 */
export const mentions = (text: string, topic: string): boolean => {
  const t = wordsOf(text)
  const p = wordsOf(topic)
  return containsRun(t, p) || containsRun(p, t)
}
