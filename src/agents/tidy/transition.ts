/**
 * TRANSITION: the pure state update after decide (seeds/001 Loop.hs
 * `applyStateTransitionFromExtract` / `transitionPhaseData`).
 *
 * Items are conserved: a decided item moves out of the unsure pile or its
 * category into its final pile, never copied, never dropped; entering
 * Refining distributes the unsure pile over the categories (to each item's own
 * category when it is one of them, else to the first); leaving Refining puts
 * whatever is left back on the unsure pile. `sessionStart` is set on the
 * first turn from the time the caller read from `Clock`.
 */
import { Array as Arr, DateTime, Option, Schema } from "effect"
import type { Action } from "../../domain/tidy/action.js"
import { distribute } from "../../domain/tidy/categories.js"
import type { Extract } from "../../domain/tidy/extract.js"
import type { ItemDisposition } from "../../domain/question.js"
import type { ActiveState, Phase, PhaseData, Piles, RefiningData, SessionState } from "../../domain/tidy/state.js"
import { activeState, currentItem } from "../../domain/tidy/state.js"
import type { ItemName } from "../../domain/tidy/types.js"
import { mentions, sameText, SpaceFunction } from "../../domain/tidy/types.js"

/** When the questions were skipped (a buried room), the space is for getting it usable again. */
export const defaultFunction = Schema.decodeSync(SpaceFunction)("a usable space again")

type Pile = keyof Piles

export const transition = (
  state: SessionState,
  extract: Extract,
  action: Action,
  next: Phase,
  now: DateTime.Utc
): SessionState => {
  const started: SessionState = Option.isNone(state.sessionStart) ? { ...state, sessionStart: Option.some(now) } : state
  const item = targetItem(started, extract)
  switch (action._tag) {
    case "AskFunction":
    case "AskAnchors":
      return { ...started, phaseData: gather(started.phaseData, extract) }
    case "FirstInstruction":
      return { ...started, phaseData: startSorting(started.phaseData, extract) }
    case "AskItemDecision":
      return { ...started, phaseData: withCurrentItem(started.phaseData, Option.some(action.item)) }
    case "InstructTrash":
      return place(started, item, "out", next)
    case "InstructKeep":
    case "InstructPlace":
      return place(started, item, "belongs", next)
    case "InstructUnsure":
      return place(started, item, "unsure", next)
    case "InstructNext":
    case "AskWhatIsIt":
      return { ...started, phaseData: withCurrentItem(started.phaseData, Option.none()) }
    case "InstructSplit": {
      const active = activeState(started.phaseData)
      return Option.isNone(active)
        ? started
        : { ...started, phaseData: { _tag: "Splitting", active: active.value, categories: action.categories } }
    }
    case "DecisionAid": {
      const data = started.phaseData
      const resume = data._tag === "DecisionSupport" ? data.resume : data._tag === "Surveying" ? undefined : data
      return resume === undefined
        ? started
        : { ...started, phaseData: { _tag: "DecisionSupport", stuckItem: action.item, resume: withCurrentItem(resume, Option.none()) } }
    }
    case "PivotAway":
      return {
        ...started,
        phaseData: withCurrentItem(
          mapActive(leaving(started.phaseData, next), (a) => ({ ...a, lastAnxiety: Option.some(action.trigger) })),
          Option.none()
        )
      }
    case "AckProgress":
      return advance(started, next)
    case "EnergyCheck":
    case "Summary":
      return started
  }
}

/** Apply a disposition the user chose through `propose_disposition` (act stage). */
export const applyDisposition = (state: SessionState, item: ItemName, disposition: ItemDisposition): SessionState => {
  switch (disposition._tag) {
    case "Trash":
      return place(state, Option.some(item), "out", resumedPhase(state))
    case "Keep":
    case "PlaceAt":
      return place(state, Option.some(item), "belongs", resumedPhase(state))
    case "Unsure":
      return place(state, Option.some(item), "unsure", resumedPhase(state))
    case "SkipForNow":
      return state
  }
}

/** The item a decision is about: the one just named, else the one being discussed, else the next in the category. */
const targetItem = (state: SessionState, extract: Extract): Option.Option<ItemName> =>
  Option.orElse(
    state.phaseData._tag === "DecisionSupport" ? Option.some(state.phaseData.stuckItem) : extract.item,
    () =>
      Option.orElse(currentItem(state), () =>
        state.phaseData._tag === "Refining" ? Arr.head(state.phaseData.current.items) : Option.none())
  )

const resumedPhase = (state: SessionState): Phase =>
  state.phaseData._tag === "DecisionSupport" ? state.phaseData.resume._tag : state.phaseData._tag

/** A DecisionSupport detour ends when decide routes anywhere else: back to the phase it interrupted. */
const leaving = (data: PhaseData, next: Phase): PhaseData =>
  data._tag === "DecisionSupport" && next !== "DecisionSupport" ? data.resume : data

const gather = (data: PhaseData, extract: Extract): PhaseData =>
  data._tag !== "Surveying" ? data : {
    ...data,
    gatheredFunction: Option.orElse(extract.function, () => data.gatheredFunction),
    gatheredAnchors: [...data.gatheredAnchors, ...Option.getOrElse(extract.anchors, () => [])]
  }

const startSorting = (data: PhaseData, extract: Extract): PhaseData => {
  if (data._tag !== "Surveying") return data
  const gathered = gather(data, extract)
  if (gathered._tag !== "Surveying") return gathered
  return {
    _tag: "Sorting",
    active: {
      function: Option.getOrElse(gathered.gatheredFunction, () => defaultFunction),
      anchors: gathered.gatheredAnchors,
      lastAnxiety: Option.none()
    },
    currentItem: Option.none()
  }
}

const withCurrentItem = <D extends PhaseData>(data: D, item: Option.Option<ItemName>): D =>
  data._tag === "Sorting" || data._tag === "Refining" ? { ...data, currentItem: item } : data

const mapActive = (data: PhaseData, f: (a: ActiveState) => ActiveState): PhaseData => {
  switch (data._tag) {
    case "Surveying":
      return data
    case "DecisionSupport":
      return { ...data, resume: { ...data.resume, active: f(data.resume.active) } }
    default:
      return { ...data, active: f(data.active) }
  }
}

/** Remove one occurrence of `item` from a list, if it is there. */
const removeOne = (items: ReadonlyArray<ItemName>, item: ItemName): { readonly rest: ReadonlyArray<ItemName>; readonly found: boolean } => {
  const i = items.findIndex((x) => sameText(x, item))
  return i === -1 ? { rest: items, found: false } : { rest: [...items.slice(0, i), ...items.slice(i + 1)], found: true }
}

/**
 * Move `item` to `pile`: out of its category (Refining) or the unsure pile if
 * it is there, else it is new to the session. A DecisionSupport detour returns
 * to the phase it interrupted. Deciding an item the user was anxious about
 * clears that anxiety.
 */
const place = (state: SessionState, item: Option.Option<ItemName>, pile: Pile, next: Phase): SessionState => {
  if (Option.isNone(item)) return state
  const it = item.value
  const base = leaving(state.phaseData, next)
  let phaseData: PhaseData = base
  let piles = state.piles
  const fromCategory = base._tag === "Refining" ? removeOne(base.current.items, it) : { rest: [], found: false }
  if (base._tag === "Refining" && fromCategory.found) {
    phaseData = { ...base, current: { ...base.current, items: fromCategory.rest } }
  } else {
    const fromUnsure = removeOne(piles.unsure, it)
    if (fromUnsure.found) piles = { ...piles, unsure: fromUnsure.rest }
  }
  piles = { ...piles, [pile]: [...piles[pile], it] }
  phaseData = withCurrentItem(
    mapActive(phaseData, (a) => Option.exists(a.lastAnxiety, (t) => mentions(it, t)) ? { ...a, lastAnxiety: Option.none() } : a),
    Option.none()
  )
  return { ...state, phaseData, piles, itemsProcessed: state.itemsProcessed + 1 }
}

/** AckProgress moves between Splitting, Refining's categories and back to Sorting. */
const advance = (state: SessionState, next: Phase): SessionState => {
  const data = state.phaseData
  if (data._tag === "Splitting" && next === "Refining") {
    const [first, ...rest] = distribute(data.categories, state.piles.unsure)
    const refining: RefiningData = { _tag: "Refining", active: data.active, current: first, upcoming: rest, currentItem: Option.none() }
    return { ...state, phaseData: refining, piles: { ...state.piles, unsure: [] } }
  }
  if (data._tag === "Refining" && next === "Refining") {
    return Option.match(Arr.head(data.upcoming), {
      onNone: () => state,
      onSome: (nextCategory) => ({
        ...state,
        phaseData: {
          ...data,
          current: nextCategory,
          // A category left with items goes to the back of the queue rather than being lost.
          upcoming: [...data.upcoming.slice(1), ...(data.current.items.length > 0 ? [data.current] : [])],
          currentItem: Option.none()
        }
      })
    })
  }
  if (data._tag === "Refining" && next === "Sorting") {
    const leftovers = [data.current, ...data.upcoming].flatMap((c) => c.items)
    return {
      ...state,
      phaseData: { _tag: "Sorting", active: data.active, currentItem: Option.none() },
      piles: { ...state.piles, unsure: [...state.piles.unsure, ...leftovers] }
    }
  }
  return state
}
