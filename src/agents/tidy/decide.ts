/**
 * DECIDE: the pure routing step of the tidy OODA loop (seeds/001 Decide.hs).
 *
 * `(state, photo, extract) → [Action, Phase]`: total, no Effect, no model.
 * Patterns, in order:
 * - any phase: "stop" → Summary;
 * - photo-aware: Buried → FirstInstruction (skip the questions); a blocked
 *   function with a known function → start sorting; Clear → acknowledge;
 * - anxiety: the user names something that worries them → PivotAway; coming
 *   back to it without deciding it → PivotAway again (lastAnxiety is used,
 *   past the seed); tired → EnergyCheck;
 * - Surveying: ask the function, then the anchors, then start;
 * - Sorting: decisions → Instruct*, unsure pile > 5 → InstructSplit, help →
 *   DecisionAid (a DecisionSupport detour), a named item → AskItemDecision;
 * - Splitting → Refining; Refining walks each category's items;
 * - DecisionSupport: a decision returns to the interrupted phase.
 */
import { Array as Arr, Option, Schema } from "effect"
import type { Action } from "../../domain/tidy/action.js"
import { categorize } from "../../domain/tidy/categories.js"
import type { Extract, PhotoAnalysis } from "../../domain/tidy/extract.js"
import type {
  ActiveState,
  DecisionSupportData,
  Phase,
  RefiningData,
  SessionState,
  SortingData,
  SurveyingData
} from "../../domain/tidy/state.js"
import { phase } from "../../domain/tidy/state.js"
import type { ItemName } from "../../domain/tidy/types.js"
import { Location, mentions } from "../../domain/tidy/types.js"

export type Decision = readonly [Action, Phase]

/** Past this many unsure items, the pile is split into categories. */
export const splitThreshold = 5

const nearestClearSurface = Schema.decodeSync(Location)("the nearest clear surface")

export const decide = (state: SessionState, photo: Option.Option<PhotoAnalysis>, extract: Extract): Decision => {
  const here = phase(state)
  if (extract.intent === "stop") return [{ _tag: "Summary" }, here]
  const clear = Option.exists(photo, (p) => p.chaosLevel === "Clear")
  if (clear && (extract.intent === "start" || extract.intent === "continue") && here !== "Surveying") {
    return [{ _tag: "AckProgress", message: "That looks so much clearer. Nice work." }, here]
  }
  const data = state.phaseData
  switch (data._tag) {
    case "Surveying":
      return decideSurveying(data, photo, extract)
    case "Sorting":
      return avoidAnxiety(data.active, photo, extract, "Sorting") ?? decideSorting(state, data, extract)
    case "Splitting":
      return avoidAnxiety(data.active, photo, extract, "Splitting") ??
        [{ _tag: "AckProgress", message: `Let's start with ${data.categories[0]}.` }, "Refining"]
    case "Refining":
      return avoidAnxiety(data.active, photo, extract, "Refining") ?? decideRefining(data, extract)
    case "DecisionSupport":
      // A pivot leaves the stuck item and returns to the interrupted phase; an energy check stays.
      return avoidAnxiety(data.resume.active, photo, extract, "DecisionSupport", data.resume._tag) ?? decideStuck(data, extract)
  }
}

const decideSurveying = (data: SurveyingData, photo: Option.Option<PhotoAnalysis>, extract: Extract): Decision => {
  if (Option.exists(photo, (p) => p.chaosLevel === "Buried")) return [{ _tag: "FirstInstruction" }, "Sorting"]
  const knownFunction = Option.isSome(extract.function) || Option.isSome(data.gatheredFunction)
  if (!knownFunction) return [{ _tag: "AskFunction" }, "Surveying"]
  if (Option.exists(photo, (p) => p.blockedFunction !== undefined)) return [{ _tag: "FirstInstruction" }, "Sorting"]
  // The function was known before this message, or anchors came with it: enough to start.
  if (Option.isSome(data.gatheredFunction) || Option.isSome(extract.anchors)) {
    return [{ _tag: "FirstInstruction" }, "Sorting"]
  }
  return [{ _tag: "AskAnchors" }, "Surveying"]
}

/** Steer away from what worries the user, or check their energy; `undefined` when neither applies. */
const avoidAnxiety = (
  active: ActiveState,
  photo: Option.Option<PhotoAnalysis>,
  extract: Extract,
  stay: Phase,
  pivotPhase: Phase = stay
): Decision | undefined => {
  const pivotTo = Option.getOrElse(
    Option.flatMap(photo, (p) => Option.flatMap(Option.fromNullable(p.firstTarget), Location.fromText)),
    () => nearestClearSurface
  )
  if (Option.isSome(extract.anxiety)) {
    return [{ _tag: "PivotAway", trigger: extract.anxiety.value, location: pivotTo }, pivotPhase]
  }
  // Coming back to the worrying thing is fine only as a decision about it.
  const deciding = extract.intent === "decided" && Option.isSome(extract.choice)
  const returning = Option.flatMap(active.lastAnxiety, (trigger) =>
    Option.filter(extract.item, (item) => !deciding && mentions(item, trigger)).pipe(Option.as(trigger)))
  if (Option.isSome(returning)) return [{ _tag: "PivotAway", trigger: returning.value, location: pivotTo }, pivotPhase]
  if (extract.tired) return [{ _tag: "EnergyCheck" }, stay]
  return undefined
}

/** An instruction for a decided item; `undefined` when the extract holds no usable decision. */
const instruction = (item: Option.Option<ItemName>, extract: Extract): Action | undefined => {
  if (Option.isNone(extract.choice)) return undefined
  if (Option.isNone(item)) return { _tag: "AskWhatIsIt" }
  switch (extract.choice.value) {
    case "trash":
      return { _tag: "InstructTrash" }
    case "keep":
      return { _tag: "InstructKeep" }
    case "unsure":
      return { _tag: "InstructUnsure" }
    case "place":
      return Option.match(extract.place, {
        onNone: (): Action => ({ _tag: "AskItemDecision", item: item.value }),
        onSome: (location): Action => ({ _tag: "InstructPlace", location })
      })
  }
}

const decideSorting = (state: SessionState, data: SortingData, extract: Extract): Decision => {
  const item = Option.orElse(extract.item, () => data.currentItem)
  const decided = instruction(item, extract)
  if (decided !== undefined) return [decided, "Sorting"]
  const unsure = state.piles.unsure
  if (unsure.length > splitThreshold && Arr.isNonEmptyReadonlyArray(unsure)) {
    return [{ _tag: "InstructSplit", categories: categorize(unsure) }, "Splitting"]
  }
  return Option.match(item, {
    onNone: (): Decision =>
      extract.intent === "continue" || extract.intent === "start"
        ? [{ _tag: "InstructNext" }, "Sorting"]
        : [{ _tag: "AskWhatIsIt" }, "Sorting"],
    onSome: (named): Decision =>
      extract.intent === "help"
        ? [{ _tag: "DecisionAid", item: named }, "DecisionSupport"]
        : extract.intent === "continue" && Option.isNone(extract.item)
        ? [{ _tag: "InstructNext" }, "Sorting"]
        : [{ _tag: "AskItemDecision", item: named }, "Sorting"]
  })
}

const decideRefining = (data: RefiningData, extract: Extract): Decision => {
  const item = Option.orElse(Option.orElse(extract.item, () => data.currentItem), () => Arr.head(data.current.items))
  const decided = instruction(item, extract)
  if (decided !== undefined) return [decided, "Refining"]
  if (extract.intent === "help" && Option.isSome(item)) return [{ _tag: "DecisionAid", item: item.value }, "DecisionSupport"]
  if (Option.isSome(extract.item)) return [{ _tag: "AskItemDecision", item: extract.item.value }, "Refining"]
  // Nothing decided: the next item of this category, or the next category.
  return Option.match(Arr.head(data.current.items), {
    onSome: (next): Decision => [{ _tag: "AskItemDecision", item: next }, "Refining"],
    onNone: (): Decision =>
      Option.match(Arr.head(data.upcoming), {
        onSome: (category): Decision => [{ _tag: "AckProgress", message: `${data.current.name}: done. Next, ${category.name}.` }, "Refining"],
        onNone: (): Decision => [{ _tag: "AckProgress", message: "Every pile is sorted." }, "Sorting"]
      })
  })
}

const decideStuck = (data: DecisionSupportData, extract: Extract): Decision => {
  const back = data.resume._tag
  const decided = instruction(Option.some(data.stuckItem), extract)
  if (decided !== undefined && decided._tag !== "AskItemDecision") return [decided, back]
  // Still stuck after the reframe: park it in the unsure pile and keep moving.
  if (extract.intent === "help" || extract.intent === "continue") return [{ _tag: "InstructUnsure" }, back]
  return [{ _tag: "DecisionAid", item: data.stuckItem }, "DecisionSupport"]
}
