/**
 * What one user message means, as facts (seeds/001 Output.hs): the output of
 * the orient stage, whether a model or the offline rules produced it.
 *
 * The model writes `ExtractWire` (plain optional strings, lenient), and
 * `fromWire` turns it into an `Extract` through the smart constructors, so a
 * blank field from the model is simply absent instead of failing the turn.
 */
import { Array as Arr, Option, Schema } from "effect"
import { AnxietyTrigger, ChaosLevel, ItemName, Location, SpaceFunction } from "./types.js"

export const Intent = Schema.Literal("start", "continue", "item", "decided", "help", "stop")
export type Intent = typeof Intent.Type

export const Choice = Schema.Literal("trash", "keep", "place", "unsure")
export type Choice = typeof Choice.Type

/**
 * How the user sounds (past the seed). grief, anxiety, shame and "cant" are
 * distress: the coach pivots away and never shows a card about the item;
 * overwhelm gets one small concrete step; tired an energy check; refusal
 * ("no, not now") is honoured.
 */
export const Feeling = Schema.Literal("grief", "anxiety", "shame", "cant", "overwhelm", "tired", "refusal")
export type Feeling = typeof Feeling.Type

export const distressing = (feeling: Feeling): boolean =>
  feeling === "grief" || feeling === "anxiety" || feeling === "shame" || feeling === "cant"

export const Extract = Schema.Struct({
  intent: Intent,
  item: Schema.optionalWith(ItemName, { as: "Option" }),
  choice: Schema.optionalWith(Choice, { as: "Option" }),
  place: Schema.optionalWith(Location, { as: "Option" }),
  function: Schema.optionalWith(SpaceFunction, { as: "Option" }),
  anchors: Schema.optionalWith(Schema.Array(ItemName), { as: "Option" }),
  /** Something the user said makes them anxious (past the seed: feeds `lastAnxiety`). */
  anxiety: Schema.optionalWith(AnxietyTrigger, { as: "Option" }),
  /** The user sounds tired or overwhelmed (past the seed: feeds the energy check). */
  tired: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  feeling: Schema.optionalWith(Feeling, { as: "Option" }),
  /** More things named in the same message ("the mug and the plate" → plate): held on the later list. */
  alsoNamed: Schema.optionalWith(Schema.Array(ItemName), { default: () => [] })
})
export type Extract = typeof Extract.Type

/** An extract with only an intent. */
export const extractOf = (intent: Intent, fields: Partial<Omit<Extract, "intent">> = {}): Extract => ({
  intent,
  item: Option.none(),
  choice: Option.none(),
  place: Option.none(),
  function: Option.none(),
  anchors: Option.none(),
  anxiety: Option.none(),
  tired: false,
  feeling: Option.none(),
  alsoNamed: [],
  ...fields
})

const text = (description: string) => Schema.optional(Schema.String.annotations({ description }))

/** The shape the model fills in (tool `record_extract`). */
export const ExtractWire = Schema.Struct({
  intent: Intent.annotations({
    description:
      "start: greeting or beginning; continue: ready for the next thing; item: names a thing; decided: says what to do with a thing; help: stuck or asks for help; stop: wants to end"
  }),
  item: text("the thing the user is talking about, as a short noun phrase"),
  choice: Schema.optional(Choice.annotations({ description: "what the user decided for the item, if they did" })),
  place: text("where the item should go, if the user said"),
  function: text("what the space is FOR, if the user said (e.g. 'working from home')"),
  anchors: Schema.optional(Schema.Array(Schema.String).annotations({ description: "things the user said definitely stay" })),
  anxiety: text("a thing or topic the user says makes them anxious, stressed or sad"),
  tired: Schema.optional(Schema.Boolean.annotations({ description: "true if the user sounds tired or overwhelmed" })),
  others: Schema.optional(Schema.Array(Schema.String).annotations({
    description: "every other thing the user named in the same message, besides item, each a short noun phrase"
  })),
  feeling: Schema.optional(Feeling.annotations({
    description: "how the user sounds, if it matters: grief, anxiety, shame, cant (\"I can't\"), overwhelm, tired, refusal (\"no, not now\")"
  }))
})
export type ExtractWire = typeof ExtractWire.Type

export const fromWire = (wire: ExtractWire): Extract => {
  const opt = <A>(make: (raw: string) => Option.Option<A>, raw: string | undefined) =>
    raw === undefined ? Option.none() : make(raw)
  const anchors = Arr.filterMap(wire.anchors ?? [], ItemName.fromText)
  const item = opt(ItemName.fromText, wire.item)
  const others = Arr.dedupeWith(
    Arr.filterMap(wire.others ?? [], ItemName.fromText).filter((o) => !Option.exists(item, (i) => i.toLowerCase() === o.toLowerCase())),
    (a, b) => a.toLowerCase() === b.toLowerCase()
  )
  return {
    intent: wire.intent,
    item,
    choice: Option.fromNullable(wire.choice),
    place: opt(Location.fromText, wire.place),
    function: opt(SpaceFunction.fromText, wire.function),
    anchors: anchors.length === 0 ? Option.none() : Option.some(anchors),
    anxiety: opt(AnxietyTrigger.fromText, wire.anxiety),
    tired: wire.tired ?? false,
    feeling: Option.fromNullable(wire.feeling),
    // Only with an item: the first thing named gets the card, the others wait their turn.
    alsoNamed: Option.isSome(item) ? others : []
  }
}

/** What a photo of the space shows (seeds/001 Context.hs PhotoAnalysis). */
export const PhotoAnalysis = Schema.Struct({
  roomType: Schema.String.annotations({ description: "office, bedroom, kitchen…" }),
  chaosLevel: ChaosLevel.annotations({
    description: "Buried: floor/surfaces invisible; Cluttered: most surfaces covered; Moderate: some mess; Clear: tidy"
  }),
  visibleItems: Schema.Array(Schema.String).annotations({ description: "things visible, short noun phrases" }),
  blockedFunction: Schema.optional(Schema.String).annotations({
    description: "what the mess stops the user doing, e.g. 'can't sit at the desk'"
  }),
  firstTarget: Schema.optional(Schema.String).annotations({ description: "the best first thing to pick up" })
})
export type PhotoAnalysis = typeof PhotoAnalysis.Type
