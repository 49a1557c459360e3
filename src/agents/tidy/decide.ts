/**
 * DECIDE: the pure routing step of the tidy OODA loop (seeds/001 Decide.hs).
 *
 * `(state, photo, extract) → [Action, Phase]`: total, no Effect, no model.
 * Patterns, in order:
 * - any phase: "stop" → Summary;
 * - photo-aware: Buried → FirstInstruction (skip the questions); a blocked
 *   function with a known function → start sorting; Clear → acknowledge;
 * - care, before anything about items (past the seed): distress (grief,
 *   anxiety, shame, "I can't") → PivotAway, never a card about the item;
 *   overwhelm → FirstInstruction (one small step); tired → EnergyCheck;
 *   refusal ("no, not now") → the split waits, or the item goes on the later
 *   list. A thing the user was anxious about comes back only when they name it,
 *   and then as a gentle DecisionAid;
 * - Surveying: ask the function, then the anchors, then start;
 * - Sorting: decisions → Instruct*; the unsure pile past 5 → InstructSplit
 *   (the decision of that message is applied first); help → DecisionAid; a
 *   named item → AskItemDecision, always, so a named item is never dropped;
 *   "next" → the next thing named together with another, if one waits;
 * - Splitting: yes → Refining; anything else is read as in Sorting;
 * - Refining walks each category's items; DecisionSupport: a decision returns
 *   to the interrupted phase.
 */
import { Array as Arr, Option, Schema } from "effect"
import type { Action } from "../../domain/tidy/action.js"
import { categorize } from "../../domain/tidy/categories.js"
import type { Extract, PhotoAnalysis } from "../../domain/tidy/extract.js"
import { distressing } from "../../domain/tidy/extract.js"
import type { DecisionSupportData, Phase, RefiningData, SessionState, SortingData, SurveyingData } from "../../domain/tidy/state.js"
import { currentItem, phase, waitingToAsk } from "../../domain/tidy/state.js"
import type { ItemName } from "../../domain/tidy/types.js"
import { AnxietyTrigger, Location, mentions, sameText } from "../../domain/tidy/types.js"

export type Decision = readonly [Action, Phase]

/** Past this many unsure items, the pile is split into categories. */
export const splitThreshold = 5

const nearestClearSurface = Schema.decodeSync(Location)("the nearest clear surface")
const thatOne = Schema.decodeSync(AnxietyTrigger)("that")

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
      return care(state, photo, extract, "Sorting") ?? decideSorting(state, data, extract)
    case "Splitting":
      if (Option.exists(extract.feeling, (f) => f === "refusal")) {
        return [{ _tag: "AckProgress", message: "No problem, the unsure pile can wait. What's next?" }, "Sorting"]
      }
      return care(state, photo, extract, "Splitting") ??
        (extract.intent === "continue" || extract.intent === "start"
          ? [{ _tag: "AckProgress", message: `Let's start with ${data.categories[0]}.` }, "Refining"]
          : decideSorting(state, { _tag: "Sorting", active: data.active, currentItem: Option.none(), splitDeclinedAt: state.piles.unsure.length }, extract))
    case "Refining":
      return care(state, photo, extract, "Refining") ?? decideRefining(data, extract)
    case "DecisionSupport":
      // A pivot leaves the stuck item and returns to the interrupted phase; an energy check stays.
      return care(state, photo, extract, "DecisionSupport", data.resume._tag) ?? decideStuck(state, data, extract)
  }
}

const decideSurveying = (data: SurveyingData, photo: Option.Option<PhotoAnalysis>, extract: Extract): Decision => {
  if (Option.exists(photo, (p) => p.chaosLevel === "Buried")) return [{ _tag: "FirstInstruction" }, "Sorting"]
  // Distress or overwhelm before the questions are done: skip them, one small step instead.
  if (Option.exists(extract.feeling, (f) => f === "overwhelm" || distressing(f))) return [{ _tag: "FirstInstruction" }, "Sorting"]
  if (Option.exists(extract.feeling, (f) => f === "tired" || f === "refusal")) return [{ _tag: "EnergyCheck" }, "Surveying"]
  const knownFunction = Option.isSome(extract.function) || Option.isSome(data.gatheredFunction)
  if (!knownFunction) return [{ _tag: "AskFunction" }, "Surveying"]
  if (Option.exists(photo, (p) => p.blockedFunction !== undefined)) return [{ _tag: "FirstInstruction" }, "Sorting"]
  // The function was known before this message, or anchors came with it: enough to start.
  if (Option.isSome(data.gatheredFunction) || Option.isSome(extract.anchors)) {
    return [{ _tag: "FirstInstruction" }, "Sorting"]
  }
  return [{ _tag: "AskAnchors" }, "Surveying"]
}

/** How the user sounds comes before anything about items; `undefined` when nothing needs care. */
const care = (
  state: SessionState,
  photo: Option.Option<PhotoAnalysis>,
  extract: Extract,
  stay: Phase,
  resume: Phase = stay
): Decision | undefined => {
  const pivotTo = Option.getOrElse(
    Option.flatMap(photo, (p) => Option.flatMap(Option.fromNullable(p.firstTarget), Location.fromText)),
    () => nearestClearSurface
  )
  const feeling = extract.feeling
  if (Option.isSome(extract.anxiety) || Option.exists(feeling, distressing)) {
    const trigger = Option.getOrElse(Option.orElse(extract.anxiety, () => Option.flatMap(currentItem(state), (i) => AnxietyTrigger.fromText(i))), () => thatOne)
    return [{ _tag: "PivotAway", trigger, location: pivotTo }, stay === "Splitting" ? "Sorting" : resume]
  }
  if (Option.exists(feeling, (f) => f === "overwhelm")) return [{ _tag: "FirstInstruction" }, stay === "Splitting" ? "Sorting" : resume]
  if (extract.tired || Option.exists(feeling, (f) => f === "tired")) return [{ _tag: "EnergyCheck" }, stay]
  if (Option.exists(feeling, (f) => f === "refusal")) return [{ _tag: "InstructLater" }, resume]
  // The user came back to a thing they were anxious about: gentle support, never a bare card.
  const deciding = extract.intent === "decided" && Option.isSome(extract.choice)
  const returning = Option.filter(extract.item, (item) => !deciding && state.avoid.some((t) => mentions(item, t)))
  if (Option.isSome(returning)) return [{ _tag: "DecisionAid", item: returning.value }, "DecisionSupport"]
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

/** The unsure pile may be split: past the threshold, and grown again since the user last said "not now". */
const splitDue = (data: SortingData, unsure: number): boolean =>
  unsure > splitThreshold && (data.splitDeclinedAt === undefined || unsure >= data.splitDeclinedAt + splitThreshold)

/** The categories of the unsure pile, with `extra` on it too. */
const splitOf = (state: SessionState, extra: Option.Option<ItemName>): Action | undefined => {
  const pile = [...state.piles.unsure, ...Option.toArray(Option.filter(extra, (i) => !state.piles.unsure.includes(i)))]
  return Arr.isNonEmptyReadonlyArray(pile) ? { _tag: "InstructSplit", categories: categorize(pile) } : undefined
}

const decideSorting = (state: SessionState, data: SortingData, extract: Extract): Decision => {
  const item = Option.orElse(extract.item, () => data.currentItem)
  const decided = instruction(item, extract)
  if (decided !== undefined) {
    // This decision makes the unsure pile too big: it lands there, then the split is offered.
    const grows = decided._tag === "InstructUnsure" && !Option.exists(item, (i) => state.piles.unsure.includes(i))
    const split = grows && splitDue(data, state.piles.unsure.length + 1) ? splitOf(state, item) : undefined
    return split === undefined ? [decided, "Sorting"] : [split, "Splitting"]
  }
  if (Option.isSome(extract.item)) {
    return extract.intent === "help"
      ? [{ _tag: "DecisionAid", item: extract.item.value }, "DecisionSupport"]
      : [{ _tag: "AskItemDecision", item: extract.item.value }, "Sorting"]
  }
  const split = splitDue(data, state.piles.unsure.length) ? splitOf(state, Option.none()) : undefined
  if (split !== undefined && extract.intent !== "help") return [split, "Splitting"]
  if (extract.intent === "help" && Option.isSome(item)) return [{ _tag: "DecisionAid", item: item.value }, "DecisionSupport"]
  if (extract.intent !== "continue" && extract.intent !== "start") return [{ _tag: "AskWhatIsIt" }, "Sorting"]
  // "next": a thing named earlier together with another comes up, one card at a time.
  return Option.match(Arr.head(waitingToAsk(state)), {
    onSome: (waiting): Decision => [{ _tag: "AskItemDecision", item: waiting }, "Sorting"],
    onNone: (): Decision => [{ _tag: "InstructNext" }, "Sorting"]
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

const decideStuck = (state: SessionState, data: DecisionSupportData, extract: Extract): Decision => {
  const back = data.resume._tag
  // Another thing named: the stuck one waits on the later list, and the new one is handled as the interrupted phase would.
  if (Option.exists(extract.item, (i) => !sameText(i, data.stuckItem))) {
    const resume = data.resume
    switch (resume._tag) {
      case "Sorting":
        return decideSorting(state, resume, extract)
      case "Refining":
        return decideRefining(resume, extract)
      case "Splitting":
        return decideSorting(state, { _tag: "Sorting", active: resume.active, currentItem: Option.none(), splitDeclinedAt: state.piles.unsure.length }, extract)
    }
  }
  const decided = instruction(Option.some(data.stuckItem), extract)
  if (decided !== undefined && decided._tag !== "AskItemDecision") return [decided, back]
  // Still stuck after the reframe: park it in the unsure pile and keep moving.
  if (extract.intent === "help" || extract.intent === "continue") return [{ _tag: "InstructUnsure" }, back]
  return [{ _tag: "DecisionAid", item: data.stuckItem }, "DecisionSupport"]
}
