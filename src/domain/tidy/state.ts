/**
 * The state of a tidying session (seeds/001 State.hs), shaped so invalid
 * states cannot be written down:
 * - each phase's data holds only the fields valid in that phase, and the
 *   phase is derived from the variant, never stored;
 * - Sorting and later phases cannot exist without the space's function
 *   (`ActiveState`);
 * - Splitting holds a non-empty list of categories;
 * - Refining holds its current category *as a pile*, so it cannot point at a
 *   category that does not exist;
 * - DecisionSupport holds the stuck item and the phase it interrupted, whole,
 *   so returning loses nothing (the seed kept only the phase's name).
 *
 * Schemas, so states persist (SessionStore) and generate (property tests).
 */
import { absurd, Array as Arr, Option, Schema } from "effect"
import { AnxietyTrigger, CategoryName, ItemName, mentions, sameText, SpaceFunction } from "./types.js"

export const Phase = Schema.Literal("Surveying", "Sorting", "Splitting", "Refining", "DecisionSupport")
export type Phase = typeof Phase.Type

/** What every phase after Surveying knows. */
export const ActiveState = Schema.Struct({
  function: SpaceFunction,
  anchors: Schema.Array(ItemName),
  lastAnxiety: Schema.optionalWith(AnxietyTrigger, { as: "Option" })
})
export type ActiveState = typeof ActiveState.Type

/** An emergent category and the items in it. */
export const CategoryPile = Schema.Struct({ name: CategoryName, items: Schema.Array(ItemName) })
export type CategoryPile = typeof CategoryPile.Type

export const SurveyingData = Schema.TaggedStruct("Surveying", {
  gatheredFunction: Schema.optionalWith(SpaceFunction, { as: "Option" }),
  gatheredAnchors: Schema.Array(ItemName)
})
export const SortingData = Schema.TaggedStruct("Sorting", {
  active: ActiveState,
  currentItem: Schema.optionalWith(ItemName, { as: "Option" }),
  /** The user said "not now" to splitting when the unsure pile held this many: no new offer until it grows again. */
  splitDeclinedAt: Schema.optionalWith(Schema.NonNegativeInt, { exact: true })
})
export const SplittingData = Schema.TaggedStruct("Splitting", {
  active: ActiveState,
  categories: Schema.NonEmptyArray(CategoryName)
})
export const RefiningData = Schema.TaggedStruct("Refining", {
  active: ActiveState,
  /** The category being worked through, with the items still in it. */
  current: CategoryPile,
  /** The other categories, still to come. */
  upcoming: Schema.Array(CategoryPile),
  currentItem: Schema.optionalWith(ItemName, { as: "Option" })
})
/** A phase DecisionSupport can interrupt and return to. */
export const ResumablePhaseData = Schema.Union(SortingData, SplittingData, RefiningData)
export const DecisionSupportData = Schema.TaggedStruct("DecisionSupport", {
  stuckItem: ItemName,
  resume: ResumablePhaseData
})

export const PhaseData = Schema.Union(SurveyingData, SortingData, SplittingData, RefiningData, DecisionSupportData)
export type PhaseData = typeof PhaseData.Type
export type SurveyingData = typeof SurveyingData.Type
export type SortingData = typeof SortingData.Type
export type SplittingData = typeof SplittingData.Type
export type RefiningData = typeof RefiningData.Type
export type ResumablePhaseData = typeof ResumablePhaseData.Type
export type DecisionSupportData = typeof DecisionSupportData.Type

export const Piles = Schema.Struct({
  belongs: Schema.Array(ItemName),
  out: Schema.Array(ItemName),
  unsure: Schema.Array(ItemName)
})
export type Piles = typeof Piles.Type

export const SessionState = Schema.Struct({
  phaseData: PhaseData,
  piles: Piles,
  /**
   * Items the user named that have no decision yet: skipped at a card, timed
   * out, under discussion, or set aside because they were hard to face. The
   * coach never brings them up again; only the user can.
   */
  later: Schema.optionalWith(Schema.Array(ItemName), { default: () => [] }),
  /**
   * Things named together with another ("the mug and the plate", a sentence
   * naming several): held on the later list, and asked about one card at a
   * time when the user says "next". Always undecided (on `later`) and never
   * one the user found hard; `recount` keeps it so.
   */
  upNext: Schema.optionalWith(Schema.Array(ItemName), { default: () => [] }),
  /** Everything the user was anxious about this session (lastAnxiety keeps only the latest). */
  avoid: Schema.optionalWith(Schema.Array(AnxietyTrigger), { default: () => [] }),
  /** Distinct items sorted (piles and categories, not the later list): kept equal to `counts(state).sorted` by every transition. */
  itemsProcessed: Schema.NonNegativeInt,
  /** Set on the first turn, from `Clock`. */
  sessionStart: Schema.optionalWith(Schema.DateTimeUtc, { as: "Option" })
})
export type SessionState = typeof SessionState.Type

export const emptyPiles: Piles = { belongs: [], out: [], unsure: [] }

export const initialState: SessionState = {
  phaseData: { _tag: "Surveying", gatheredFunction: Option.none(), gatheredAnchors: [] },
  piles: emptyPiles,
  later: [],
  upNext: [],
  avoid: [],
  itemsProcessed: 0,
  sessionStart: Option.none()
}

// ---------------------------------------------------------------------------
// Derived views (the seed's accessors)
// ---------------------------------------------------------------------------

/** The phase, derived from the variant. */
export const phase = (state: SessionState): Phase => state.phaseData._tag

export const activeState = (data: PhaseData): Option.Option<ActiveState> => {
  switch (data._tag) {
    case "Surveying":
      return Option.none()
    case "DecisionSupport":
      return Option.some(data.resume.active)
    case "Sorting":
    case "Splitting":
    case "Refining":
      return Option.some(data.active)
  }
  return absurd(data)
}

export const spaceFunction = (state: SessionState): Option.Option<SpaceFunction> =>
  state.phaseData._tag === "Surveying"
    ? state.phaseData.gatheredFunction
    : Option.map(activeState(state.phaseData), (a) => a.function)

export const anchors = (state: SessionState): ReadonlyArray<ItemName> =>
  state.phaseData._tag === "Surveying"
    ? state.phaseData.gatheredAnchors
    : Option.match(activeState(state.phaseData), { onNone: () => [], onSome: (a) => a.anchors })

export const lastAnxiety = (state: SessionState): Option.Option<AnxietyTrigger> =>
  Option.flatMap(activeState(state.phaseData), (a) => a.lastAnxiety)

export const currentItem = (state: SessionState): Option.Option<ItemName> => {
  const data = state.phaseData
  switch (data._tag) {
    case "Sorting":
    case "Refining":
      return data.currentItem
    case "DecisionSupport":
      return Option.some(data.stuckItem)
    case "Surveying":
    case "Splitting":
      return Option.none()
  }
  return absurd(data)
}

export const currentCategory = (state: SessionState): Option.Option<CategoryName> => {
  const data = state.phaseData._tag === "DecisionSupport" ? state.phaseData.resume : state.phaseData
  return data._tag === "Refining" ? Option.some(data.current.name) : Option.none()
}

/** Every category pile of the session, current first. */
export const emergentCategories = (state: SessionState): ReadonlyArray<CategoryPile> => {
  const data = state.phaseData._tag === "DecisionSupport" ? state.phaseData.resume : state.phaseData
  return data._tag === "Refining" ? [data.current, ...data.upcoming] : []
}

/**
 * Every item the session holds, in piles, in emergent categories and on the
 * later list — the multiset that transitions conserve. Each item the user
 * named is in exactly one of these places.
 */
export const allItems = (state: SessionState): ReadonlyArray<ItemName> => [
  ...state.piles.belongs,
  ...state.piles.out,
  ...state.piles.unsure,
  ...Arr.flatMap(emergentCategories(state), (c) => c.items),
  ...state.later
]

/** What the summary, the status line and `--list` count: items, never decisions. */
export interface Counts {
  readonly staying: number
  readonly out: number
  /** The unsure pile plus the categories it was split into. */
  readonly unsure: number
  readonly later: number
  /** staying + out + unsure */
  readonly sorted: number
}

export const counts = (state: SessionState): Counts => {
  const staying = state.piles.belongs.length
  const out = state.piles.out.length
  const unsure = state.piles.unsure.length + Arr.reduce(emergentCategories(state), 0, (n, c) => n + c.items.length)
  return { staying, out, unsure, later: state.later.length, sorted: staying + out + unsure }
}

/** The things still to ask about, in order: named together with another, still undecided, never a hard one. */
export const waitingToAsk = (state: SessionState): ReadonlyArray<ItemName> =>
  Arr.dedupeWith(
    state.upNext.filter((i) => state.later.some((l) => sameText(l, i)) && !state.avoid.some((t) => mentions(i, t))),
    sameText
  )

/**
 * The state with `itemsProcessed` recomputed from the items it holds, and
 * the up-next list kept to things still waiting (see `waitingToAsk`).
 */
export const recount = (state: SessionState): SessionState => {
  const sorted = counts(state).sorted
  const upNext = waitingToAsk(state)
  const counted = state.itemsProcessed === sorted ? state : { ...state, itemsProcessed: sorted }
  return upNext.length === state.upNext.length ? counted : { ...counted, upNext }
}
