/**
 * TRANSITION: the pure state update after decide (seeds/001 Loop.hs
 * `applyStateTransitionFromExtract` / `transitionPhaseData`).
 *
 * Bookkeeping you can trust: every item the user names is held in exactly
 * one place — a pile, an emergent category, or the later list. Naming an
 * item puts it on the later list until it is decided; a decision moves it
 * (from wherever it is) to its pile, never copies it; skipping it ("not now",
 * a card's timeout) leaves it on the later list; a pivot away from something
 * hard moves it there too, so the coach never walks back to it. Entering
 * Refining distributes the unsure pile over the categories; leaving Refining
 * puts what is left back on the unsure pile. `itemsProcessed` is recounted
 * from the items held, so it counts items, never decisions. `sessionStart`
 * is set on the first turn from the time the caller read from `Clock`.
 */
import { absurd, Array as Arr, DateTime, Option, Schema } from "effect"
import type { Action } from "../../domain/tidy/action.js"
import { distribute } from "../../domain/tidy/categories.js"
import type { Extract } from "../../domain/tidy/extract.js"
import type { ItemDisposition } from "../../domain/question.js"
import type { ActiveState, Phase, PhaseData, Piles, RefiningData, SessionState } from "../../domain/tidy/state.js"
import { activeState, currentItem, recount } from "../../domain/tidy/state.js"
import type { AnxietyTrigger, ItemName } from "../../domain/tidy/types.js"
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
  // Every other thing named in the message is held on the later list, so none is lost, and queued to be asked about next.
  const held = extract.alsoNamed.reduce(hold, step(started, extract, action, next))
  return recount(extract.alsoNamed.length === 0 ? held : { ...held, upNext: [...held.upNext, ...extract.alsoNamed] })
}

const step = (started: SessionState, extract: Extract, action: Action, next: Phase): SessionState => {
  const item = targetItem(started, extract)
  switch (action._tag) {
    case "AskFunction":
    case "AskAnchors":
      return { ...started, phaseData: gather(started.phaseData, extract) }
    case "FirstInstruction": {
      // A thing named with the overwhelm or distress that skipped the questions is kept, and set aside if it was hard.
      const left = leave(started, next)
      const named = Option.match(extract.item, { onNone: () => left, onSome: (i) => hold(left, i) })
      const hard = Option.filter(extract.anxiety, (t) => t !== "that" && !named.avoid.some((a) => sameText(a, t)))
      return { ...named, avoid: [...named.avoid, ...Option.toArray(hard)], phaseData: withCurrentItem(startSorting(named.phaseData, extract), Option.none()) }
    }
    case "AskItemDecision": {
      // Asked about now: no longer waiting to be asked (a skip leaves it on the later list, not in the queue).
      const left = leave(started, next)
      return {
        ...hold(left, action.item),
        upNext: left.upNext.filter((i) => !sameText(i, action.item)),
        phaseData: withCurrentItem(left.phaseData, Option.some(action.item))
      }
    }
    case "InstructTrash":
      return place(started, item, "out", next)
    case "InstructKeep":
    case "InstructPlace":
      return place(started, item, "belongs", next)
    case "InstructUnsure":
      return place(started, item, "unsure", next)
    case "InstructLater": {
      const left = leave(started, next)
      const held = Option.match(currentItem(started), { onNone: () => left, onSome: (i) => moveHeld(left, i, "later") })
      return { ...held, phaseData: withCurrentItem(held.phaseData, Option.none()) }
    }
    case "InstructNext":
    case "AskWhatIsIt": {
      const left = leave(started, next)
      return { ...left, phaseData: withCurrentItem(left.phaseData, Option.none()) }
    }
    case "InstructSplit": {
      // The message's own decision ("scarf, not sure") lands first, then the split starts.
      const decided = Option.isSome(extract.choice) ? place(started, item, "unsure", "Sorting") : started
      const active = activeState(decided.phaseData)
      return Option.isNone(active)
        ? decided
        : { ...decided, phaseData: { _tag: "Splitting", active: active.value, categories: action.categories } }
    }
    case "DecisionAid": {
      const data = started.phaseData
      const resume = data._tag === "DecisionSupport" ? data.resume : data._tag === "Surveying" ? undefined : data
      return resume === undefined
        ? started
        : { ...hold(started, action.item), phaseData: { _tag: "DecisionSupport", stuckItem: action.item, resume: withCurrentItem(resume, Option.none()) } }
    }
    case "PivotAway":
      return pivot(started, extract, action.trigger, next)
    case "AckProgress":
      return advance(leave(started, next), next)
    case "EnergyCheck":
    case "Summary":
      return started
  }
}

/** Apply a disposition the user chose through a card (act stage); a skip puts the item on the later list. */
export const applyDisposition = (state: SessionState, item: ItemName, disposition: ItemDisposition): SessionState => {
  switch (disposition._tag) {
    case "Trash":
      return recount(place(state, Option.some(item), "out", resumedPhase(state)))
    case "Keep":
    case "PlaceAt":
      return recount(place(state, Option.some(item), "belongs", resumedPhase(state)))
    case "Unsure":
      return recount(place(state, Option.some(item), "unsure", resumedPhase(state)))
    case "SkipForNow":
      // Still the item under discussion, so "keep it" or "help" right after refers to it.
      return recount(moveTo(state, item, "later"))
  }
}

/** The item a decision is about: the one just named, else the one being discussed, else the next in the category. */
const targetItem = (state: SessionState, extract: Extract): Option.Option<ItemName> =>
  Option.orElse(
    extract.item,
    () =>
      Option.orElse(currentItem(state), () =>
        state.phaseData._tag === "Refining" ? Arr.head(state.phaseData.current.items) : Option.none())
  )

const resumedPhase = (state: SessionState): Phase =>
  state.phaseData._tag === "DecisionSupport" ? state.phaseData.resume._tag : state.phaseData._tag

/**
 * Leave a detour when decide routes elsewhere: DecisionSupport returns to the
 * phase it interrupted; Splitting that is not taken up returns to Sorting
 * (the split waits until the pile grows again).
 */
const leave = (state: SessionState, next: Phase): SessionState => {
  const data = state.phaseData._tag === "DecisionSupport" && next !== "DecisionSupport" ? state.phaseData.resume : state.phaseData
  if (data._tag === "Splitting" && next === "Sorting") {
    return { ...state, phaseData: { _tag: "Sorting", active: data.active, currentItem: Option.none(), splitDeclinedAt: state.piles.unsure.length } }
  }
  return data === state.phaseData ? state : { ...state, phaseData: data }
}

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
    case "Sorting":
    case "Splitting":
    case "Refining":
      return { ...data, active: f(data.active) }
  }
  return absurd(data)
}

/** Remove one occurrence of `item` from a list, if it is there. */
const removeOne = (items: ReadonlyArray<ItemName>, item: ItemName): { readonly rest: ReadonlyArray<ItemName>; readonly found: boolean } => {
  const i = items.findIndex((x) => sameText(x, item))
  return i === -1 ? { rest: items, found: false } : { rest: [...items.slice(0, i), ...items.slice(i + 1)], found: true }
}

/** Take one occurrence of `item` from wherever the session holds it: its category, the unsure pile, later, a decided pile. */
const take = (state: SessionState, item: ItemName): { readonly state: SessionState; readonly found: boolean } => {
  const data = state.phaseData._tag === "DecisionSupport" ? state.phaseData.resume : state.phaseData
  if (data._tag === "Refining") {
    const categories = [data.current, ...data.upcoming]
    const at = categories.findIndex((c) => c.items.some((x) => sameText(x, item)))
    const category = categories[at]
    if (category !== undefined) {
      const emptied = { ...category, items: removeOne(category.items, item).rest }
      const refining: RefiningData = at === 0
        ? { ...data, current: emptied }
        : { ...data, upcoming: data.upcoming.map((c, i) => (i === at - 1 ? emptied : c)) }
      const phaseData: PhaseData = state.phaseData._tag === "DecisionSupport" ? { ...state.phaseData, resume: refining } : refining
      return { state: { ...state, phaseData }, found: true }
    }
  }
  const lists = [["unsure", state.piles.unsure], ["later", state.later], ["belongs", state.piles.belongs], ["out", state.piles.out]] as const
  for (const [where, items] of lists) {
    const { rest, found } = removeOne(items, item)
    if (!found) continue
    return where === "later"
      ? { state: { ...state, later: rest }, found: true }
      : { state: { ...state, piles: { ...state.piles, [where]: rest } }, found: true }
  }
  return { state, found: false }
}

/** Is `item` held anywhere yet? */
const holds = (state: SessionState, item: ItemName): boolean => take(state, item).found

/** A named item the session does not hold yet goes on the later list until it is decided. */
const hold = (state: SessionState, item: ItemName): SessionState => (holds(state, item) ? state : { ...state, later: [...state.later, item] })

/** Move `item` to a pile or the later list: taken from wherever it is, never copied. */
const moveTo = (state: SessionState, item: ItemName, where: Pile | "later"): SessionState => {
  const taken = take(state, item).state
  return where === "later"
    ? { ...taken, later: [...taken.later, item] }
    : { ...taken, piles: { ...taken.piles, [where]: [...taken.piles[where], item] } }
}

/** Move `item` only if the session holds it. */
const moveHeld = (state: SessionState, item: ItemName, where: Pile | "later"): SessionState =>
  holds(state, item) ? moveTo(state, item, where) : state

/**
 * Decide `item` into `pile`. A DecisionSupport detour returns to the phase it
 * interrupted. Deciding an item the user was anxious about clears that anxiety.
 */
const place = (state: SessionState, item: Option.Option<ItemName>, pile: Pile, next: Phase): SessionState => {
  if (Option.isNone(item)) return state
  const it = item.value
  const moved = moveTo(leave(state, next), it, pile)
  const calmer = (a: ActiveState): ActiveState => Option.exists(a.lastAnxiety, (t) => mentions(it, t)) ? { ...a, lastAnxiety: Option.none() } : a
  return {
    ...moved,
    avoid: moved.avoid.filter((t) => !mentions(it, t)),
    phaseData: withCurrentItem(mapActive(moved.phaseData, calmer), Option.none())
  }
}

/**
 * Steer away from what is hard: the trigger is remembered (lastAnxiety and the
 * avoid list), the thing named is held, and every undecided item that matches
 * it moves to the later list, so no walk through a pile brings it back.
 */
const pivot = (state: SessionState, extract: Extract, trigger: AnxietyTrigger, next: Phase): SessionState => {
  const left = leave(state, next)
  const named = Option.match(extract.item, { onNone: () => left, onSome: (i) => hold(left, i) })
  const undecided = [...named.piles.unsure, ...Arr.flatMap(emergentOf(named), (c) => c.items)]
  const specific = trigger !== "that"
  const hard = specific ? undecided.filter((i) => mentions(i, trigger)) : []
  const current = Option.toArray(currentItem(state))
  const setAside = [...hard, ...current, ...Option.toArray(extract.item)].reduce((s, i) => moveHeld(s, i, "later"), named)
  return {
    ...setAside,
    avoid: specific && !setAside.avoid.some((t) => sameText(t, trigger)) ? [...setAside.avoid, trigger] : setAside.avoid,
    phaseData: withCurrentItem(
      mapActive(setAside.phaseData, (a) => (specific ? { ...a, lastAnxiety: Option.some(trigger) } : a)),
      Option.none()
    )
  }
}

const emergentOf = (state: SessionState) => {
  const data = state.phaseData._tag === "DecisionSupport" ? state.phaseData.resume : state.phaseData
  return data._tag === "Refining" ? [data.current, ...data.upcoming] : []
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
